/** A signed-in client of a real server over HTTP: token and anti-forgery pair on every call. */
const XSRF = 'http-session-xsrf-token';

export interface HttpAnswer {
  status: number;
  body: any;
}

export type HttpCall = (method: string, path: string, body?: unknown) => Promise<HttpAnswer>;

export async function httpCall(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<HttpAnswer> {
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text && (res.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<HttpCall> {
  const answer = await httpCall(baseUrl, 'POST', '/api/login', { username, password });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const token = answer.body.token as string;
  return (method, path, body) => httpCall(baseUrl, method, path, body, token);
}
