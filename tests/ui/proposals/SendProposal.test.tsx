import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrintButton } from '../../../src/resources/estimates/print/PrintButton';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { addDays, officeDate } from '../../../src/domain/officeDate';
import { longDate } from '../../../src/domain/proposalTemplates';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { sendMessages } from '../../../src/schema/actions/proposals';
import { SENT_PDF_FOLLOWS } from '../../../src/domain/proposals';

const TERMS = [
  { id: 11, name: 'Payment Terms', isAuto: 1, order: 1 },
  { id: 12, name: 'Plant Warranty', isAuto: 0, order: 2 },
];
const ESTIMATE = { id: 5, number: 1042, projectName: 'Spring Refresh', customerID: 7, customerName: 'Green Acres HOA' };
const CONTACTS = [
  { id: 1, customerID: 7, firstName: 'Ann', lastName: 'Lee', email: 'ann@greenacres.example' },
  { id: 2, customerID: 7, firstName: 'Bob', lastName: 'Stone', email: '' },
  { id: 3, customerID: 7, firstName: '', lastName: 'Office', email: 'office@greenacres.example' },
];
const MAIL = {
  source: 'settings',
  configured: true,
  host: 'smtp.example',
  port: 587,
  security: 'starttls',
  username: null,
  passwordSet: false,
  fromAddress: 'office@yardstick.example',
  subjectTemplate: 'Proposal {estimateNumber} for {customer}',
  messageTemplate: 'Dear {customer},\nHere is {project} from {company}, valid until {validUntil}.',
  version: 3,
};

function answer(
  mail: object = MAIL,
  sent: object = { id: 9, link: 'http://office.example/p/abc', mailConfigured: true, pdfStatus: 'ready' },
  contacts = CONTACTS,
) {
  return (call: FakeCall) => {
    if (call.path === '/api/termsConditions') return json(200, { termsConditions: TERMS, count: TERMS.length });
    if (call.path.endsWith('/contacts')) return json(200, { contacts, count: contacts.length });
    if (call.path === '/api/company/mail') return json(200, mail);
    if (call.path === '/api/company') return json(200, { id: 1, version: 1, name: 'Yardstick Landscaping', logo: null });
    if (call.path === '/api/estimates/5/proposals' && call.method === 'POST') return json(201, sent);
    if (call.path === '/api/estimates/5/proposals') return json(200, { proposals: [] });
    return json(404, { message: 'Not here.' });
  };
}

const user = () => userEvent.setup();

async function openSendDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Print' }));
  const print = await screen.findByRole('dialog', { name: 'Print' });
  await within(print).findByRole('checkbox', { name: 'Payment Terms' });
  await user().click(within(print).getByRole('button', { name: 'Send to client' }));
  return screen.findByRole('dialog', { name: 'Send to Client' });
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Send to client (issue 22)', () => {
  it('fills subject and message from the templates, offers the contacts with an email, and sends the print choice', async () => {
    const calls = fakeFetch(answer());
    renderAdmin(<PrintButton estimate={ESTIMATE} />, { dataProvider, alerts: true });
    const dialog = await openSendDialog();
    const validUntil = addDays(officeDate(new Date()), 30);
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue('Proposal #1042-R1 for Green Acres HOA'),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue(
      `Dear Green Acres HOA,\nHere is Spring Refresh from Yardstick Landscaping, valid until ${longDate(validUntil)}.`,
    );
    expect(within(dialog).getByLabelText(/Valid until/)).toHaveValue(validUntil);

    // To starts with the customer's contacts that have an email (issue 35), in their order.
    const to = within(dialog).getByRole('combobox', { name: 'To' }).closest('.MuiAutocomplete-root') as HTMLElement;
    await waitFor(() =>
      expect([...to.querySelectorAll('.MuiChip-label')].map((chip) => chip.textContent)).toEqual([
        'ann@greenacres.example',
        'office@greenacres.example',
      ]),
    );
    // One removed is offered again.
    const office = within(to).getByText('office@greenacres.example').closest('.MuiChip-root') as HTMLElement;
    await user().click(office.querySelector('.MuiChip-deleteIcon')!);
    await user().click(within(dialog).getByRole('combobox', { name: 'To' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Office <office@greenacres.example>']);
    await user().keyboard('{Escape}');
    await user().type(within(dialog).getByRole('combobox', { name: 'Cc' }), 'boss@elsewhere.example,');
    await user().click(within(dialog).getByRole('button', { name: 'Send' }));

    const sentDialog = await screen.findByRole('dialog', { name: 'Proposal Sent' });
    expect(within(sentDialog).getByRole('textbox', { name: "Client's link" })).toHaveValue('http://office.example/p/abc');
    const post = calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({ path: '/api/estimates/5/proposals' });
    expect(post?.body).toEqual({
      printType: 'TOTAL_PRICE_ONLY',
      approval: false,
      tcIDs: [11],
      to: ['ann@greenacres.example'],
      cc: ['boss@elsewhere.example'],
      subject: 'Proposal #1042-R1 for Green Acres HOA',
      message: `Dear Green Acres HOA,\nHere is Spring Refresh from Yardstick Landscaping, valid until ${longDate(validUntil)}.`,
      validUntil,
    });
  });

  it('refuses to send without a recipient, with a wrong address, an empty subject or a past date — and sends nothing', async () => {
    // A customer without contacts: To starts empty.
    const calls = fakeFetch(answer(MAIL, undefined, []));
    renderAdmin(<PrintButton estimate={ESTIMATE} />, { dataProvider, alerts: true });
    const dialog = await openSendDialog();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Subject' })).not.toHaveValue(''));
    await user().clear(within(dialog).getByRole('textbox', { name: 'Subject' }));
    fireEvent.change(within(dialog).getByLabelText(/Valid until/), { target: { value: '2001-01-01' } });
    await user().click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(sendMessages.recipientRequired)).toBeInTheDocument();
    expect(within(dialog).getByText('Subject is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Valid until cannot be in the past.')).toBeInTheDocument();

    await user().type(within(dialog).getByRole('combobox', { name: 'To' }), 'not-an-address ');
    expect(await within(dialog).findByText('not-an-address is not a valid email address.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says when mail is not set up, and still gives the link to copy', async () => {
    fakeFetch(
      answer(
        { ...MAIL, configured: false, source: 'none', host: null },
        { id: 9, link: 'http://office.example/p/xyz', mailConfigured: false, pdfStatus: 'ready' },
      ),
    );
    renderAdmin(<PrintButton estimate={ESTIMATE} />, { dataProvider, alerts: true });
    const dialog = await openSendDialog();
    await user().type(within(dialog).getByRole('combobox', { name: 'To' }), 'client@example.com ');
    await user().click(within(dialog).getByRole('button', { name: 'Send' }));
    const sent = await screen.findByRole('dialog', { name: 'Proposal Sent' });
    expect(within(sent).getByText(/Mail is not set up/)).toBeInTheDocument();
    expect(within(sent).getByRole('textbox', { name: "Client's link" })).toHaveValue('http://office.example/p/xyz');
  });

  it('says when the PDF of a long proposal is still being made: the mail goes out with it (issue 36)', async () => {
    fakeFetch(answer(MAIL, { id: 9, link: 'http://office.example/p/long', mailConfigured: true, pdfStatus: 'pending' }));
    renderAdmin(<PrintButton estimate={ESTIMATE} />, { dataProvider, alerts: true });
    const dialog = await openSendDialog();
    await user().type(within(dialog).getByRole('combobox', { name: 'To' }), 'client@example.com ');
    await user().click(within(dialog).getByRole('button', { name: 'Send' }));
    const sent = await screen.findByRole('dialog', { name: 'Proposal Sent' });
    expect(within(sent).getByText(SENT_PDF_FOLLOWS)).toBeInTheDocument();
    expect(within(sent).queryByText(/on its way/)).toBeNull();
    expect(within(sent).getByRole('textbox', { name: "Client's link" })).toHaveValue('http://office.example/p/long');
  });

  it("shows the server's field message when it refuses", async () => {
    allowFailedCallLogs(400);
    fakeFetch((call) =>
      call.method === 'POST'
        ? json(400, { message: 'Form is invalid.', errors: { to: 'x@y.example cannot receive mail.' } })
        : answer()(call),
    );
    renderAdmin(<PrintButton estimate={ESTIMATE} />, { dataProvider, alerts: true });
    const dialog = await openSendDialog();
    await user().type(within(dialog).getByRole('combobox', { name: 'To' }), 'x@y.example ');
    await user().click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('x@y.example cannot receive mail.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send to Client' })).toBeInTheDocument();
  });
});

describe('Send to client: the form', () => {
  it('keeps the message on its template as Valid until changes, until it is typed in; closing untouched asks nothing', async () => {
    fakeFetch(answer());
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAdmin(<PrintButton estimate={ESTIMATE} />, { dataProvider, alerts: true });
    let dialog = await openSendDialog();
    const message = () => within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    await waitFor(() => expect(message().value).toContain('Yardstick Landscaping'));
    const later = addDays(officeDate(new Date()), 45);
    fireEvent.change(within(dialog).getByLabelText(/Valid until/), { target: { value: later } });
    await waitFor(() => expect(message().value).toContain(`valid until ${longDate(later)}.`));

    await user().type(message(), ' Thank you.');
    fireEvent.change(within(dialog).getByLabelText(/Valid until/), { target: { value: addDays(later, 1) } });
    expect(message().value).toContain(`valid until ${longDate(later)}. Thank you.`);
    // Typed input: Close asks first (and stays when refused).
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Send to Client' })).toBeInTheDocument();

    confirm.mockReturnValue(true);
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send to Client' })).not.toBeInTheDocument());
    confirm.mockClear();
    dialog = await openSendDialog();
    await waitFor(() => expect(message().value).toContain('Yardstick Landscaping'));
    await user().click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send to Client' })).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();
  });
});
