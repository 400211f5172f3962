import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import UserSettingsPage from '../../../src/pages/userSettings/UserSettingsPage';
import { dataProvider } from '../../../src/providers/dataProvider';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, noContent, type FakeHandler } from '../fakeApi';
import { renderAdmin } from '../renderAdmin';

afterEach(() => vi.unstubAllGlobals());

function renderPage(handler: FakeHandler) {
  const calls = fakeFetch(handler);
  renderAdmin(<UserSettingsPage />, { dataProvider, alerts: true });
  return calls;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

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
    expect(calls).toHaveLength(0);
  });

  it("saves through PUT /api/users/password, says 'User Password Updated' and empties the form", async () => {
    const calls = renderPage(() => noContent());
    await screen.findByText('Password');
    fill({ 'Current Password': 'old-password', 'New Password': 'new-password-1', 'Confirm New Password': 'new-password-1' });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('SuccessUser Password Updated');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
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
