import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { fakeFetch, json, makeToken, type FakeCall, officeDefaults } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { FIXTURE_COMPANY } from '../../helpers/companyFixture';
import { NO_MAIL_SETTINGS } from '../officeRecords';

const PROFILE = { id: 1, version: 3, ...FIXTURE_COMPANY, laborRate: 42.5, overheadPerHour: 12, targetMarginPercent: 35, logo: null };

function renderTab(stored: Record<string, unknown> = PROFILE) {
  let profile = stored as typeof PROFILE;
  const calls = fakeFetch((call: FakeCall) => {
    if (call.path === '/api/company' && call.method === 'GET') return json(200, profile);
    if (call.path === '/api/company' && call.method === 'PUT') {
      profile = { ...profile, ...(call.body as object), version: profile.version + 1 };
      return json(200, profile);
    }
    if (call.path === '/api/company/mail' && call.method === 'GET') return json(200, NO_MAIL_SETTINGS);
    if (officeDefaults(call)) return officeDefaults(call)!;
    return json(404, { message: 'not here' });
  });
  renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  fireEvent.click(screen.getByRole('tab', { name: 'Company' }));
  return calls;
}

beforeEach(() => storeToken(makeToken()));
afterEach(() => vi.unstubAllGlobals());

const costing = () => screen.getByRole('button', { name: /^Costing/ });
const input = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

describe('Settings › Company › Costing (issue 24)', () => {
  it('sums up the rates folded, and saves the labour rate, overhead and target margin with the version read', async () => {
    const calls = renderTab();
    const user = userEvent.setup();
    expect(await screen.findByText('Crew hour $42.50 + $12.00 overhead · target margin 35 %')).toBeInTheDocument();
    await user.click(costing());
    expect(input('Labor Rate')).toHaveValue(42.5);
    expect(input('Overhead per Hour')).toHaveValue(12);
    expect(input('Target Margin')).toHaveValue(35);
    expect(screen.getByText(/an item's direct cost without crew time/)).toBeInTheDocument();

    await user.clear(input('Labor Rate'));
    await user.type(input('Labor Rate'), '45');
    await user.clear(input('Target Margin'));
    await user.type(input('Target Margin'), '40');
    await user.click(screen.getByRole('button', { name: 'Save Costing' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ laborRate: 45, overheadPerHour: 12, targetMarginPercent: 40, version: 3, name: FIXTURE_COMPANY.name });
    expect(body).not.toHaveProperty('logo');
    expect(await screen.findByText('Costing Saved')).toBeInTheDocument();
    expect(await screen.findByText('Crew hour $45.00 + $12.00 overhead · target margin 40 %')).toBeInTheDocument();
  });

  it('refuses a negative rate and a margin of 100 % under their fields, sending nothing', async () => {
    const calls = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Costing/ }));
    await user.clear(input('Labor Rate'));
    await user.type(input('Labor Rate'), '-1');
    await user.clear(input('Target Margin'));
    await user.type(input('Target Margin'), '100');
    await user.click(screen.getByRole('button', { name: 'Save Costing' }));
    const region = screen.getByRole('region', { name: /^Costing/ });
    expect(await within(region).findByText('Target Margin must be less than 100.')).toBeInTheDocument();
    expect(within(region).getByText(/Labor Rate/, { selector: 'p' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('before the company details are first saved, asks for them first (the costing is saved with them)', async () => {
    renderTab({ ...PROFILE, version: 0, name: null });
    await userEvent.setup().click(await screen.findByRole('button', { name: /^Costing/ }));
    expect(await screen.findByText('Save the company details first; the costing goes with them.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Costing' })).toBeNull();
  });

  it('saves the salt rate (issue 41) with the rest of the costing, and sums it up folded', async () => {
    const calls = renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Costing/ }));
    expect(input('Salt Rate (lb per 1,000 ft²)')).toHaveValue(null);
    await user.type(input('Salt Rate (lb per 1,000 ft²)'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Save Costing' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ saltRate: 12.5, laborRate: 42.5, version: 3 });
    expect(
      await screen.findByText('Crew hour $42.50 + $12.00 overhead · target margin 35 % · salt 12.5 lb per 1,000 ft²'),
    ).toBeInTheDocument();
  });
});
