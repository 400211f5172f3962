import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { downloadFile, filenameFromDisposition } from '../../../src/providers/httpClient';
import { TOKEN_STORAGE_KEY } from '../../../src/providers/sessionToken';
import { fakeFetch, json, makeToken } from '../fakeApi';

afterEach(() => vi.unstubAllGlobals());

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="operations--2025-03-09.xlsx"', 'operations--2025-03-09.xlsx'],
    ['attachment; filename=contacts_export.csv', 'contacts_export.csv'],
    [`attachment; filename="Proposal_.pdf"; filename*=UTF-8''Proposal%20%E2%80%93%20Caf%C3%A9.pdf`, 'Proposal – Café.pdf'],
    [`attachment; filename="plain.pdf"; filename*=UTF-8''bad%E2%80`, 'plain.pdf'],
    ['attachment; filename="with \\"quotes\\".csv"', 'with "quotes".csv'],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});

describe('downloadFile', () => {
  it('sends the token, reads the body as a blob reporting progress, and names it from the response', async () => {
    sessionStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
    const calls = fakeFetch(
      () =>
        new Response('abcdef', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="contacts_export.csv"' },
        }),
    );
    const progress: [number, number][] = [];
    const file = await downloadFile('/contacts/download', {
      query: { a: 1 },
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(file.filename).toBe('contacts_export.csv');
    expect(await file.blob.text()).toBe('abcdef');
    expect(calls[0].url).toBe('/api/contacts/download?a=1');
    expect(calls[0].headers.get('authorization')).toMatch(/^Bearer /);
    // No Content-Length: the total follows what has arrived.
    expect(progress[0]).toEqual([0, 0]);
    expect(progress.at(-1)).toEqual([6, 6]);
  });

  it('falls back to the last path segment without a Content-Disposition', async () => {
    fakeFetch(() => new Response('x', { status: 200 }));
    expect((await downloadFile('/operations/download')).filename).toBe('download');
  });

  it('fails like any call: a rejection with the catalogue’s text, no alert of its own', async () => {
    fakeFetch(() => json(400, { message: 'Unknown filter column: nope.' }));
    await expect(downloadFile('/operations/download', { query: { 'filter:nope': '[1]' } })).rejects.toMatchObject({
      status: 400,
      message: 'Unknown filter column: nope.',
    });
    expect(getAlertState().alert).toBeNull();
  });

  it('only takes API paths', async () => {
    await expect(downloadFile('operations/download')).rejects.toThrow('API paths start with "/"');
  });
});
