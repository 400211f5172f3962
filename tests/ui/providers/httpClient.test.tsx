import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { httpRequest } from '../../../src/providers/httpClient';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { fakeFetch, json, makeToken, noContent, text } from '../fakeApi';

afterEach(() => vi.unstubAllGlobals());

const stored = () => sessionStorage.getItem(TOKEN_STORAGE_KEY);

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('what every call carries', () => {
  it('sends the stored token as a bearer token, with same-origin credentials', async () => {
    const token = makeToken();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    const calls = fakeFetch(() => json(200, { ok: true }));
    const { body } = await httpRequest('/api/customers');
    expect(body).toEqual({ ok: true });
    expect(calls[0].headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(calls[0].credentials).toBe('same-origin');
  });

  it('sends no Authorization header when signed out', async () => {
    const calls = fakeFetch(() => json(200, {}));
    await httpRequest('/api/customers');
    expect(calls[0].headers.has('Authorization')).toBe(false);
  });

  it.each(['POST', 'PUT', 'DELETE'] as const)('adds X-XSRF-TOKEN from the cookie on a relative %s', async (method) => {
    document.cookie = 'other=1; path=/';
    document.cookie = 'XSRF-TOKEN=tok%2Fen; path=/';
    const calls = fakeFetch(() => noContent());
    await httpRequest('/api/customers/1', { method, body: method === 'DELETE' ? undefined : { name: 'A' } });
    expect(calls[0].headers.get('X-XSRF-TOKEN')).toBe('tok/en');
  });

  it('does not add X-XSRF-TOKEN on GET or to an absolute URL', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const calls = fakeFetch(() => json(200, {}));
    await httpRequest('/api/customers');
    await httpRequest('https://geocoder.example/search', { method: 'POST', body: {} });
    await httpRequest('//geocoder.example/search', { method: 'POST', body: {} });
    expect(calls.map((c) => c.headers.has('X-XSRF-TOKEN'))).toEqual([false, false, false]);
  });

  it('encodes query parameters and leaves out undefined ones', async () => {
    const calls = fakeFetch(() => json(200, {}));
    await httpRequest('/api/searchForAddress', { query: { searchString: '12 Main St & Co', limit: undefined, all: null } });
    expect(calls[0].query.get('searchString')).toBe('12 Main St & Co');
    expect(calls[0].query.has('limit')).toBe(false);
    expect(calls[0].query.get('all')).toBe('null');
  });

  it('reads an empty body as null and a blob when asked', async () => {
    fakeFetch(() => noContent());
    expect((await httpRequest('/api/customers/1', { method: 'DELETE' })).body).toBeNull();
    fakeFetch(() => new Response('a,b\n1,2', { status: 200, headers: { 'Content-Type': 'text/csv' } }));
    const { body } = await httpRequest<Blob>('/api/contacts/download', { responseType: 'blob' });
    expect(await body.text()).toBe('a,b\n1,2');
  });
});

describe('token refresh', () => {
  it('replaces the stored token with the one in x-auth-token', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const fresh = makeToken({ iat: 1 }, 3600);
    fakeFetch(() => json(200, {}, { 'x-auth-token': fresh }));
    await httpRequest('/api/customers');
    expect(stored()).toBe(fresh);
  });

  it('keeps the stored token when the header is absent', async () => {
    const token = makeToken();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    fakeFetch(() => json(200, {}));
    await httpRequest('/api/customers');
    expect(stored()).toBe(token);
  });
});

describe('error catalogue (SPEC §8): the HttpError carries the status and the text to show, and nothing is shown here', () => {
  it('401 on a call other than login: an HttpError 401, the token left to the auth provider, no alert', async () => {
    const token = makeToken();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    fakeFetch(() => json(401, { message: 'Your session has expired.' }));
    const error = await failure(httpRequest('/api/customers/3'));
    expect(error.status).toBe(401);
    expect(stored()).toBe(token);
    expect(getAlertState().alert).toBeNull();
  });

  it('401 from login: the server message, the stored token untouched', async () => {
    const token = makeToken();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
    fakeFetch(() => json(401, { message: 'Invalid username or password.' }));
    const error = await failure(httpRequest('/api/login', { method: 'POST', body: {} }));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Invalid username or password.');
    expect(stored()).toBe(token);
  });

  it.each([400, 403, 404, 409, 429, 499, 503])('%i: the message field of the body', async (status) => {
    fakeFetch(() => json(status, { message: `Message for ${status}.` }));
    const error = await failure(httpRequest('/api/customers/1', { method: 'PUT', body: {} }));
    expect(error.status).toBe(status);
    expect(error.message).toBe(`Message for ${status}.`);
    expect(getAlertState().alert).toBeNull();
  });

  it('4xx with a text body: that text', async () => {
    fakeFetch(() => text(404, 'No such page'));
    expect((await failure(httpRequest('/api/nothing'))).message).toBe('No such page');
  });

  it('4xx with neither: the status text', async () => {
    fakeFetch(() => new Response(null, { status: 404, statusText: 'Not Found' }));
    expect((await failure(httpRequest('/api/nothing'))).message).toBe('Not Found');
  });

  it('502: Bad Gateway, whatever the body says', async () => {
    fakeFetch(() => text(502, '<html>nginx</html>'));
    const error = await failure(httpRequest('/api/customers'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Bad Gateway');
  });

  it.each([500, 501, 504])('%i: Unexpected Error', async (status) => {
    fakeFetch(() => json(status, { message: 'Unexpected error' }));
    const error = await failure(httpRequest('/api/customers'));
    expect(error.status).toBe(status);
    expect(error.message).toBe('Unexpected Error');
  });

  it('no response at all: Unexpected Error, status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(httpRequest('/api/customers'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Unexpected Error');
    expect(getAlertState().alert).toBeNull();
  });

  it('keeps the server errors object on the HttpError body, where forms read it', async () => {
    const errors = { name: 'Name is required.', address1: 'Address 1 is required.' };
    fakeFetch(() => json(400, { message: 'Form is invalid.', errors }));
    const error = await failure(httpRequest('/api/customers', { method: 'POST', body: {} }));
    expect(error.body).toEqual({ message: 'Form is invalid.', errors });
    expect(error.message).toBe('Form is invalid.');
  });
});
