import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SettingsPage from '../../../src/pages/settings/SettingsPage';
import type { UserAccount } from '../../../src/schema/userAccount';
import { authProvider } from '../../../src/providers/authProvider';
import { dataProvider } from '../../../src/providers/dataProvider';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, type FakeCall, type FakeHandler } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

const account = (id: number, username: string, active = true, lastSignInAt: string | null = null): UserAccount => ({
  id,
  username,
  firstName: username.charAt(0).toUpperCase() + username.slice(1),
  lastName: 'Person',
  role: id === 7 ? 'admin' : 'staff',
  active,
  lastSignInAt,
});

/** Saving a blob goes through an object URL and a link click: record what would be saved. */
function captureSaves() {
  const saved: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:${blobs.size + 1}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.href)!.text() });
  });
  return {
    saved,
    restore() {
      click.mockRestore();
      URL.createObjectURL = objectUrls.create;
      URL.revokeObjectURL = objectUrls.revoke;
    },
  };
}

describe('Settings', () => {
  let calls: FakeCall[];
  let accounts: UserAccount[];
  let handler: FakeHandler | undefined;

  beforeEach(() => {
    // Signed in as Ada (id 7).
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    accounts = [account(7, 'ada', true, '2025-06-02T14:00:00.000Z'), account(8, 'grace'), account(9, 'linus', false)];
    handler = undefined;
    calls = fakeFetch((call) => {
      if (handler) {
        const answer = handler(call);
        if (answer) return answer;
      }
      if (call.path === '/api/userAccounts' && call.method === 'GET') return json(200, accounts);
      return json(404, { message: `unexpected ${call.method} ${call.path}` });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = () => renderAdmin(<SettingsPage />, { dataProvider, authProvider, alerts: true });
  const openUsers = async (user: ReturnType<typeof userEvent.setup>) => {
    renderPage();
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    return screen.findByRole('table', { name: 'Users' });
  };
  const rowOf = (table: HTMLElement, username: string) => within(table).getByText(username).closest('tr')!;

  it('shows the version and the Exports tab first, with the Contacts card', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Version 2.2.0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/reference');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Exports',
      'Import',
      'Company',
      'Users',
      'Fields',
      'Demo data',
      'Jobs',
    ]);
    expect(screen.getByRole('tab', { name: 'Exports' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Contacts')).toBeInTheDocument();
    expect(screen.getByText('Download a CSV file containing all the contacts in the system.')).toBeInTheDocument();
  });

  it('exports the contacts as contacts_export.csv', async () => {
    const user = userEvent.setup();
    const saves = captureSaves();
    handler = (call) =>
      call.path === '/api/contacts/download'
        ? new Response('\uFEFFCustomer Name,First Name\r\nAcme,Dana\r\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="contacts_export.csv"' },
          })
        : undefined!;
    try {
      renderPage();
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await waitFor(() => expect(saves.saved).toHaveLength(1));
      expect(saves.saved[0].name).toBe('contacts_export.csv');
      expect(await saves.saved[0].text).toContain('Acme,Dana');
      const request = calls.find((c) => c.path === '/api/contacts/download')!;
      expect(request.headers.get('authorization')).toMatch(/^Bearer /);
    } finally {
      saves.restore();
    }
  });

  it('lists the users with their last sign-in and state; one’s own row offers no reset or disable', async () => {
    const user = userEvent.setup();
    const table = await openUsers(user);
    await within(table).findByText('grace');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Username', 'First Name', 'Last Name', 'Last Sign-In', 'Status', 'Role', 'Actions']);
    const me = rowOf(table, 'ada');
    expect(me).toHaveTextContent('Jun 2, 2025');
    expect(me).toHaveTextContent('(you)');
    expect(within(me).getByRole('button', { name: 'Disable ada' })).toBeDisabled();
    expect(within(me).getByRole('button', { name: 'Reset the password of ada' })).toBeDisabled();
    expect(rowOf(table, 'grace')).toHaveTextContent('Never');
    expect(within(rowOf(table, 'grace')).getByRole('button', { name: 'Disable grace' })).toBeEnabled();
    expect(rowOf(table, 'linus')).toHaveTextContent('Disabled');
    expect(within(rowOf(table, 'linus')).getByRole('button', { name: 'Enable linus' })).toBeEnabled();
  });

  it('adds a user: the form checks first, then the one-time password is shown once', async () => {
    const user = userEvent.setup();
    handler = (call) => {
      if (call.path === '/api/userAccounts' && call.method === 'POST') {
        const created = account(10, 'jane');
        accounts = [...accounts, created];
        return json(201, { id: 10, password: 'One-Time-Pass-123', account: created });
      }
      return undefined!;
    };
    const table = await openUsers(user);
    await within(table).findByText('grace');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'New User' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Username is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('First Name is required.')).toBeInTheDocument();
    expect(screen.getByTestId('alert-area')).toHaveTextContent('Form is invalid.');

    await user.type(within(dialog).getByLabelText(/^Username/), 'bad name');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/^Invalid username/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Username/));
    await user.type(within(dialog).getByLabelText(/^Username/), 'Jane');
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Jane');
    await user.type(within(dialog).getByLabelText(/^Last Name/), 'Doe');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const shown = await screen.findByRole('dialog', { name: 'User Added' });
    expect(within(shown).getByLabelText('One-time password')).toHaveValue('One-Time-Pass-123');
    expect(within(shown).getByText('jane')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/userAccounts',
      body: { username: 'Jane', firstName: 'Jane', lastName: 'Doe', role: 'staff' },
    });
    expect(screen.getByTestId('alert-area')).toHaveTextContent('User Added');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(table).findByText('jane')).toBeInTheDocument();
  });

  it('puts the server’s field messages under the fields and keeps the dialog open', async () => {
    const user = userEvent.setup();
    allowFailedCallLogs(400);
    handler = (call) =>
      call.method === 'POST' ? json(400, { message: 'Form is invalid.', errors: { username: 'Username is invalid.' } }) : undefined!;
    await openUsers(user);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'New User' });
    await user.type(within(dialog).getByLabelText(/^Username/), 'taken');
    await user.type(within(dialog).getByLabelText(/^First Name/), 'Ta');
    await user.type(within(dialog).getByLabelText(/^Last Name/), 'Ken');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Username is invalid.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'User Added' })).toBeNull();
  });

  it('resets a password after confirmation and shows the new one', async () => {
    const user = userEvent.setup();
    handler = (call) => (call.path === '/api/userAccounts/8/resetPassword' ? json(200, { password: 'Fresh-Pass-456' }) : undefined!);
    const table = await openUsers(user);
    await user.click(await within(table).findByRole('button', { name: 'Reset the password of grace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(confirm).toHaveTextContent('Reset the password of grace?');
    await user.click(within(confirm).getByRole('button', { name: 'Reset Password' }));
    const shown = await screen.findByRole('dialog', { name: 'Password Reset' });
    expect(within(shown).getByLabelText('One-time password')).toHaveValue('Fresh-Pass-456');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/userAccounts/8/resetPassword']);
  });

  it('disables after confirmation and enables at once', async () => {
    const user = userEvent.setup();
    handler = (call) => {
      const match = /^\/api\/userAccounts\/(\d+)\/active$/.exec(call.path);
      if (!match || call.method !== 'PUT') return undefined!;
      const id = Number(match[1]);
      const { active } = call.body as { active: boolean };
      accounts = accounts.map((a) => (a.id === id ? { ...a, active } : a));
      return json(
        200,
        accounts.find((a) => a.id === id),
      );
    };
    const table = await openUsers(user);
    await user.click(await within(table).findByRole('button', { name: 'Disable grace' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disable User' });
    await user.click(within(confirm).getByRole('button', { name: 'Disable' }));
    expect(await within(table).findByRole('button', { name: 'Enable grace' })).toBeInTheDocument();
    expect(screen.getByTestId('alert-area')).toHaveTextContent('User Disabled');

    await user.click(within(table).getByRole('button', { name: 'Enable linus' }));
    expect(await within(table).findByRole('button', { name: 'Disable linus' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/userAccounts/8/active', { active: false }],
      ['/api/userAccounts/9/active', { active: true }],
    ]);
  });
});
