import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../../src/App';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { allowFailedCallLogs } from '../consoleErrors';
import { fakeFetch, json, makeToken, type FakeHandler, EMPTY_AGREEMENT_SUMMARY, EMPTY_PIPELINE } from '../fakeApi';

const NO_ESTIMATES = [0, 1, 2, 3].map((status) => ({ status, count: 0, price: 0 }));
const NO_MARGIN = { count: 0, revenue: 0, cost: 0, grossProfit: 0, marginPercent: null };

/** What Home asks for on arrival, answered as by an empty database; everything else by `handler`. */
function withHomeInsights(handler: FakeHandler): FakeHandler {
  return (call) => {
    if (call.path === '/api/insights/estimates')
      return json(200, { current: NO_ESTIMATES, last30Days: NO_ESTIMATES, allTime: NO_ESTIMATES });
    if (call.path === '/api/insights/services') return json(200, []);
    if (call.path === '/api/proposals/awaiting') return json(200, { proposals: [] });
    if (call.path === '/api/proposals/pipeline') return json(200, EMPTY_PIPELINE);
    if (call.path === '/api/notices') return json(200, { notices: [], unseen: 0 });
    if (call.path === '/api/agreements/summary') return json(200, EMPTY_AGREEMENT_SUMMARY);
    if (call.path === '/api/insights/margin')
      return json(200, { signedMargin: { last30Days: NO_MARGIN, allTime: NO_MARGIN }, winRates: [] });
    // Getting started: a new office.
    if (call.path === '/api/company') return json(200, { id: 1, version: 0, name: null, logo: null });
    if (call.path === '/api/users') return json(200, []);
    if (call.path === '/api/users/me') return json(200, { firstName: 'Admin', lastName: 'User', email: null, phone: null });
    if (call.path === '/api/imports') return json(200, { imports: [] });
    return handler(call);
  };
}

/** The whole SPA on jsdom's address bar, with the API faked. */
function openApp(path: string, handler: FakeHandler = () => json(404, { message: 'Not here.' })) {
  window.history.replaceState(null, '', path);
  const calls = fakeFetch(withHomeInsights(handler));
  const historyLength = window.history.length;
  render(<App />);
  return { calls, historyLength };
}

const signIn = async (username: string, password: string) => {
  fireEvent.change(await screen.findByLabelText(/Username/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
};

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-value; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the login screen', () => {
  it('is where a protected route sends a signed-out user, replacing history', async () => {
    const { historyLength } = openApp('/customers');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(window.history.length).toBe(historyLength);
  });

  it('sends a user whose token has expired to /login', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken({}, -60));
    openApp('/user-settings');
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs in and goes to /home replacing history, greeting the user by first name', async () => {
    const token = makeToken({ firstName: 'Grace', lastName: 'Hopper' });
    const { calls, historyLength } = openApp('/login', () => json(200, { token }));
    await signIn('grace', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Welcome, Grace!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
    expect(window.history.length).toBe(historyLength);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/login', body: { username: 'grace', password: 'correct horse' } });
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('xsrf-value');
  });

  it('warns with the server message on wrong credentials and stays', async () => {
    openApp('/login', () => json(401, { message: 'Invalid username or password.' }));
    await signIn('grace', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('WarningInvalid username or password.');
    expect(window.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
  });

  it("signing in after a failed attempt takes the failure's warning away", async () => {
    const token = makeToken();
    openApp('/login', (call) =>
      (call.body as { password: string }).password === 'right'
        ? json(200, { token })
        : json(401, { message: 'Invalid username or password.' }),
    );
    await signIn('ada', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    await signIn('ada', 'right');
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('needs both fields before calling the server', async () => {
    const { calls } = openApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(calls).toHaveLength(0);
  });
});

describe('routes of a signed-in user', () => {
  it.each(['/', '/dashboard'])('%s leads to /home', async (path) => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    openApp(path);
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/home');
  });

  it('is signed out to /login, without an alert, when the API answers 401', async () => {
    allowFailedCallLogs(401);
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    openApp('/user-settings', () => json(401, { message: 'Your session has expired.' }));
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) {
      fireEvent.change(await screen.findByLabelText(label), { target: { value: 'some-password' } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens a deep link directly, in the shell', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    openApp('/user-settings');
    expect(await screen.findByText('Password')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});
