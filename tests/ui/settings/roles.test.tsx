import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { storeToken } from '../../../src/providers/sessionToken';
import { accessMessages, type UserAccount } from '../../../src/schema/userAccount';
import { FIXTURE_COMPANY } from '../../helpers/companyFixture';
import { fakeFetch, json, makeToken, type FakeCall, officeDefaults } from '../fakeApi';
import { NO_MAIL_SETTINGS } from '../officeRecords';
import { renderAdmin } from '../renderAdmin';
import { OneTimePasswordGate } from '../../../src/pages/userSettings/OneTimePasswordGate';

const PROFILE = { ...FIXTURE_COMPANY, id: 1, version: 3, logo: null };
const DEMO = {
  present: true,
  counts: { customers: 1, contacts: 0, sites: 0, estimates: 0 },
  companyAsSeeded: false,
  blockers: [],
};

const account = (id: number, username: string, role: 'admin' | 'staff'): UserAccount => ({
  id,
  username,
  firstName: username.charAt(0).toUpperCase() + username.slice(1),
  lastName: 'Person',
  role,
  active: true,
  lastSignInAt: null,
});

describe('Settings by role (issue 26)', () => {
  let calls: FakeCall[];
  let accounts: UserAccount[];

  beforeEach(() => {
    accounts = [account(7, 'ada', 'admin'), account(8, 'grace', 'staff')];
    calls = fakeFetch((call) => {
      if (call.path === '/api/company' && call.method === 'GET') return json(200, PROFILE);
      if (call.path === '/api/company/mail' && call.method === 'GET') return json(200, NO_MAIL_SETTINGS);
      if (officeDefaults(call)) return officeDefaults(call)!;
      if (call.path === '/api/mail/failed' && call.method === 'GET') return json(200, { mails: [] });
      if (call.path === '/api/demoData' && call.method === 'GET') return json(200, DEMO);
      if (call.path === '/api/userAccounts' && call.method === 'GET') return json(200, accounts);
      const role = /^\/api\/userAccounts\/(\d+)\/role$/.exec(call.path);
      if (role && call.method === 'PUT') {
        accounts = accounts.map((a) => (a.id === Number(role[1]) ? { ...a, role: (call.body as { role: UserAccount['role'] }).role } : a));
        return json(
          200,
          accounts.find((a) => a.id === Number(role[1])),
        );
      }
      if (call.path === '/api/userAccounts' && call.method === 'POST') {
        const created = { ...account(10, 'jane', 'staff'), ...(call.body as object) };
        return json(201, { id: 10, password: 'One-Time-Pass-123', account: created });
      }
      return json(404, { message: `unexpected ${call.method} ${call.path}` });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const openTab = async (name: string) => {
    renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
    await userEvent.setup().click(screen.getByRole('tab', { name }));
  };

  describe('as staff', () => {
    beforeEach(() => storeToken(makeToken({ sub: '8', username: 'grace', role: 'staff' })));

    it('shows the company details, logo, email and costing read-only, saying an administrator changes them', async () => {
      await openTab('Company');
      expect(await screen.findByText(accessMessages.readOnly)).toBeInTheDocument();
      const name = await screen.findByRole('textbox', { name: /^Company Name/ });
      await waitFor(() => expect(name).toHaveValue(PROFILE.name));
      expect(name).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
      expect(screen.getByRole('button', { name: /Upload Logo/ })).toHaveAttribute('aria-disabled', 'true');
      const user = userEvent.setup();
      // The folded parts still open, to be read.
      await user.click(screen.getByRole('button', { name: /Email/ }));
      expect(await screen.findByRole('button', { name: 'Save Email Settings' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Send test email' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: /Costing/ }));
      expect(await screen.findByRole('button', { name: 'Save Costing' })).toBeDisabled();
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    });

    it('lists the users with their roles but offers no change', async () => {
      await openTab('Users');
      const table = await screen.findByRole('table', { name: 'Users' });
      await within(table).findByText('grace');
      expect(screen.getByText(accessMessages.readOnly)).toBeInTheDocument();
      // Disabled as a user sees it (greyed, not only unpressable), with the reason.
      for (const button of [
        screen.getByRole('button', { name: 'Add User' }),
        within(table).getByRole('button', { name: 'Reset the password of ada' }),
        within(table).getByRole('button', { name: 'Disable ada' }),
      ]) {
        expect(button).toBeDisabled();
        expect(button).toHaveClass('Mui-disabled');
        expect(button).toHaveAccessibleDescription(accessMessages.adminOnly);
      }
      expect(within(table).queryByLabelText('Role of ada')).toBeNull();
      expect(within(table).getByText('ada').closest('tr')).toHaveTextContent('Administrator');
      expect(within(table).getByText('grace').closest('tr')).toHaveTextContent('Staff');
    });

    it('opens the controls when a fresh token says the role became admin (the server sends one at once)', async () => {
      const promoted = makeToken({ sub: '8', username: 'grace' });
      vi.unstubAllGlobals();
      fakeFetch((call) => {
        if (call.path === '/api/company' && call.method === 'GET') return json(200, PROFILE, { 'x-auth-token': promoted });
        if (call.path === '/api/company/mail' && call.method === 'GET') return json(200, NO_MAIL_SETTINGS);
        if (officeDefaults(call)) return officeDefaults(call)!;
        return json(404, { message: `unexpected ${call.method} ${call.path}` });
      });
      renderAdmin(
        <OneTimePasswordGate>
          <SettingsPage />
        </OneTimePasswordGate>,
        { dataProvider, authProvider, alerts: true },
      );
      await userEvent.setup().click(await screen.findByRole('tab', { name: 'Company' }));
      const name = await screen.findByRole('textbox', { name: /^Company Name/ });
      await waitFor(() => expect(name).toHaveValue(PROFILE.name));
      await waitFor(() => expect(name).toBeEnabled());
      expect(screen.queryByText(accessMessages.readOnly)).toBeNull();
    });

    it('does not offer to remove the demo data', async () => {
      await openTab('Demo data');
      expect(await screen.findByRole('button', { name: 'Remove the demo company' })).toBeDisabled();
      expect(screen.getByText(accessMessages.readOnly)).toBeInTheDocument();
    });
  });

  describe('as an admin', () => {
    beforeEach(() => storeToken(makeToken()));

    it('says nothing about administrators and leaves the company form open', async () => {
      await openTab('Company');
      const name = await screen.findByRole('textbox', { name: /^Company Name/ });
      await waitFor(() => expect(name).toHaveValue(PROFILE.name));
      expect(name).toBeEnabled();
      expect(screen.queryByText(accessMessages.readOnly)).toBeNull();
    });

    it("changes a user's role from the Role column", async () => {
      const user = userEvent.setup();
      await openTab('Users');
      const table = await screen.findByRole('table', { name: 'Users' });
      await within(table).findByText('grace');
      expect(screen.queryByText(accessMessages.readOnly)).toBeNull();
      const select = within(table).getByRole('combobox', { name: 'Role of grace' });
      expect(select).toHaveTextContent('Staff');
      await user.click(select);
      await user.click(await screen.findByRole('option', { name: 'Administrator' }));
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
          ['/api/userAccounts/8/role', { role: 'admin' }],
        ]),
      );
      expect(await screen.findByText('grace is now Administrator')).toBeInTheDocument();
      await waitFor(() => expect(within(table).getByRole('combobox', { name: 'Role of grace' })).toHaveTextContent('Administrator'));
    });

    it('chooses the role of a new user, staff unless changed', async () => {
      const user = userEvent.setup();
      await openTab('Users');
      await user.click(await screen.findByRole('button', { name: 'Add User' }));
      const dialog = await screen.findByRole('dialog', { name: 'New User' });
      const role = within(dialog).getByRole('combobox', { name: /^Role/ });
      expect(role).toHaveTextContent('Staff');
      await user.type(within(dialog).getByLabelText(/^Username/), 'jane');
      await user.type(within(dialog).getByLabelText(/^First Name/), 'Jane');
      await user.type(within(dialog).getByLabelText(/^Last Name/), 'Doe');
      await user.click(role);
      await user.click(await screen.findByRole('option', { name: 'Administrator' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await screen.findByRole('dialog', { name: 'User Added' });
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/userAccounts',
        body: { username: 'jane', firstName: 'Jane', lastName: 'Doe', role: 'admin' },
      });
    });
  });
});
