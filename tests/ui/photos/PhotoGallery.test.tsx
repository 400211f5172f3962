/** Issue 42: a work area's photos as an estimator meets them — add, caption, order, print, look, delete. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoMessages, type PhotoRecord } from '../../../src/domain/photos';
import { getAlertState } from '../../../src/admin/alerts/alertStore';
import { PhotoGallery, DELETE_PHOTO_QUESTION } from '../../../src/resources/photos/PhotoGallery';
import { fakeDataProvider, renderAdmin } from '../renderAdmin';

const photo = (id: number, order: number, caption = ''): PhotoRecord => ({
  id,
  siteID: null,
  estimateID: null,
  workAreaID: 21,
  snowVisitID: null,
  caption,
  order,
  printOnProposal: false,
  contentType: 'image/jpeg',
  fileName: `IMG_000${id}.JPG`,
  width: 3000,
  height: 2000,
  takenAt: '2026-05-14T09:30:00.000Z',
  bytes: 2_000_000,
  createdAt: '2026-11-20T15:00:00.000Z',
  version: 1,
});

const JPEG_START = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const HEIC_START = new Uint8Array([0, 0, 0, 24, ...Array.from('ftypheic', (c) => c.charCodeAt(0)), 0, 0, 0, 0]);

function renderGallery(stored: PhotoRecord[]) {
  let photos = [...stored];
  const request = vi.fn(async (method: string, path: string, options?: { body?: unknown }) => {
    if (method === 'GET' && path === '/workAreas/21/photos') return { photos };
    if (method === 'GET' && /^\/photos\/\d+\/(thumb|large)$/.test(path)) return new Blob([JPEG_START], { type: 'image/jpeg' });
    if (method === 'POST' && path === '/workAreas/21/photos') {
      const file = (options?.body as FormData).get('file') as File;
      const added = { ...photo(100 + photos.length, photos.length), fileName: file.name };
      photos = [...photos, added];
      return { photos: [added] };
    }
    const one = /^\/photos\/(\d+)$/.exec(path);
    if (one && method === 'PUT') {
      const body = options?.body as Partial<PhotoRecord>;
      photos = photos
        .map((p) => (p.id === Number(one[1]) ? { ...p, ...body, version: p.version + 1 } : p))
        .sort((a, b) => a.order - b.order);
      return photos.find((p) => p.id === Number(one[1]));
    }
    if (one && method === 'DELETE') {
      photos = photos.filter((p) => p.id !== Number(one[1]));
      return null;
    }
    throw new Error(`no ${method} ${path}`);
  });
  renderAdmin(<PhotoGallery owner="workAreas" ownerID={21} printable />, { dataProvider: fakeDataProvider({ request }), alerts: true });
  return request;
}

const writes = (request: ReturnType<typeof renderGallery>) => request.mock.calls.filter(([method]) => method !== 'GET');

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/photo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('Photo gallery', () => {
  it('says there are none yet, then adds the photos chosen, one request each, and says how many', async () => {
    const request = renderGallery([]);
    expect(await screen.findByText('No photos yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take photo' })).toBeEnabled();
    const camera = screen.getByTestId('workAreas-camera');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    const files = [new File([JPEG_START], 'front.jpg', { type: 'image/jpeg' }), new File([JPEG_START], 'side.jpg', { type: 'image/jpeg' })];
    await userEvent.upload(screen.getByLabelText('Photos: add photos'), files);
    await waitFor(() => expect(getAlertState().alert).toMatchObject({ type: 'SUCCESS', message: '2 photos added' }));
    expect(writes(request).map(([method, path]) => `${method} ${path}`)).toEqual([
      'POST /workAreas/21/photos',
      'POST /workAreas/21/photos',
    ]);
    expect(await screen.findByRole('img', { name: 'front.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'side.jpg' })).toBeInTheDocument();
  });

  it('refuses a HEIC photo before sending it, in the words the server would use', async () => {
    const request = renderGallery([]);
    await screen.findByText('No photos yet.');
    await userEvent
      .setup({ applyAccept: false })
      .upload(screen.getByLabelText('Photos: add photos'), [new File([HEIC_START], 'IMG_0042.HEIC', { type: 'image/heic' })]);
    await waitFor(() => expect(getAlertState().alert?.message).toBe(`IMG_0042.HEIC: ${photoMessages.heic}`));
    expect(writes(request)).toEqual([]);
  });

  it('saves a caption and the print switch with the photo’s version', async () => {
    const request = renderGallery([photo(1, 0), photo(2, 1)]);
    const caption = (await screen.findAllByRole('textbox', { name: 'Caption' }))[0];
    await userEvent.type(caption, 'Before: the north bed{Enter}');
    await waitFor(() =>
      expect(writes(request)).toEqual([['PUT', '/photos/1', { body: { caption: 'Before: the north bed', version: 1 } }]]),
    );
    fireEvent.click((await screen.findAllByRole('checkbox', { name: 'On proposal' }))[1]);
    await waitFor(() => expect(writes(request)[1]).toEqual(['PUT', '/photos/2', { body: { printOnProposal: true, version: 1 } }]));
  });

  it('moves a photo later by numbering the gallery again, writing only the photos that moved', async () => {
    const request = renderGallery([photo(1, 0), photo(2, 1), photo(3, 2)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move IMG_0001.JPG later' }));
    await waitFor(() => expect(writes(request)).toHaveLength(2));
    expect(writes(request)).toEqual([
      ['PUT', '/photos/2', { body: { order: 0, version: 1 } }],
      ['PUT', '/photos/1', { body: { order: 1, version: 1 } }],
    ]);
    expect(screen.getByRole('button', { name: 'Move IMG_0001.JPG earlier' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move IMG_0002.JPG earlier' })).toBeDisabled();
  });

  it('opens the large photo and goes through the gallery with the arrow keys', async () => {
    renderGallery([photo(1, 0, 'Front'), photo(2, 1, 'Back')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Front' }));
    const dialog = await screen.findByRole('dialog', { name: /Front/ });
    expect(within(dialog).getByText('1 of 2')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: /Back/ })).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: /Front/ })).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a photo after asking', async () => {
    const request = renderGallery([photo(1, 0)]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete IMG_0001.JPG' }));
    const question = await screen.findByRole('dialog');
    expect(question).toHaveTextContent(DELETE_PHOTO_QUESTION);
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(request)).toEqual([['DELETE', '/photos/1']]));
    expect(await screen.findByText('No photos yet.')).toBeInTheDocument();
  });
});
