import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/connection';
import { enqueueJob } from '../../server/jobs/queue';
import { JOB_KINDS } from '../../src/domain/jobs';
import { DEFAULT_FOLLOW_UPS } from '../../src/domain/followUps';
import { followUpMessages } from '../../src/schema/actions/followUps';
import { FIXTURE_COMPANY } from '../helpers/companyFixture';
import { createEstimate, saveCompany, type CreatedEstimate } from '../helpers/printFixtures';
import { sendBody } from '../helpers/proposalFixtures';
import { startSmtpSink, type SmtpSink } from '../helpers/smtpSink';
import { createTestApi, signedInStaff, TEST_SECRET, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const FROM = 'office@greenfield.example';
const PUBLIC_URL = 'https://yard.example';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Wednesday 2 December 2026, 17:30 in New York (EST, UTC−5): the send. */
const WEDNESDAY_1730 = Date.parse('2026-12-02T22:30:00Z');
/** Monday 7 December 2026, 08:00 in New York: day 3 is a Saturday, so the first reminder waits for this. */
const MONDAY_0800 = Date.parse('2026-12-07T13:00:00Z');

const tokenOf = (link: string) => link.split('/p/')[1];

/**
 * Issue 39, follow-ups: reminders mailed by the server's own schedule (a repeating job on the
 * app's clock, which the test moves instead of waiting), against a local SMTP server.
 */
describe.each(databaseKinds())('follow-ups on %s', (kind) => {
  let api: TestApi;
  let sink: SmtpSink;
  let estimate: CreatedEstimate;

  const listed = async (estimateID = estimate.id) => (await api.get(`/api/estimates/${estimateID}/proposals`)).body.proposals as any[];
  const proposalOf = async (id: number) => (await listed()).find((proposal) => proposal.id === id);
  const send = async (extra: Record<string, unknown> = {}) => {
    const res = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api, { validUntil: '2026-12-31', ...extra }));
    expect(res.status, res.raw).toBe(201);
    return { ...(res.body as { id: number; link: string }), estimateID: estimate.id };
  };
  /** The clock moved to `at`, then the schedule's look and the mail it queued. */
  const at = async (instant: number) => {
    await setClock(instant);
    await api.app.jobs.runPending([JOB_KINDS.followUps]);
    await api.app.mailer.deliverPending();
  };
  /** The clock moved to `instant`, signed in again (a token of the old clock would be expired or not yet valid). */
  const setClock = async (instant: number) => {
    api.clock.now = instant;
    api.token = await api.login();
  };
  /** The reminders mailed of this proposal (others left open by earlier tests are reminded too). */
  const remindersMailed = (sent: { link: string }) =>
    sink.messages.filter((message) => message.subject?.startsWith('Reminder:') && message.text?.includes(tokenOf(sent.link)));

  beforeAll(async () => {
    sink = await startSmtpSink();
    api = await createTestApi(kind, { mail: { smtpUrl: sink.url, mailFrom: FROM, publicUrl: PUBLIC_URL, timeoutMs: 3000 } });
    await setClock(WEDNESDAY_1730);
    await saveCompany(api);
  });
  afterAll(async () => {
    await api?.close();
    await sink?.close();
  });
  beforeEach(async () => {
    await setClock(WEDNESDAY_1730);
    estimate = await createEstimate(api, {
      projectName: 'Spring Refresh',
      areas: [{ name: 'Lawn', items: [{ name: 'Mow', quantity: 1, unitPrice: 80 }] }],
    });
    await api.app.mailer.deliverPending();
    sink.messages.length = 0;
  });

  it('the defaults: reminders on, 3 and 7 days after sending, 2 before expiry, 08:00–18:00 on weekdays', async () => {
    const res = await api.get('/api/company/followUps');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ ...DEFAULT_FOLLOW_UPS, version: 0 });
  });

  it('sent on a Wednesday at 17:30: the first reminder on Monday at 08:00 (day 3 is a Saturday), none after the client accepts on day 5', async () => {
    const sent = await send();
    expect((await proposalOf(sent.id)).nextReminderAt).toBe(new Date(MONDAY_0800).toISOString());
    await at(WEDNESDAY_1730 + 3 * DAY + 60_000);
    await at(MONDAY_0800 - 60_000);
    expect(remindersMailed(sent)).toEqual([]);

    await at(MONDAY_0800);
    const [reminder] = remindersMailed(sent);
    expect(reminder.subject).toBe(`Reminder: your proposal from ${FIXTURE_COMPANY.name}`);
    expect(reminder.text).toContain(`${PUBLIC_URL}/p/${tokenOf(sent.link)}`);
    expect(reminder.to).toMatchObject({ value: [{ address: 'client@maple.example' }] });
    const proposal = await proposalOf(sent.id);
    expect(proposal.reminders).toEqual([{ sentAt: new Date(MONDAY_0800).toISOString(), kind: 'after' }]);
    // Day 7 is Wednesday 9 December, at the time of day it was sent.
    expect(proposal.nextReminderAt).toBe('2026-12-09T22:30:00.000Z');
    // The schedule looking again the same minute finds nothing more to send.
    await at(MONDAY_0800 + 30_000);
    expect(remindersMailed(sent)).toHaveLength(1);

    const accepted = await api.request(
      'POST',
      `/api/public/proposals/${tokenOf(sent.link)}/accept`,
      {
        acceptedWorkAreaIDs: estimate.areaIDs,
        signerName: 'Pat Client',
        signature: { typed: 'Pat Client' },
      },
      null,
    );
    expect(accepted.status, accepted.raw).toBe(200);
    await at(Date.parse('2026-12-09T22:31:00Z'));
    await at(Date.parse('2026-12-29T13:00:00Z'));
    expect(remindersMailed(sent)).toHaveLength(1);
    expect((await proposalOf(sent.id)).nextReminderAt).toBeNull();
  });

  it('mailed again: the sequence starts again from then; paused: none', async () => {
    const sent = await send();
    await setClock(WEDNESDAY_1730 + DAY); // Thursday 17:30
    const again = await api.post(`/api/proposals/${sent.id}/resend`);
    expect(again.status, again.raw).toBe(200);
    // Day 3 from Thursday is Sunday: Monday 08:00 still; then day 7 from Thursday, Thursday 10 December.
    await at(MONDAY_0800);
    expect(remindersMailed(sent)).toHaveLength(1);
    expect((await proposalOf(sent.id)).nextReminderAt).toBe('2026-12-10T22:30:00.000Z');

    const paused = await api.put(`/api/proposals/${sent.id}/reminders`, { remindersPaused: true });
    expect(paused.status, paused.raw).toBe(200);
    expect(await proposalOf(sent.id)).toMatchObject({ remindersPaused: true, nextReminderAt: null });
    await at(Date.parse('2026-12-10T22:31:00Z'));
    expect(remindersMailed(sent)).toHaveLength(1);
    // A reminder sent by hand goes though, and is recorded as such.
    const manual = await api.post(`/api/proposals/${sent.id}/remind`);
    expect(manual.status, manual.raw).toBe(202);
    await api.app.mailer.deliverPending();
    expect(remindersMailed(sent)).toHaveLength(2);
    expect((await proposalOf(sent.id)).reminders.map((reminder: { kind: string }) => reminder.kind)).toEqual(['after', 'manual']);
  });

  it('two servers looking at once remind the proposal once', async () => {
    const sent = await send();
    const otherDatabase = kind === 'postgres' ? await openDatabase({ databaseUrl: api.database.url!, poolSize: 2 }) : api.database;
    const other = await buildApp({
      database: otherDatabase,
      jwtSecret: TEST_SECRET,
      now: () => api.clock.now,
      mail: { smtpUrl: sink.url, mailFrom: FROM, publicUrl: PUBLIC_URL },
      jobs: { run: false },
    });
    try {
      await other.ready();
      await setClock(MONDAY_0800);
      // A second look queued beside the schedule's own, as a second server's would be: each claims one.
      await enqueueJob(api.database.db, { kind: JOB_KINDS.followUps, maxAttempts: 1 }, 0);
      await Promise.all([api.app.jobs.runPending([JOB_KINDS.followUps]), other.jobs.runPending([JOB_KINDS.followUps])]);
      await api.app.mailer.deliverPending();
      expect(remindersMailed(sent)).toHaveLength(1);
      expect((await proposalOf(sent.id)).reminders).toHaveLength(1);
    } finally {
      await other.close();
      if (otherDatabase !== api.database) await otherDatabase.close();
    }
  });

  it('expires at the end of Valid until: accept 410, no reminder, a request for changes still reaches the office; extend reopens it', async () => {
    const sent = await send({ validUntil: '2026-12-04' });
    // Another estimate's proposal, past its last day too: its client asks for a new one.
    const first = estimate;
    estimate = await createEstimate(api, {
      projectName: 'Fall Cleanup',
      areas: [{ name: 'Beds', items: [{ name: 'Weed', quantity: 1, unitPrice: 60 }] }],
    });
    const late = await send({ validUntil: '2026-12-04' });
    estimate = first;
    // Friday 4 December 23:59 in New York is still the Friday: open.
    await setClock(Date.parse('2026-12-05T04:59:00Z'));
    expect((await proposalOf(sent.id)).status).toBe('sent');
    await setClock(Date.parse('2026-12-05T05:00:00Z'));
    expect((await proposalOf(sent.id)).status).toBe('expired');
    const token = tokenOf(sent.link);
    const accept = await api.request(
      'POST',
      `/api/public/proposals/${token}/accept`,
      {
        acceptedWorkAreaIDs: estimate.areaIDs,
        signerName: 'Pat Client',
        signature: { typed: 'Pat Client' },
      },
      null,
    );
    expect(accept.status).toBe(410);
    expect((await api.post(`/api/proposals/${sent.id}/remind`)).status).toBe(409);

    const extended = await api.post(`/api/proposals/${sent.id}/extend`, { validUntil: '2026-12-20' });
    expect(extended.status, extended.raw).toBe(200);
    expect(await proposalOf(sent.id)).toMatchObject({ status: 'sent', validUntil: '2026-12-20' });
    // Open again: the client's page counts this look as a view.
    expect((await api.request('GET', `/api/public/proposals/${token}`, undefined, null)).body.status).toBe('viewed');
    // The reminders start again from the extension (Saturday 00:00): day 3 is Tuesday, at the window's start.
    expect((await proposalOf(sent.id)).nextReminderAt).toBe('2026-12-08T13:00:00.000Z');

    await setClock(Date.parse('2026-12-06T15:00:00Z'));
    const changes = await api.request(
      'POST',
      `/api/public/proposals/${tokenOf(late.link)}/requestChanges`,
      { message: 'Can you quote again for spring?' },
      null,
    );
    expect(changes.status, changes.raw).toBe(200);
    const [lateListed] = (await api.get(`/api/estimates/${late.estimateID}/proposals`)).body.proposals;
    expect(lateListed.status).toBe('changesRequested');
    const refused = await api.post(`/api/proposals/${late.id}/extend`, { validUntil: '2026-12-20' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(followUpMessages.notExtendable);
  });

  it('hostile settings are refused naming the field, staff cannot change them, a stale version is a 409', async () => {
    const current = (await api.get('/api/company/followUps')).body;
    const body = (change: Record<string, unknown>) => ({ ...current, ...change });
    const cases: [Record<string, unknown>, string][] = [
      [{ afterDays: [0] }, 'afterDays'],
      [{ afterDays: [61] }, 'afterDays'],
      [{ afterDays: [1, 2, 3, 4, 5, 6] }, 'afterDays'],
      [{ afterDays: [3, 3] }, 'afterDays'],
      [{ afterDays: '3,7' }, 'afterDays'],
      [{ afterDays: [2.5] }, 'afterDays'],
      [{ beforeExpiryDays: -1 }, 'beforeExpiryDays'],
      [{ beforeExpiryDays: 1e9 }, 'beforeExpiryDays'],
      [{ sendFrom: '8am' }, 'sendFrom'],
      [{ sendFrom: '24:00' }, 'sendFrom'],
      [{ sendUntil: '07:00' }, 'sendUntil'],
      [{ enabled: 'yes' }, 'enabled'],
      [{ subject: '' }, 'subject'],
      [{ subject: 'Hi {custmer}' }, 'subject'],
      [{ subject: 'a\u0000b' }, 'subject'],
      [{ message: 'x'.repeat(10_001) }, 'message'],
      [{ version: 'x' }, 'version'],
    ];
    for (const [change, field] of cases) {
      const res = await api.put('/api/company/followUps', body(change));
      expect(res.status, `${JSON.stringify(change)}: ${res.raw}`).toBe(400);
      expect(Object.keys(res.body.errors)).toContain(field);
    }
    expect((await api.get('/api/company/followUps')).body).toEqual(current);

    const staff = await signedInStaff(api);
    expect((await api.request('PUT', '/api/company/followUps', body({ afterDays: [5] }), staff.token)).status).toBe(403);

    const saved = await api.put('/api/company/followUps', body({ afterDays: [7, 2], sendUntil: '17:00' }));
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({ afterDays: [2, 7], sendUntil: '17:00', version: 1 });
    const stale = await api.put('/api/company/followUps', body({ afterDays: [4] }));
    expect(stale.status).toBe(409);
    // Back to the defaults for the other tests.
    expect((await api.put('/api/company/followUps', { ...DEFAULT_FOLLOW_UPS, version: 1 })).status).toBe(200);
  });

  it('the office time zone counts the days: Valid until in the past there is refused, a bad name is a 400', async () => {
    const company = (await api.get('/api/company')).body;
    expect(company.timeZone).toBe('America/New_York');
    const bad = await api.put('/api/company', { ...company, timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('timeZone');
    // 2 December 23:30 in New York is already 3 December in Auckland.
    await setClock(Date.parse('2026-12-03T04:30:00Z'));
    const ok = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api, { validUntil: '2026-12-02' }));
    expect(ok.status, ok.raw).toBe(201);
    const moved = await api.put('/api/company', { ...company, timeZone: 'Pacific/Auckland' });
    expect(moved.status, moved.raw).toBe(200);
    try {
      const refused = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api, { validUntil: '2026-12-02' }));
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toHaveProperty('validUntil');
      expect((await proposalOf(ok.body.id)).status).toBe('expired');
    } finally {
      const now = (await api.get('/api/company')).body;
      expect((await api.put('/api/company', { ...now, timeZone: 'America/New_York' })).status).toBe(200);
    }
  });
});
