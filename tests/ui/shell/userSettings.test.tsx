import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserSettingsPage from '../../../src/pages/userSettings/UserSettingsPage';
import { dataProvider } from '../../../src/providers/dataProvider';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, noContent, type FakeHandler } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';
import { USER_EMAIL_MESSAGE } from '../../../src/schema/userAccount';
import { DETAILS_SAVED } from '../../../src/pages/userSettings/MyDetailsCard';

afterEach(() => vi.unstubAllGlobals());

const MY_DETAILS = { firstName: 'Admin', lastName: 'User', email: null, phone: null };

/** The page with its details read as `details`; the calls it makes besides that read. */
function renderPage(handler: FakeHandler, details: unknown = MY_DETAILS) {
  const calls = fakeFetch((call) => (call.method === 'GET' && call.path === '/api/users/me' ? json(200, details) : handler(call)));
  renderAdmin(<UserSettingsPage />, { dataProvider, alerts: true });
  return {
    get length() {
      return calls.filter((call) => call.path !== '/api/users/me' || call.method !== 'GET').length;
    },
    all: calls,
  };
}

const passwordCalls = (calls: ReturnType<typeof renderPage>) => calls.all.filter((call) => call.path === '/api/users/password');

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const saveDetails = () => fireEvent.click(screen.getByRole('button', { name: 'Save Details' }));

describe('User Settings: Password card', () => {
  it('has the three password fields and Save', async () => {
    renderPage(() => noContent());
    expect(await screen.findByText('Password')).toBeInTheDocument();
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      expect(field(label)).toHaveAttribute('type', 'password');
    }
  });

  it("warns 'Form is invalid.' and names each missing field, sending nothing", async () => {
    const calls = renderPage(() => noContent());
    await screen.findByText('Password');
    save();
    expect(await screen.findByText('Current Password is required.')).toBeInTheDocument();
    expect(screen.getByText('New Password is required.')).toBeInTheDocument();
    expect(screen.getByText('Confirm New Password is required.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningForm is invalid.');
    expect(calls.length).toBe(0);
  });

  it("saves through PUT /api/users/password, says 'User Password Updated' and empties the form", async () => {
    const calls = renderPage(() => noContent());
    await screen.findByText('Password');
    fill({ 'Current Password': 'old-password', 'New Password': 'new-password-1', 'Confirm New Password': 'new-password-1' });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('SuccessUser Password Updated');
    expect(passwordCalls(calls)).toHaveLength(1);
    expect(passwordCalls(calls)[0]).toMatchObject({
      method: 'PUT',
      path: '/api/users/password',
      body: { currentPassword: 'old-password', newPassword: 'new-password-1', confirmNewPassword: 'new-password-1' },
    });
    await waitFor(() => expect(field('Current Password').value).toBe(''));
    expect(field('New Password').value).toBe('');
  });

  it("puts the server's field messages under their fields and keeps what was typed", async () => {
    allowFailedCallLogs(400);
    const errors = { currentPassword: 'Current Password is incorrect.' };
    renderPage(() => json(400, { message: 'Form is invalid.', errors }));
    await screen.findByText('Password');
    fill({ 'Current Password': 'wrong-password', 'New Password': 'new-password-1', 'Confirm New Password': 'new-password-1' });
    save();
    expect(await screen.findByText('Current Password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('WarningForm is invalid.');
    expect(field('Current Password').value).toBe('wrong-password');
  });
});

describe('User Settings: Your details (issue 35)', () => {
  it('shows the stored details, refuses a bad email and phone with their messages, and saves a phone typed as digits in the mask', async () => {
    const calls = renderPage((call) => (call.method === 'PUT' ? json(200, { ...MY_DETAILS, ...(call.body as object) }) : noContent()), {
      firstName: 'Admin',
      lastName: 'User',
      email: null,
      phone: null,
    });
    const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
    const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
    await waitFor(() => expect(input(/^First Name/).value).toBe('Admin'));
    type(/^First Name/, 'Dana');
    type(/^Last Name/, 'Reyes');
    type(/^Email/, 'dana at greenfield');
    saveDetails();
    expect(await screen.findByText(USER_EMAIL_MESSAGE)).toBeInTheDocument();
    expect(calls.length).toBe(0);
    type(/^Email/, 'dana@greenfield.example');
    type(/^Phone/, '6095550142');
    saveDetails();
    expect(await screen.findByText(DETAILS_SAVED)).toBeInTheDocument();
    const put = calls.all.find((call) => call.method === 'PUT')!;
    expect(put).toMatchObject({
      path: '/api/users/me',
      body: { firstName: 'Dana', lastName: 'Reyes', email: 'dana@greenfield.example', phone: '(609) 555-0142' },
    });
  });
});
