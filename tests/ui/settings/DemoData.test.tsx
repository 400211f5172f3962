import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { fakeFetch, json, makeToken, type FakeCall } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const COUNTS = { customers: 42, contacts: 61, sites: 55, estimates: 12, workAreas: 40, workAreaItems: 90 };
const PRESENT = { present: true, counts: COUNTS, companyAsSeeded: true, blockers: [] };

function renderTab(status: Record<string, unknown>) {
  let current = status;
  const calls = fakeFetch((call: FakeCall) => {
    if (call.path === '/api/demoData' && call.method === 'GET') return json(200, current);
    if (call.path === '/api/demoData' && call.method === 'DELETE') {
      current = { present: false, counts: { ...COUNTS, customers: 0 }, companyAsSeeded: false, blockers: [] };
      return json(200, { removed: COUNTS });
    }
    return json(404, { message: 'not here' });
  });
  renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  fireEvent.click(screen.getByRole('tab', { name: 'Demo data' }));
  return calls;
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => vi.unstubAllGlobals());

describe('Settings › Demo data (issue 25)', () => {
  it('says what the demo left and removes it after asking', async () => {
    const calls = renderTab(PRESENT);
    expect(
      await screen.findByText('The demo company: 42 customers, 61 contacts, 55 sites, 12 estimates, and its letterhead.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove the demo company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the Demo Company' });
    expect(dialog).toHaveTextContent('Your own records stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/demoData')).toBe(true));
    expect(await screen.findByText('Demo Company Removed')).toBeInTheDocument();
    expect(await screen.findByText(/No demo data here/)).toBeInTheDocument();
  });

  it('names what keeps it, and offers no removal then', async () => {
    renderTab({ ...PRESENT, blockers: [{ entity: 'sites', id: 3, name: 'North Lot (ours now)', reason: 'changed since it was seeded' }] });
    const list = await screen.findByRole('list', { name: 'What keeps the demo' });
    expect(list).toHaveTextContent('North Lot (ours now)');
    expect(list).toHaveTextContent('sites: changed since it was seeded');
    expect(screen.getByRole('button', { name: 'Remove the demo company' })).toBeDisabled();
  });
});
