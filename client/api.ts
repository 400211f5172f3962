/**
 * The client's page talks to the public proposal API (issue 22) only. No sign-in: the token in
 * the page's address is the only key. Non-GET requests echo the XSRF-TOKEN cookie the server
 * set on the page in X-XSRF-TOKEN (server/auth/xsrf.ts checks every non-GET /api request).
 */
import { XSRF_COOKIE, XSRF_HEADER } from '../src/domain/apiContract';
import type { PublicProposal } from '../src/domain/proposals';

/** A failed request: its status (0 when the server could not be reached) and what to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field messages of a 400 (`{field: message}`). */
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Signature = string | { typed: string };

export interface AcceptBody {
  acceptedWorkAreaIDs: number[];
  signerName: string;
  signature: Signature;
}

export type Answer =
  | { kind: 'accept'; body: AcceptBody }
  | { kind: 'decline'; body: { reason: string; lostReason?: string } }
  | { kind: 'requestChanges'; body: { message: string } };

/** The token: the last segment of the page's path (/p/<token>). */
export function tokenFromPath(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

export const proposalUrl = (token: string) => `/api/public/proposals/${encodeURIComponent(token)}`;

function xsrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === XSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

const UNREACHABLE = 'We could not reach the server. Check your internet connection and try again.';
const UNEXPECTED = 'Something went wrong on our side. Please try again in a moment.';

async function request<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const xsrf = method === 'GET' ? undefined : xsrfToken();
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  let json: unknown = null;
  try {
    const text = await response.text();
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const answer = (json ?? {}) as { message?: unknown; errors?: unknown };
    const message = typeof answer.message === 'string' && answer.message.trim() ? answer.message : UNEXPECTED;
    const errors: Record<string, string> = {};
    if (answer.errors && typeof answer.errors === 'object') {
      for (const [field, text] of Object.entries(answer.errors)) if (typeof text === 'string') errors[field] = text;
    }
    throw new ApiError(response.status, message, errors);
  }
  return json as T;
}

export function loadProposal(token: string): Promise<PublicProposal> {
  return request<PublicProposal>('GET', proposalUrl(token));
}

export function sendAnswer(token: string, answer: Answer): Promise<unknown> {
  return request('POST', `${proposalUrl(token)}/${answer.kind}`, answer.body);
}
