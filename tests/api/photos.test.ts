/**
 * Issue 42: photos of sites, estimates and work areas — kept oriented and stripped of where they
 * were taken, in three sizes, within the office's room, refused with the office's words when
 * they are not photos — on both databases.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoMessages, PHOTO_LARGE_SIDE, PHOTO_THUMB_SIDE } from '../../src/domain/photos';
import { bombPng, handBuiltJpeg } from '../helpers/imageBombs';
import { getBinary } from '../helpers/pdfText';
import {
  exifHasGps,
  heicStart,
  hugeHeaderPng,
  multipartBody,
  phoneJpeg,
  plainPng,
  plainWebp,
  svgDrawing,
  upload,
} from '../helpers/photoFixtures';
import { createEstimate } from '../helpers/printFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const QUOTA = 3 * 1024 * 1024;

describe.each(databaseKinds())('photos on %s', (kind) => {
  let api: TestApi;
  let estimate: Awaited<ReturnType<typeof createEstimate>>;

  beforeAll(async () => {
    api = await createTestApi(kind, { photoQuotaBytes: QUOTA });
    estimate = await createEstimate(api, { projectName: 'Photos', areas: [{ name: 'Front beds', items: [] }] });
  });
  afterAll(() => api?.close());

  const areaPhotos = () => `/api/workAreas/${estimate.areaIDs[0]}/photos`;
  const photoCount = async () => (await api.get(areaPhotos())).body.photos.length as number;

  it('keeps a phone JPEG turned upright, without its GPS position, with the time it was taken, in three sizes', async () => {
    const res = await upload(api, areaPhotos(), [{ name: 'IMG_0001.JPG', bytes: await phoneJpeg(3000, 2000) }]);
    expect(res.status, res.raw).toBe(201);
    const [photo] = res.body.photos;
    expect(photo).toMatchObject({
      workAreaID: estimate.areaIDs[0],
      contentType: 'image/jpeg',
      fileName: 'IMG_0001.JPG',
      width: 2000,
      height: 3000,
      takenAt: '2026-05-14T09:30:00.000Z',
      caption: '',
      order: 0,
      printOnProposal: false,
      version: 1,
    });
    const sizes: Record<string, [number, number]> = {
      original: [2000, 3000],
      large: [Math.round((PHOTO_LARGE_SIDE * 2) / 3), PHOTO_LARGE_SIDE],
      thumb: [Math.round((PHOTO_THUMB_SIDE * 2) / 3), PHOTO_THUMB_SIDE],
    };
    for (const [version, [width, height]] of Object.entries(sizes)) {
      const image = await getBinary(api, `/api/photos/${photo.id}/${version}`);
      expect(image.status).toBe(200);
      const metadata = await sharp(image.bytes).metadata();
      expect([version, metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual([version, width, height, 1]);
      expect(exifHasGps(metadata.exif), version).toBe(false);
      expect(image.bytes.includes(Buffer.from('Phone')), version).toBe(false);
    }
    expect((await api.get(areaPhotos())).body.photos.map((p: { id: number }) => p.id)).toEqual([photo.id]);
  });

  it('keeps PNG and WebP in their own format, several at once, at the end of the gallery', async () => {
    const res = await upload(api, `/api/sites/${estimate.siteID}/photos`, [
      { name: 'plan.png', bytes: await plainPng() },
      { name: 'wide.webp', bytes: await plainWebp() },
    ]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.photos.map((p: { contentType: string; order: number }) => [p.contentType, p.order])).toEqual([
      ['image/png', 0],
      ['image/webp', 1],
    ]);
    const thumb = await getBinary(api, `/api/photos/${res.body.photos[1].id}/thumb`);
    expect((await sharp(thumb.bytes).metadata()).width).toBe(PHOTO_THUMB_SIDE);
    const original = await getBinary(api, `/api/photos/${res.body.photos[0].id}/original`);
    expect(original.headers['content-type']).toBe('image/png');
  });

  it('refuses what is not a photo with the office’s words, keeps nothing of the upload, and never fails', async () => {
    const before = await photoCount();
    const jpeg = await phoneJpeg(400, 300);
    const refused: [string, Buffer, string][] = [
      ['IMG_0002.HEIC', heicStart(), photoMessages.heic],
      ['drawing.svg', svgDrawing(), photoMessages.svg],
      ['notes.txt', Buffer.from('just some words'), photoMessages.wrongType],
      ['page.jpg', Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]), photoMessages.polyglot],
      ['archive.png', Buffer.concat([await plainPng(), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]), photoMessages.polyglot],
      ['cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), photoMessages.unreadable],
      ['header.jpg', handBuiltJpeg(640, 480, { withEnd: false }), photoMessages.unreadable],
      ['huge.png', hugeHeaderPng(), photoMessages.tooManyPixels],
      ['bomb.png', bombPng(8000, 8000), photoMessages.tooMuchImageData],
    ];
    for (const [name, bytes, message] of refused) {
      // A good photo first: an upload keeps all of its photos or none.
      const res = await upload(api, areaPhotos(), [
        { name: 'good.jpg', bytes: jpeg },
        { name, bytes },
      ]);
      expect([name, res.status, res.body.message, res.body.errors?.file]).toEqual([name, 400, message, message]);
    }
    expect(await photoCount()).toBe(before);
  });

  it('refuses an upload with no file, a broken form, too many files and a file over 20 MB', async () => {
    const none = await api.post(areaPhotos(), { file: 'not a file' });
    expect([none.status, none.body.errors?.file]).toEqual([400, photoMessages.noFile]);
    const empty = await upload(api, areaPhotos(), [{ name: 'x.jpg', bytes: Buffer.alloc(0), field: 'other' }]);
    expect([empty.status, empty.body.message]).toEqual([400, photoMessages.noFile]);
    const broken = multipartBody([{ name: 'a.jpg', bytes: await phoneJpeg(100, 100) }]);
    const cut = await upload(api, areaPhotos(), [], { ...broken, payload: broken.payload.subarray(0, 300) });
    expect(cut.status).toBe(400);
    const many = Array.from({ length: 21 }, (_, index) => ({ name: `${index}.txt`, bytes: Buffer.from('x') }));
    const tooMany = await upload(api, areaPhotos(), many);
    expect(tooMany.status).toBe(400);
    const big = await upload(api, areaPhotos(), [{ name: 'big.jpg', bytes: Buffer.alloc(20 * 1024 * 1024 + 10, 0xff) }]);
    expect([big.status, big.body.message]).toEqual([400, photoMessages.tooLarge]);
    const unknown = await upload(api, '/api/workAreas/999999/photos', [{ name: 'a.jpg', bytes: await phoneJpeg(100, 100) }]);
    expect(unknown.status).toBe(404);
  });

  it('captions, orders and marks a photo for the proposal, with its version; deletes it', async () => {
    const [photo] = (await api.get(areaPhotos())).body.photos;
    const changed = await api.put(`/api/photos/${photo.id}`, {
      caption: ' Before: the north bed ',
      printOnProposal: true,
      order: 3,
      version: 1,
    });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body).toMatchObject({ caption: 'Before: the north bed', printOnProposal: true, order: 3, version: 2 });
    const stale = await api.put(`/api/photos/${photo.id}`, { caption: 'Late', version: 1 });
    expect(stale.status).toBe(409);
    const noVersion = await api.put(`/api/photos/${photo.id}`, { caption: 'x' });
    expect([noVersion.status, noVersion.body.errors?.version]).toEqual([400, 'Version is required.']);
    for (const [body, field] of [
      [{ caption: 'a\u0000b', version: 2 }, 'caption'],
      [{ caption: 'x'.repeat(201), version: 2 }, 'caption'],
      [{ order: -1, version: 2 }, 'order'],
      [{ order: 1.5, version: 2 }, 'order'],
      [{ printOnProposal: 'yes', version: 2 }, 'printOnProposal'],
    ] as const) {
      const res = await api.put(`/api/photos/${photo.id}`, body);
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([400, [field]]);
    }
    const gone = await upload(api, areaPhotos(), [{ name: 'gone.jpg', bytes: await phoneJpeg(100, 80) }]);
    const id = gone.body.photos[0].id;
    expect((await api.del(`/api/photos/${id}`)).status).toBe(204);
    expect((await getBinary(api, `/api/photos/${id}/thumb`)).status).toBe(404);
    expect((await api.del(`/api/photos/${id}`)).status).toBe(404);
    expect((await getBinary(api, `/api/photos/${photo.id}/poster`)).status).toBe(404);
    expect((await getBinary(api, `/api/photos/abc/thumb`)).status).toBe(400);
  });

  it('refuses a photo beyond the office’s room with 413 and says so', async () => {
    const noise = await sharp(Buffer.from(Array.from({ length: 1200 * 900 * 3 }, () => Math.floor(Math.random() * 256))), {
      raw: { width: 1200, height: 900, channels: 3 },
    })
      .png()
      .toBuffer();
    let res = await upload(api, `/api/estimates/${estimate.id}/photos`, [{ name: 'noise.png', bytes: noise }]);
    for (let tries = 0; res.status === 201 && tries < 5; tries += 1) {
      res = await upload(api, `/api/estimates/${estimate.id}/photos`, [{ name: 'noise.png', bytes: noise }]);
    }
    expect([res.status, res.body.message]).toEqual([413, photoMessages.quotaFull(QUOTA)]);
    expect(res.body.message).toContain('(3 MB)');
  });

  it('keeps a plan’s image from an image or a PDF’s first page, outside the galleries, and lets go of one never saved', async () => {
    const { renderPdf } = await import('../../server/documents/pdfRenderer');
    const pdf = await renderPdf({ content: [{ canvas: [{ type: 'rect', x: 0, y: 0, w: 300, h: 200, lineWidth: 4 }] }] });
    const plan = `/api/sites/${estimate.siteID}/plan/image`;
    const fromPdf = await upload(api, plan, [{ name: 'survey.pdf', bytes: pdf }]);
    expect(fromPdf.status, fromPdf.raw).toBe(201);
    expect(Math.max(fromPdf.body.width, fromPdf.body.height)).toBe(PHOTO_LARGE_SIDE);
    const large = await getBinary(api, `/api/photos/${fromPdf.body.imageID}/large`);
    expect((await sharp(large.bytes).metadata()).width).toBe(fromPdf.body.width);
    const gallery = (await api.get(`/api/sites/${estimate.siteID}/photos`)).body.photos.map((p: { id: number }) => p.id);
    expect(gallery).not.toContain(fromPdf.body.imageID);

    const fromImage = await upload(api, plan, [{ name: 'aerial.png', bytes: await plainPng(800, 600) }]);
    expect([fromImage.status, fromImage.body.width, fromImage.body.height]).toEqual([201, 800, 600]);
    expect((await getBinary(api, `/api/photos/${fromPdf.body.imageID}/large`)).status).toBe(404);

    const words = await upload(api, plan, [{ name: 'plan.txt', bytes: Buffer.from('a plan') }]);
    expect([words.status, words.body.message]).toEqual([400, photoMessages.planType]);
    const damaged = await upload(api, plan, [{ name: 'bad.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj garbage') }]);
    expect([damaged.status, damaged.body.message]).toEqual([400, photoMessages.planPdf]);
  });
});
