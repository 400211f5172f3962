import { PDF_NOT_MADE, PDF_PREPARING, SIGNED_PDF_NOT_MADE, SIGNED_PDF_PREPARING } from '../../../src/domain/proposals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProposalsPanel } from '../../../src/resources/estimates/proposals/ProposalsPanel';
import type { OfficeProposal } from '../../../src/resources/estimates/proposals/proposalTypes';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { fakeFetch, json, makeToken, noContent, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import type { FailedMail } from '../../../src/domain/mailDelivery';
import { addDays } from '../../../src/domain/officeDate';

const base: OfficeProposal = {
  id: 1,
  sentAt: '2026-11-02T15:00:00Z',
  sentBy: { id: 2, name: 'Dana Miller' },
  to: ['ann@greenacres.example'],
  cc: [],
  subject: 'Proposal',
  printType: 'WORK_AREA_PRICE_ONLY',
  approval: true,
  validUntil: '2026-12-02',
  status: 'viewed',
  superseded: false,
  viewedAt: '2026-11-03T12:00:00Z',
  viewCount: 3,
  respondedAt: null,
  deliveryStatus: 'sent',
  deliveryError: null,
  deliveredAt: '2026-11-02T15:00:05Z',
  pdfSha256: 'a'.repeat(64),
  pdfStatus: 'ready',
  signedPdfSha256: null,
  signedPdfStatus: 'none',
  link: 'http://office.example/p/open-token',
  signerName: null,
  responseMessage: null,
  acceptedWorkAreaIDs: null,
  remindersPaused: false,
  reminders: [],
  nextReminderAt: null,
};
const ACCEPTED: OfficeProposal = {
  ...base,
  id: 2,
  status: 'accepted',
  respondedAt: '2026-11-05T09:30:00Z',
  signerName: 'Ann Lee',
  signedPdfSha256: 'b'.repeat(64),
  signedPdfStatus: 'ready',
  acceptedWorkAreaIDs: [3],
};
const FAILED: OfficeProposal = {
  ...base,
  id: 3,
  status: 'sent',
  viewedAt: null,
  viewCount: 0,
  deliveryStatus: 'failed',
  deliveryError: '550 Mailbox unavailable',
};

const FAILED_SIGNED_COPY: FailedMail = {
  id: 41,
  kind: 'signed',
  proposalID: 2,
  estimateID: 5,
  estimateLabel: '#1042-R1',
  to: ['ann@greenacres.example'],
  subject: 'Signed proposal #1042-R1',
  error: '550 Mailbox unavailable',
  attempts: 1,
  createdAt: '2026-11-05T09:30:00Z',
  failedAt: '2026-11-05T09:30:02Z',
};

function renderPanel(proposals: OfficeProposal[], failedMail: FailedMail[] = []) {
  let failed = failedMail;
  const calls = fakeFetch((call: FakeCall) => {
    if (call.path === '/api/estimates/5/proposals') return json(200, { proposals });
    if (call.path === '/api/mail/failed' && call.query.get('estimateID') === '5') return json(200, { mails: failed });
    if (call.path === '/api/mail/41/resend') {
      failed = [];
      return json(200, { id: 41 });
    }
    if (call.path.endsWith('/withdraw') || call.path.endsWith('/resend')) return noContent();
    if (call.path.endsWith('/remind')) return json(202, { id: 1 });
    if (call.path.endsWith('/reminders'))
      return json(200, { id: 1, remindersPaused: (call.body as { remindersPaused: boolean }).remindersPaused });
    if (call.path.endsWith('/extend')) return json(200, { id: 1, validUntil: (call.body as { validUntil: string }).validUntil });
    return json(404, { message: 'Not here.' });
  });
  renderAdmin(<ProposalsPanel estimate={{ id: 5 }} />, { dataProvider, alerts: true });
  return calls;
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Proposals panel (issue 22)', () => {
  it('says when nothing was sent yet', async () => {
    renderPanel([]);
    expect(await screen.findByText(/No proposal sent yet/)).toBeInTheDocument();
  });

  it('shows each proposal with its status, timeline and link; the signed PDF once accepted', async () => {
    renderPanel([FAILED, ACCEPTED, base]);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const [failed, accepted, open] = cards;
    expect(within(failed).getAllByText('Sent')).toHaveLength(2); // the status, and the timeline's first step
    expect(within(within(failed).getByRole('list', { name: 'Timeline' })).getByText(/Dana Miller/)).toBeInTheDocument();
    expect(within(failed).getByText('Delivery failed')).toBeInTheDocument();
    expect(within(failed).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(failed).getByText('Not opened yet')).toBeInTheDocument();

    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    expect(within(accepted).getByText('Accepted and signed by Ann Lee')).toBeInTheDocument();
    expect(within(accepted).getByRole('button', { name: 'Signed PDF' })).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(within(accepted).queryByRole('textbox', { name: "Client's link" })).toBeNull();

    expect(within(open).getByText('Opened')).toBeInTheDocument();
    expect(within(open).getByText(/3 views/)).toBeInTheDocument();
    expect(within(open).getByText('Delivered to the mail server')).toBeInTheDocument();
    expect(within(open).getByRole('textbox', { name: "Client's link" })).toHaveValue('http://office.example/p/open-token');
    expect(within(open).queryByRole('button', { name: 'Signed PDF' })).toBeNull();
  });

  it('says while the signed PDF is being made after the signature, and when it could not be made (issue 36)', async () => {
    renderPanel([
      { ...ACCEPTED, id: 5, signedPdfSha256: null, signedPdfStatus: 'pending' },
      { ...ACCEPTED, id: 6, signedPdfSha256: null, signedPdfStatus: 'failed' },
    ]);
    const [pending, failed] = await screen.findAllByRole('article');
    expect(within(pending).getByRole('status')).toHaveTextContent(SIGNED_PDF_PREPARING);
    expect(within(pending).queryByRole('button', { name: 'Signed PDF' })).toBeNull();
    expect(within(failed).getByText(SIGNED_PDF_NOT_MADE)).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'Signed PDF' })).toBeNull();
  });

  it('says while the PDF as sent is being made after the send, and when it could not be made (issue 36)', async () => {
    renderPanel([
      { ...base, id: 7, pdfSha256: null, pdfStatus: 'pending' },
      { ...base, id: 8, pdfSha256: null, pdfStatus: 'failed' },
    ]);
    const [pending, failed] = await screen.findAllByRole('article');
    expect(within(pending).getByRole('status')).toHaveTextContent(PDF_PREPARING);
    expect(within(pending).queryByRole('button', { name: 'PDF as sent' })).toBeNull();
    expect(within(pending).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(within(failed).getByText(PDF_NOT_MADE)).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'PDF as sent' })).toBeNull();
    // Its mail would wait for a PDF that will not come: withdraw it and send again.
    expect(within(failed).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(within(failed).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  });

  it('withdraws an open proposal after asking, and resends one', async () => {
    const calls = renderPanel([base]);
    const card = await screen.findByRole('article');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/proposals/1/resend')).toBe(true));
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Withdraw' }));
    const confirm = await screen.findByRole('dialog', { name: 'Withdraw Proposal' });
    await userEvent.setup().click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/proposals/1/withdraw')).toBe(true));
  });

  it('lists the estimate mail that finally failed, the signed copy included, and sends it again (issue 35)', async () => {
    const calls = renderPanel([ACCEPTED], [FAILED_SIGNED_COPY]);
    const list = await screen.findByRole('table', { name: 'Mail that could not be delivered' });
    expect(within(list).getByText('Signed copy to the client')).toBeInTheDocument();
    expect(within(list).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Send again: Signed proposal #1042-R1' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/mail/41/resend')).toBe(true));
    expect(await screen.findByText('The message is queued to go out again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Mail that could not be delivered' })).toBeNull());
  });

  it('says when the mail is being tried again after a passing failure, with why and when next (issue 35)', async () => {
    renderPanel([
      { ...base, deliveryStatus: 'queued', deliveredAt: null, retryError: '421 Service busy', nextAttemptAt: '2026-11-02T15:02:00Z' },
    ]);
    const card = await screen.findByRole('article');
    expect(within(card).getByText(/Waiting to be delivered: the mail server did not take it yet/)).toBeInTheDocument();
    expect(within(card).getByText(/421 Service busy · next try/)).toBeInTheDocument();
  });

  it('follow-ups (issue 39): the reminders in the timeline, the next one, pause, send one now, and extend', async () => {
    const calls = renderPanel([
      {
        ...base,
        reminders: [
          { sentAt: '2026-11-05T13:00:00Z', kind: 'after' },
          { sentAt: '2026-11-06T14:00:00Z', kind: 'manual', deliveryError: '550 Mailbox unavailable' },
        ],
        nextReminderAt: '2026-11-09T13:00:00Z',
      },
    ]);
    const card = await screen.findByRole('article');
    const timeline = within(card).getByRole('list', { name: 'Timeline' });
    expect(within(timeline).getByText('Reminder sent')).toBeInTheDocument();
    expect(within(timeline).getByText('Reminder sent by hand')).toBeInTheDocument();
    expect(within(timeline).getByText(/not delivered: 550 Mailbox unavailable/)).toBeInTheDocument();
    expect(within(timeline).getByText('Next reminder')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('switch', { name: 'Automatic reminders' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT' && call.path === '/api/proposals/1/reminders')?.body).toEqual({
        remindersPaused: true,
      }),
    );
    await user.click(within(card).getByRole('button', { name: 'Send reminder now' }));
    expect(await screen.findByText('A reminder will be emailed to the client.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/proposals/1/remind')).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend Proposal' });
    const date = within(dialog).getByLabelText('Valid until');
    fireEvent.change(date, { target: { value: '2020-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(await within(dialog).findByText('Valid until cannot be in the past.')).toBeInTheDocument();
    const soon = addDays(new Date().toISOString().slice(0, 10), 60);
    fireEvent.change(date, { target: { value: soon } });
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST' && call.path === '/api/proposals/1/extend')?.body).toEqual({
        validUntil: soon,
      }),
    );
    expect(await screen.findByText('Proposal Extended')).toBeInTheDocument();
  });

  it('an accepted proposal has no follow-ups to change; an expired one can be extended', async () => {
    renderPanel([ACCEPTED, { ...base, id: 9, status: 'expired' }]);
    const [accepted, expired] = await screen.findAllByRole('article');
    expect(within(accepted).queryByRole('button', { name: 'Send reminder now' })).toBeNull();
    expect(within(accepted).queryByRole('button', { name: 'Extend' })).toBeNull();
    expect(within(expired).queryByRole('switch', { name: 'Automatic reminders' })).toBeNull();
    expect(within(expired).getByRole('button', { name: 'Extend' })).toBeInTheDocument();
  });

  it('shows no failed-mail list when nothing failed', async () => {
    renderPanel([base]);
    await screen.findByRole('article');
    expect(screen.queryByText('Mail that could not be delivered')).toBeNull();
  });
});
