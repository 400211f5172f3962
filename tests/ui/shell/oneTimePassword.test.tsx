import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/App';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { accessMessages } from '../../../src/schema/userAccount';
import { fakeFetch, json, makeToken, type FakeCall, EMPTY_AGREEMENT_SUMMARY, EMPTY_PIPELINE } from '../fakeApi';

const NO_ESTIMATES = [0, 1, 2, 3].map((status) => ({ status, count: 0, price: 0 }));
const NO_MARGIN = { count: 0, revenue: 0, cost: 0, grossProfit: 0, marginPercent: null };
const ONE_TIME = 'One-Time-Pass-123';
const CHOSEN = 'grace chose this';

/** Grace, staff, just given a one-time password: the server and her token say she must change it. */
const oneTimeToken = makeToken({
  sub: '8',
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'staff',
  mustChangePassword: true,
});
const changedToken = makeToken({
  sub: '8',
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Hopper',
  role: 'staff',
  mustChangePassword: false,
});

function api(call: FakeCall): Response {
  if (call.path === '/api/login') return json(200, { token: oneTimeToken, mustChangePassword: true });
  if (call.path === '/api/users/password' && call.method === 'PUT') {
    const { currentPassword } = call.body as { currentPassword: string };
    if (currentPassword !== ONE_TIME) return json(400, { message: 'Current Password is incorrect.' });
    return json(200, { message: 'Password updated.' }, { 'x-auth-token': changedToken });
  }
  // What Home asks for, as an empty office answers.
  if (call.path === '/api/insights/estimates') return json(200, { current: NO_ESTIMATES, last30Days: NO_ESTIMATES, allTime: NO_ESTIMATES });
  if (call.path === '/api/insights/services') return json(200, []);
  if (call.path === '/api/proposals/awaiting') return json(200, { proposals: [] });
  if (call.path === '/api/proposals/pipeline') return json(200, EMPTY_PIPELINE);
  if (call.path === '/api/notices') return json(200, { notices: [], unseen: 0 });
  if (call.path === '/api/agreements/summary') return json(200, EMPTY_AGREEMENT_SUMMARY);
  if (call.path === '/api/insights/margin') return json(200, { signedMargin: { last30Days: NO_MARGIN, allTime: NO_MARGIN }, winRates: [] });
  if (call.path === '/api/company') return json(200, { id: 1, version: 0, name: null, logo: null });
  if (call.path === '/api/users') return json(200, []);
  if (call.path === '/api/imports') return json(200, { imports: [] });
  return json(403, { message: accessMessages.mustChangePassword });
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('signing in with a one-time password (issue 26)', () => {
  it('shows the password change at once, keeps every other screen away until it is done, then goes home', async () => {
    window.history.replaceState(null, '', '/login');
    const calls = fakeFetch(api);
    render(<App />);
    fireEvent.change(await screen.findByLabelText(/Username/), { target: { value: 'grace' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: ONE_TIME } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(new RegExp(accessMessages.mustChangePassword))).toBeInTheDocument();
    expect(window.location.pathname).toBe('/user-settings');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(oneTimeToken);

    // Another screen from the navigation: still the password change, and nothing asked of the API.
    const before = calls.length;
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Customers' }));
    await waitFor(() => expect(window.location.pathname).toBe('/customers'));
    expect(screen.getByText(new RegExp(accessMessages.mustChangePassword))).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    expect(calls.slice(before).filter((c) => c.path.startsWith('/api/customers'))).toEqual([]);

    fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: ONE_TIME } });
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: CHOSEN } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: CHOSEN } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Grace!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(changedToken);
    expect(screen.queryByText(new RegExp(accessMessages.mustChangePassword))).toBeNull();
    expect(calls.find((c) => c.path === '/api/users/password')).toMatchObject({
      method: 'PUT',
      body: { currentPassword: ONE_TIME, newPassword: CHOSEN, confirmNewPassword: CHOSEN },
    });
  });

  it('shows the password change on any address while the token says it is due (a reload)', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, oneTimeToken);
    window.history.replaceState(null, '', '/estimates');
    const calls = fakeFetch(api);
    render(<App />);
    expect(await screen.findByText(new RegExp(accessMessages.mustChangePassword))).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/estimates'))).toEqual([]);
  });
});
