import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { DEFAULT_LOST_REASONS, lostReasonMessages } from '../../../src/domain/lostReasons';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { FIXTURE_COMPANY } from '../../helpers/companyFixture';
import { fakeFetch, json, makeToken, officeDefaults } from '../fakeApi';
import { NO_MAIL_SETTINGS } from '../officeRecords';
import { renderAdmin } from '../renderAdmin';

function renderLostReasons() {
  const calls = fakeFetch((call) => {
    if (call.path === '/api/company') return json(200, { id: 1, version: 2, ...FIXTURE_COMPANY, logo: null });
    if (call.path === '/api/company/mail' && call.method === 'GET') return json(200, NO_MAIL_SETTINGS);
    if (officeDefaults(call)) return officeDefaults(call)!;
    if (call.path === '/api/company/lostReasons' && call.method === 'PUT')
      return json(200, { reasons: (call.body as { reasons: unknown }).reasons, version: 1 });
    return json(404, { message: 'not here' });
  });
  renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  fireEvent.click(screen.getByRole('tab', { name: 'Company' }));
  return calls;
}

async function openLostReasons(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /Lost reasons.*6 reasons/ }));
  return screen.findAllByRole('textbox', { name: 'Reason' });
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Settings › Company › Lost reasons (issue 39)', () => {
  it('renames, removes, adds and marks a reason for the office only, saved with the version read', async () => {
    const calls = renderLostReasons();
    const user = userEvent.setup();
    const names = await openLostReasons(user);
    expect(names.map((input) => (input as HTMLInputElement).value)).toEqual(DEFAULT_LOST_REASONS.map((reason) => reason.name));

    await user.clear(names[0]);
    await user.type(names[0], 'Price too high');
    await user.click(screen.getAllByLabelText('Remove')[3]);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const added = (await screen.findAllByRole('textbox', { name: 'Reason' })).at(-1)!;
    await user.type(added, 'Bad fit for us');
    await user.click(screen.getAllByRole('switch', { name: 'Office only' }).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Save Lost Reasons' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      reasons: [
        { name: 'Price too high', officeOnly: false },
        { name: 'Timing', officeOnly: false },
        { name: 'Chose another contractor', officeOnly: false },
        { name: 'Scope changed', officeOnly: false },
        { name: 'Other', officeOnly: false },
        { name: 'Bad fit for us', officeOnly: true },
      ],
      version: 0,
    });
    expect(await screen.findByText('Lost Reasons Saved')).toBeInTheDocument();
  });

  it('refuses a name listed twice with the server’s message, sending nothing', async () => {
    const calls = renderLostReasons();
    const user = userEvent.setup();
    const names = await openLostReasons(user);
    await user.clear(names[1]);
    await user.type(names[1], 'price');
    await user.click(screen.getByRole('button', { name: 'Save Lost Reasons' }));
    expect(await screen.findByText(lostReasonMessages.repeated('price'))).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(within(document.body).queryByText('Lost Reasons Saved')).toBeNull();
  });
});
