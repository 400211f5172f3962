import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { FIXTURE_COMPANY } from '../../helpers/companyFixture';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, type FakeCall, officeDefaults } from '../fakeApi';
import { NO_MAIL_SETTINGS } from '../officeRecords';
import { renderAdmin } from '../renderAdmin';

function renderEmail(answer: (call: FakeCall) => Response | undefined = () => undefined) {
  const calls = fakeFetch((call) => {
    const given = answer(call);
    if (given) return given;
    if (call.path === '/api/company') return json(200, { id: 1, version: 2, ...FIXTURE_COMPANY, logo: null });
    if (call.path === '/api/company/mail' && call.method === 'GET') return json(200, NO_MAIL_SETTINGS);
    if (officeDefaults(call)) return officeDefaults(call)!;
    if (call.path === '/api/company/mail' && call.method === 'PUT')
      return json(200, { ...NO_MAIL_SETTINGS, ...(call.body as object), configured: true, source: 'settings', version: 1 });
    if (call.path === '/api/company/mail/test') return json(200, { sent: true });
    if (call.path === '/api/mail/failed' && call.method === 'GET') return json(200, { mails: [] });
    return json(404, { message: 'not here' });
  });
  renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  fireEvent.click(screen.getByRole('tab', { name: 'Company' }));
  return calls;
}

async function openEmail() {
  const summary = await screen.findByRole('button', { name: /Email.*Not set up/ });
  await userEvent.setup().click(summary);
  return screen.findByRole('textbox', { name: 'SMTP host' });
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings › Company › Email (issue 22)', () => {
  it('is folded with a summary, and saves the server, the password once, and the templates with the version read', async () => {
    const calls = renderEmail();
    const user = userEvent.setup();
    await user.type(await openEmail(), 'smtp.example.com');
    await user.type(screen.getByLabelText('Password'), 's3cret');
    await user.type(screen.getByRole('textbox', { name: 'From address' }), 'office@greenfield.example');
    await user.click(screen.getByRole('button', { name: 'Save Email Settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe('/api/company/mail');
    expect(put?.body).toMatchObject({
      host: 'smtp.example.com',
      password: 's3cret',
      fromAddress: 'office@greenfield.example',
      security: 'starttls',
      subjectTemplate: NO_MAIL_SETTINGS.subjectTemplate,
      version: 0,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Email Settings Saved');
  });

  it("shows the server's field messages under their fields", async () => {
    allowFailedCallLogs(400);
    renderEmail((call) =>
      call.method === 'PUT'
        ? json(400, { message: 'Form is invalid.', errors: { messageTemplate: 'Unknown placeholder {custmer}.' } })
        : undefined,
    );
    await openEmail();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Email Settings' }));
    expect(await screen.findByText('Unknown placeholder {custmer}.')).toBeInTheDocument();
  });

  it('sends a test email to the address given, and checks it first', async () => {
    const calls = renderEmail();
    await openEmail();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    expect(await screen.findByText('Enter the address to send the test to.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Send a test to' }), 'me@greenfield.example');
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Test email sent to me@greenfield.example.')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/company/mail/test')?.body).toEqual({ to: 'me@greenfield.example' });
  });

  it('lists every mail that finally failed, of every estimate, with Send again (issue 35)', async () => {
    const failed = {
      id: 7,
      kind: 'notice',
      proposalID: 3,
      estimateID: 5,
      estimateLabel: '#1042-R2',
      to: ['office@greenfield.example'],
      subject: 'Proposal #1042-R2: Maple Ridge accepted it',
      error: '550 Mailbox unavailable',
      attempts: 1,
      createdAt: '2026-11-05T09:30:00Z',
      failedAt: '2026-11-05T09:30:02Z',
    };
    let mails = [failed];
    const calls = renderEmail((call) => {
      if (call.path === '/api/mail/failed') return json(200, { mails });
      if (call.path === '/api/mail/7/resend') {
        mails = [];
        return json(200, { id: 7 });
      }
      return undefined;
    });
    await openEmail();
    const list = await screen.findByRole('table', { name: 'Mail that could not be delivered' });
    expect(within(list).getByText('Notice to the office')).toBeInTheDocument();
    expect(within(list).getByText('#1042-R2')).toBeInTheDocument();
    expect(within(list).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    await userEvent.setup().click(within(list).getByRole('button', { name: `Send again: ${failed.subject}` }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/mail/7/resend')).toBe(true));
    expect(await within(list).findByText('Every message was delivered or is still being tried.')).toBeInTheDocument();
  });
});
