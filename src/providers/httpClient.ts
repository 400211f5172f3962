/**
 * Every call to the API goes through here (SPEC §7 intro, §8): the bearer token, the
 * anti-forgery header and token refresh from x-auth-token. A failed call rejects with
 * react-admin's HttpError carrying the status, the body and the error catalogue's text
 * (src/domain/failureAlerts.ts); showing it is the notification path's work
 * (src/admin/alerts), signing out on a 401 the auth provider's checkError.
 */
import { HttpError } from 'react-admin';
import { storeToken, readToken } from './sessionToken';
import { FRESH_TOKEN_HEADER as REFRESHED_TOKEN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '../domain/apiContract';
import { failureMessage, NO_RESPONSE, UNEXPECTED_ERROR } from '../domain/failureAlerts';
import { jobMessages, type JobView } from '../domain/jobs';

export const API_BASE = '/api';
export const LOGIN_PATH = `${API_BASE}/login`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, unless it is FormData or a Blob. */
  body?: unknown;
  /** Query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
  /** How to read a successful body (default: JSON, or null when there is none). */
  responseType?: 'json' | 'blob';
  /** For blobs: bytes received so far and the size announced by the server (0 when unknown). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function isRelative(url: string): boolean {
  return !/^([a-z][a-z0-9+.-]*:)?\/\//i.test(url);
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The HttpError a failed response rejects with (SPEC §8): the catalogue's text, the status, the body. */
function failureOf(response: Response, body: unknown): HttpError {
  const errorBody = body && typeof body === 'object' ? body : { message: body };
  return new HttpError(failureMessage(response.status, body, response.statusText), response.status, errorBody);
}

function requestHeaders(url: string, method: HttpMethod, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined && !(body instanceof FormData) && !(body instanceof Blob)) {
    headers.set('Content-Type', 'application/json');
  }
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (method !== 'GET' && isRelative(url)) {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
  }
  return headers;
}

/**
 * Calls `url` (normally `/api/...`) and resolves with the parsed body, or rejects with
 * react-admin's HttpError (its message the catalogue's text, no alert shown here). A server `errors` object stays on
 * `error.body.errors`, where react-admin forms pick it up for their fields.
 */
export async function httpRequest<T = unknown>(url: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const method = options.method ?? 'GET';
  const fullUrl = withQuery(url, options.query);
  const payload =
    options.body === undefined || options.body instanceof FormData || options.body instanceof Blob
      ? (options.body as BodyInit | undefined)
      : JSON.stringify(options.body);

  let response: Response;
  try {
    response = await fetch(fullUrl, {
      method,
      headers: requestHeaders(url, method, options.body),
      body: payload,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // No response at all (network down, server gone): "anything else" of the catalogue.
    throw new HttpError(UNEXPECTED_ERROR, NO_RESPONSE, { message: UNEXPECTED_ERROR });
  }

  const refreshed = response.headers.get(REFRESHED_TOKEN_HEADER);
  if (refreshed) storeToken(refreshed);

  if (!response.ok) throw failureOf(response, await readBody(response));

  const body = options.responseType === 'blob' ? await readBlob(response, options.onProgress) : await readBody(response);
  return { status: response.status, headers: response.headers, body: body as T };
}

/** The body as a Blob, reporting each chunk as it arrives when asked to. */
async function readBlob(response: Response, onProgress?: RequestOptions['onProgress']): Promise<Blob> {
  if (!onProgress || !response.body) return response.blob();
  const announced = Number(response.headers.get('content-length'));
  const total = Number.isSafeInteger(announced) && announced > 0 ? announced : 0;
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    loaded += value.length;
    onProgress(loaded, Math.max(total, loaded));
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
}

export interface DownloadOptions {
  query?: RequestOptions['query'];
  onProgress?: RequestOptions['onProgress'];
  signal?: AbortSignal;
}

export interface DownloadedFile {
  blob: Blob;
  /** The server's name for the file (Content-Disposition), else the last segment of the path. */
  filename: string;
}

/** The file name of a Content-Disposition header: the RFC 5987 `filename*` first, then `filename`. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || undefined;
}

/** How often a document's job is asked about while it is made: soon at first, then every few seconds. */
const JOB_POLL_MS = { first: 500, most: 3_000 };

/**
 * A document that outlasted its request's wait answers 202 with its job (issue 36): the job is
 * followed until it is done, and its file is then at `/jobs/:id/file`; a job that failed rejects
 * like a failed call (422, with why).
 */
async function jobFile(jobID: number, signal?: AbortSignal): Promise<string> {
  for (let pause = JOB_POLL_MS.first; ; pause = Math.min(pause * 2, JOB_POLL_MS.most)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
    signal?.throwIfAborted();
    const { body: job } = await httpRequest<JobView>(`${API_BASE}/jobs/${jobID}`, { signal });
    if (job.status === 'done') return `/jobs/${jobID}/file`;
    if (job.status === 'failed' || job.status === 'cancelled') {
      const body = { message: job.error ?? jobMessages.cancelled };
      throw new HttpError(failureMessage(422, body, ''), 422, body);
    }
  }
}

/**
 * Downloads a file from the API (`path` relative to /api, e.g. `/operations/download`) with
 * the user's token, failing like every call, reporting progress as it arrives. Screens reach
 * it as the data provider's `download` (so that a failure is reported and a 401 signs out).
 * A document made by a job that outlasts the request (202) is waited for and then downloaded.
 * Save it with saveBlob (src/providers/saveBlob.ts).
 */
export async function downloadFile(path: string, { query, onProgress, signal }: DownloadOptions = {}): Promise<DownloadedFile> {
  if (!path.startsWith('/')) throw new Error(`API paths start with "/", got "${path}".`);
  const { status, body, headers } = await httpRequest<Blob>(`${API_BASE}${path}`, { query, responseType: 'blob', onProgress, signal });
  if (status === 202) return downloadFile(await jobFile(JSON.parse(await body.text()).jobID, signal), { onProgress, signal });
  const filename = filenameFromDisposition(headers.get('content-disposition')) ?? path.split('/').pop() ?? 'download';
  return { blob: body, filename };
}
