import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { browserSkipReason, screenshot, signIn, useE2E } from './harness';
import { api, estimateFor, sendProposalByApi } from './pageApi';

/**
 * Follow-ups through the real server (issue 39): a reminder sent from the Proposals panel shows
 * in its timeline and reaches the client; the client declines on the page, choosing a reason;
 * the office is told, and Home's pipeline links each stage to the estimates it counts.
 */
describe.skipIf(browserSkipReason())('follow-ups in the browser (issue 39)', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink?.close());
  const e2e = useE2E({ env: () => ({ SMTP_URL: sink.url, MAIL_FROM: 'office@greenfield.example' }) });

  test('a reminder from the panel, the decline with its reason, the notice and the pipeline’s links', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const quiet = await estimateFor(office, 'Quiet Pines HOA', 'Fall Cleanup', 120);
    const declining = await estimateFor(office, 'Birch Court', 'Spring Mulch', 90);
    const sent = await sendProposalByApi(office, quiet.id, { to: ['board@quietpines.example'] });
    const toDecline = await sendProposalByApi(office, declining.id, { to: ['board@birchcourt.example'] });

    // The panel: Send reminder now; the timeline says so, and the client gets it.
    await office.goto(`/estimates/${quiet.id}/detail`);
    const card = office.getByRole('article', { name: /Proposal sent/ });
    await card.getByRole('button', { name: 'Send reminder now' }).click();
    await office.getByText('A reminder will be emailed to the client.').waitFor();
    await card.getByRole('list', { name: 'Timeline' }).getByText('Reminder sent by hand').waitFor();
    await card.getByRole('switch', { name: 'Automatic reminders' }).waitFor();
    const reminders = (await sink.waitFor(3)).filter((mail) => mail.subject?.startsWith('Reminder:'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toContain(sent.link);
    await screenshot(office, 'proposal-follow-ups');

    // The client declines on the page (a fresh browser, no sign-in).
    const client = await e2e.newPage();
    await client.goto(toDecline.link);
    await client.getByText('Decline this proposal').click();
    // The office's reasons are offered (those marked office only are not).
    const reasons = client.getByRole('combobox', { name: 'Main reason (optional)' });
    expect(await reasons.locator('option').allTextContents()).toEqual(
      expect.arrayContaining(['Price', 'Timing', 'Chose another contractor']),
    );
    await reasons.selectOption('Price');
    await client.getByRole('button', { name: 'Decline proposal' }).click();
    await client.getByText('You declined this proposal. We have been told.').waitFor();

    // Home: the answer is news to the salesperson; each stage links to the estimates it counts.
    await office.goto('/home');
    const pipeline = office.getByRole('region', { name: 'Pipeline' });
    await pipeline
      .getByRole('region', { name: 'New answers from clients' })
      .getByText(/Birch Court declined proposal/)
      .waitFor();
    await pipeline.getByRole('table', { name: 'Lost by reason' }).getByRole('cell', { name: 'Price' }).waitFor();
    await screenshot(office, 'home-pipeline');
    await pipeline.getByRole('link', { name: /^Sent, not opened \d+ / }).click();
    await office.waitForURL('**/estimates?**');
    await office.getByText('Proposal: Sent, not opened').waitFor();
    await office.getByRole('cell', { name: 'Fall Cleanup' }).waitFor();
    expect(await office.getByRole('cell', { name: 'Spring Mulch' }).count()).toBe(0);
    const { proposals } = await api<{ proposals: { reminders: { kind: string }[] }[] }>(office, 'GET', `/estimates/${quiet.id}/proposals`);
    expect(proposals[0].reminders.map((reminder) => reminder.kind)).toEqual(['manual']);
  });
});
