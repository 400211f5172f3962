import { act, render, screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { authProvider } from '../../../src/providers/authProvider';
import { NavigationBridge } from '../../../src/providers/navigation';
import { TOKEN_STORAGE_KEY, isTokenUnexpired } from '../../../src/providers/sessionToken';
import { base64url, fakeFetch, json, makeToken } from '../fakeApi';

afterEach(() => vi.unstubAllGlobals());

const stored = () => sessionStorage.getItem(TOKEN_STORAGE_KEY);
const store = (token: string) => sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
const header = base64url({ alg: 'HS256', typ: 'JWT' });

describe('authenticated = a stored token that has not expired', () => {
  it('accepts a token whose exp is ahead', async () => {
    store(makeToken());
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(stored()).not.toBeNull();
  });

  it.each([
    ['no token stored', null],
    ['exp in the past', makeToken({ exp: Math.floor(Date.now() / 1000) - 1 })],
    ['exp missing', makeToken({ exp: undefined })],
    ['exp empty', makeToken({ exp: '' })],
    ['exp null', makeToken({ exp: null })],
    ['exp not a number', makeToken({ exp: 'tomorrow' })],
    ['two parts only', `${header}.${base64url({ exp: 9999999999 })}`],
    ['four parts', `${makeToken()}.extra`],
    ['a payload that is not base64 JSON', `${header}.not-json!.sig`],
    ['a payload that is not an object', `${header}.${base64url(42)}.sig`],
    ['an empty string', ''],
  ])('refuses %s and removes it', async (_case, token) => {
    if (token !== null) store(token);
    await expect(authProvider.checkAuth({})).rejects.toEqual({ message: false });
    expect(stored()).toBeNull();
  });

  it('treats exp exactly now as expired', () => {
    const now = Date.now();
    const token = makeToken({ exp: now / 1000 });
    expect(isTokenUnexpired(token, now)).toBe(false);
    expect(isTokenUnexpired(token, now - 1)).toBe(true);
  });
});

describe('identity from the token claims', () => {
  it('gives id, full name, first and last name, and keeps the other claims but exp and iat', async () => {
    store(makeToken({ signedInAt: 123 }));
    const identity = await authProvider.getIdentity!();
    expect(identity).toMatchObject({
      id: 7,
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      signedInAt: 123,
    });
    expect(identity).not.toHaveProperty('exp');
    expect(identity).not.toHaveProperty('iat');
  });

  it('has no identity without a valid token', async () => {
    store(makeToken({ exp: 1 }));
    await expect(authProvider.getIdentity!()).rejects.toEqual({ message: false });
  });
});

describe('permissions from the token claims (issue 26: shown, never trusted by the server)', () => {
  it('gives the role and whether a one-time password must be changed first', async () => {
    store(makeToken());
    expect(await authProvider.getPermissions!({})).toEqual({ role: 'admin', mustChangePassword: false });
    store(makeToken({ role: 'staff', mustChangePassword: true }));
    expect(await authProvider.getPermissions!({})).toEqual({ role: 'staff', mustChangePassword: true });
  });

  it('counts an unknown or missing role, or no valid token, as staff', async () => {
    store(makeToken({ role: 'owner' }));
    expect(await authProvider.getPermissions!({})).toEqual({ role: 'staff', mustChangePassword: false });
    store(makeToken({ role: undefined }));
    expect((await authProvider.getPermissions!({})).role).toBe('staff');
    store(makeToken({ exp: 1 }));
    expect((await authProvider.getPermissions!({})).role).toBe('staff');
  });
});

describe('login', () => {
  it('sends a one-time password to User Settings first, anyone else nowhere in particular', async () => {
    fakeFetch(() => json(200, { token: makeToken({ mustChangePassword: true }), mustChangePassword: true }));
    expect(await authProvider.login({ username: 'ada', password: 'one-time-pass' })).toEqual({ redirectTo: '/user-settings' });
    fakeFetch(() => json(200, { token: makeToken(), mustChangePassword: false }));
    expect(await authProvider.login({ username: 'ada', password: 'own-pass' })).toBeUndefined();
  });

  it('posts the credentials with the anti-forgery header and stores the token', async () => {
    document.cookie = 'XSRF-TOKEN=abc123; path=/';
    const token = makeToken();
    const calls = fakeFetch(() => json(200, { token }));
    await authProvider.login({ username: 'ada', password: 'secret-pass' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/login', body: { username: 'ada', password: 'secret-pass' } });
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('abc123');
    expect(stored()).toBe(token);
  });

  it('rejects a 401 with the server message (the login screen shows it) and stores nothing', async () => {
    fakeFetch(() => json(401, { message: 'Invalid username or password.' }));
    await expect(authProvider.login({ username: 'ada', password: 'wrong' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid username or password.',
    });
    expect(getAlertState().alert).toBeNull();
    expect(stored()).toBeNull();
  });

  it('refuses an answer without a usable token', async () => {
    fakeFetch(() => json(200, { token: makeToken({ exp: 1 }) }));
    await expect(authProvider.login({ username: 'ada', password: 'x' })).rejects.toThrow(
      'The server answered the sign-in without a valid token.',
    );
    expect(stored()).toBeNull();
  });
});

describe('logout', () => {
  it('removes the token and replaces the current history entry with /login', async () => {
    store(makeToken());
    const router = createMemoryRouter(
      [
        { path: '/customers', element: <NavigationBridge /> },
        { path: '/login', element: <p>Sign-in screen</p> },
      ],
      { initialEntries: ['/home', '/customers'], initialIndex: 1 },
    );
    render(<RouterProvider router={router} />);
    let redirect: unknown;
    await act(async () => {
      redirect = await authProvider.logout({});
    });
    expect(redirect).toBe(false); // react-admin must not push /login a second time
    expect(stored()).toBeNull();
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('checkError', () => {
  function renderRouter() {
    const router = createMemoryRouter([{ path: '*', element: <NavigationBridge /> }], {
      initialEntries: ['/home', '/customers/3'],
      initialIndex: 1,
    });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('signs out on a 401, to /login replacing history, and still resolves so the failed call stays a failure', async () => {
    store(makeToken());
    const router = renderRouter();
    await act(async () => {
      await expect(authProvider.checkError(new HttpError('Your session has expired.', 401))).resolves.toBeUndefined();
    });
    expect(stored()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves the user signed in on any other failure', async () => {
    const token = makeToken();
    store(token);
    const router = renderRouter();
    for (const status of [0, 400, 403, 404, 409, 429, 500, 502, 503]) {
      await expect(authProvider.checkError(new HttpError('x', status))).resolves.toBeUndefined();
    }
    expect(stored()).toBe(token);
    expect(router.state.location.pathname).toBe('/customers/3');
  });
});
