/**
 * Files from the API (PDFs now; any authenticated download): fetched with the user's token, as
 * every API call is (a bare link or window.open on an API URL would carry none), read chunk by
 * chunk so the alert area's progress channel can show how far it has come. Failures go through
 * the same catalogue of alerts as every other call (SPEC §8).
 * Same signature as the operations branch's downloadFile in httpClient.ts: where both exist,
 * this file can go and its callers import that one.
 */
import { HttpError } from 'react-admin';
import { showError } from '../custom/alerts/alertStore';
import { API_BASE, UNEXPECTED_ERROR, readBody, reportFailure } from './httpClient';
import { readToken, storeToken } from './sessionToken';

export interface DownloadedFile {
  blob: Blob;
  /** The server's name for the file (Content-Disposition), else the last segment of the path. */
  filename: string;
}

export interface DownloadOptions {
  query?: Record<string, string>;
  /** Bytes received so far, and the total when the server says it (else the bytes so far). */
  onProgress?: (loaded: number, total: number) => void;
}

/** `filename="Proposal-12.pdf"` (or RFC 5987 `filename*=UTF-8''…`) of a Content-Disposition header. */
export function filenameFromDisposition(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(disposition)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(disposition)?.[1];
}

async function readWithProgress(response: Response, onProgress: DownloadOptions['onProgress']): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const declared = Number(response.headers.get('content-length'));
  const total = Number.isFinite(declared) && declared > 0 ? declared : 0;
  if (!response.body || !onProgress) return new Blob([await response.arrayBuffer()], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress(loaded, Math.max(total, loaded));
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** GET `path` (relative to /api) as a file. */
export async function downloadFile(path: string, { query, onProgress }: DownloadOptions = {}): Promise<DownloadedFile> {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  const url = `${API_BASE}${path}${search}`;
  const headers = new Headers({ Accept: '*/*' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(url, { headers, credentials: 'same-origin' });
  } catch {
    showError(UNEXPECTED_ERROR);
    throw new HttpError(UNEXPECTED_ERROR, 0, { message: UNEXPECTED_ERROR });
  }
  const refreshed = response.headers.get('x-auth-token');
  if (refreshed) storeToken(refreshed);
  if (!response.ok) throw reportFailure(url, response, await readBody(response));
  let blob: Blob;
  try {
    blob = await readWithProgress(response, onProgress);
  } catch {
    // The connection broke off half way.
    showError(UNEXPECTED_ERROR);
    throw new HttpError(UNEXPECTED_ERROR, 0, { message: UNEXPECTED_ERROR });
  }
  return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition')) ?? path.split('/').pop() ?? 'download' };
}
