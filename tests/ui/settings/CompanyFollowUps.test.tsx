import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { DEFAULT_FOLLOW_UPS } from '../../../src/domain/followUps';
import { followUpMessages } from '../../../src/schema/actions/followUps';
import { FIXTURE_COMPANY } from '../../helpers/companyFixture';
import { fakeFetch, json, makeToken } from '../fakeApi';
import { NO_MAIL_SETTINGS } from '../officeRecords';
import { renderAdmin } from '../renderAdmin';

function renderFollowUps() {
  const calls = fakeFetch((call) => {
    if (call.path === '/api/company') return json(200, { id: 1, version: 2, ...FIXTURE_COMPANY, timeZone: 'America/New_York', logo: null });
    if (call.path === '/api/company/followUps' && call.method === 'PUT') return json(200, { ...(call.body as object), version: 1 });
    if (call.path === '/api/company/mail') return json(200, NO_MAIL_SETTINGS);
    if (call.path === '/api/mail/failed') return json(200, { mails: [] });
    return json(404, { message: 'not here' });
  });
  renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  fireEvent.click(screen.getByRole('tab', { name: 'Company' }));
  return calls;
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings › Company › Follow-ups (issue 39)', () => {
  it('sums up the defaults folded; checks the days as the server does; saves them as numbers with the version read', async () => {
    const calls = renderFollowUps();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: /Follow-ups.*3, 7 days after sending and 2 days before expiry, 08:00–18:00 on weekdays/ }),
    );
    const days = await screen.findByRole('textbox', { name: 'Days after sending' });
    expect(days).toHaveValue('3, 7');
    await user.clear(days);
    await user.type(days, '2, 90');
    await user.click(screen.getByRole('button', { name: 'Save Follow-up Settings' }));
    expect(await screen.findByText(followUpMessages.afterDays)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.clear(days);
    await user.type(days, '10 2');
    await user.click(screen.getByRole('button', { name: 'Save Follow-up Settings' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ ...DEFAULT_FOLLOW_UPS, afterDays: [10, 2], version: 0 });
    expect(await screen.findByText('Follow-up Settings Saved')).toBeInTheDocument();
  });

  it('shows the office time zone with the company details', async () => {
    renderFollowUps();
    expect(await screen.findByRole('combobox', { name: 'Time Zone' })).toHaveValue('America/New York');
  });
});
