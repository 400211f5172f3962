import { request as httpRequest } from 'node:http';
/** A signed-in client of a real server over HTTP: token and anti-forgery pair on every call. */
const XSRF = 'http-session-xsrf-token';

export interface HttpAnswer {
  status: number;
  body: any;
}

export type HttpCall = (method: string, path: string, body?: unknown) => Promise<HttpAnswer>;

/**
 * One request on a connection of its own. fetch keeps connections alive, and a test that blocks
 * its thread for seconds (spawnSync of a CLI) may then reuse one the server has closed meanwhile
 * ("other side closed"): a race of the test, not of the server.
 */
function send(url: URL, method: string, headers: Record<string, string>, payload?: string) {
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export async function httpCall(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<HttpAnswer> {
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await send(new URL(path, baseUrl), method, headers, body === undefined ? undefined : JSON.stringify(body));
  return { status: res.status, body: res.text && res.type.includes('json') ? JSON.parse(res.text) : res.text };
}

export async function signIn(baseUrl: string, username: string, password: string): Promise<HttpCall> {
  const answer = await httpCall(baseUrl, 'POST', '/api/login', { username, password });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const token = answer.body.token as string;
  return (method, path, body) => httpCall(baseUrl, method, path, body, token);
}
