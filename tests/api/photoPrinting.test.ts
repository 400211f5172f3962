/**
 * Issue 42: photos marked for the proposal print under their work area (and the estimate's own
 * after the scope), appear on the client's page through its link only, and an estimate uses its
 * site's photos by copying them — on both databases.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoMessages } from '../../src/domain/photos';
import { getBinary, pdfText } from '../helpers/pdfText';
import { phoneJpeg, plainPng, upload } from '../helpers/photoFixtures';
import { createEstimate } from '../helpers/printFixtures';
import { sendBody } from '../helpers/proposalFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** How many images a PDF holds, as poppler's pdfimages lists them. */
function imagesIn(pdf: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'yardstick-pdfimages-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    const listing = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    return listing
      .split('\n')
      .slice(2)
      .filter((line) => line.trim()).length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(databaseKinds())('photos on proposals on %s', (kind) => {
  let api: TestApi;
  let estimate: Awaited<ReturnType<typeof createEstimate>>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    api = await createTestApi(kind);
    estimate = await createEstimate(api, {
      projectName: 'Photos in print',
      areas: [
        { name: 'Front beds', items: [] },
        { name: 'Back lawn', items: [] },
      ],
    });
    const area = await upload(api, `/api/workAreas/${estimate.areaIDs[0]}/photos`, [
      { name: 'before.jpg', bytes: await phoneJpeg(1200, 900) },
      { name: 'after.jpg', bytes: await phoneJpeg(1200, 900) },
      { name: 'unmarked.jpg', bytes: await phoneJpeg(600, 400) },
    ]);
    expect(area.status, area.raw).toBe(201);
    [ids.before, ids.after, ids.unmarked] = area.body.photos.map((photo: { id: number }) => photo.id);
    const site = await upload(api, `/api/sites/${estimate.siteID}/photos`, [{ name: 'street.png', bytes: await plainPng(800, 600) }]);
    ids.site = site.body.photos[0].id;
    for (const [id, caption] of [
      [ids.before, 'Before: the north bed'],
      [ids.after, 'After: mulched'],
    ] as const) {
      const marked = await api.put(`/api/photos/${id}`, { caption, printOnProposal: true, version: 1 });
      expect(marked.status, marked.raw).toBe(200);
    }
  });
  afterAll(() => api?.close());

  it('copies the site’s photos to the estimate, refusing any other photo, and marks one for print', async () => {
    const refused = await api.post(`/api/estimates/${estimate.id}/photos/fromSite`, { photoIDs: [ids.before] });
    expect([refused.status, refused.body.errors?.photoIDs]).toEqual([400, photoMessages.sitePhotos]);
    const twice = await api.post(`/api/estimates/${estimate.id}/photos/fromSite`, { photoIDs: [ids.site, ids.site] });
    expect(twice.status).toBe(400);
    const copied = await api.post(`/api/estimates/${estimate.id}/photos/fromSite`, { photoIDs: [ids.site] });
    expect(copied.status, copied.raw).toBe(201);
    const [copy] = copied.body.photos;
    expect(copy).toMatchObject({ estimateID: estimate.id, siteID: null, fileName: 'street.png', order: 0 });
    ids.estimate = copy.id;
    expect((await api.put(`/api/photos/${copy.id}`, { caption: 'The street side', printOnProposal: true, version: 1 })).status).toBe(200);
    // The site keeps its own.
    expect((await api.get(`/api/sites/${estimate.siteID}/photos`)).body.photos.map((p: { id: number }) => p.id)).toEqual([ids.site]);
  });

  it('prints the marked photos with their captions, and only those', async () => {
    const res = await getBinary(api, `/api/estimates/${estimate.id}/generateEstimateProposal?printType=WORK_AREA_PRICE_ONLY`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.bytes)).text;
    expect(text).toContain('Before: the north bed');
    expect(text).toContain('After: mulched');
    expect(text).toContain('The street side');
    expect(imagesIn(res.bytes)).toBe(3);
    // Images at print resolution: three photos stay far below what a mail can carry.
    expect(res.bytes.length).toBeLessThan(1_500_000);
  });

  it('shows the printed photos on the client’s page through its link, and no other photo', async () => {
    const sent = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(sent.status, sent.raw).toBe(201);
    const token = sent.body.link.split('/p/')[1];
    const view = await api.request('GET', `/api/public/proposals/${token}`, undefined, null);
    expect(view.status).toBe(200);
    const areaPhotos = view.body.areas[0].photos;
    expect(areaPhotos.map((photo: { caption: string }) => photo.caption)).toEqual(['Before: the north bed', 'After: mulched']);
    expect(view.body.areas[1].photos).toBeUndefined();
    expect(view.body.photos.map((photo: { id: number }) => photo.id)).toEqual([ids.estimate]);
    const thumb = await getBinary(api, areaPhotos[0].thumbUrl, null);
    expect([thumb.status, thumb.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect((await getBinary(api, areaPhotos[0].largeUrl, null)).status).toBe(200);
    for (const url of [
      `/api/public/proposals/${token}/photos/${ids.unmarked}/thumb`,
      `/api/public/proposals/${token}/photos/${ids.site}/thumb`,
      `/api/public/proposals/${token}/photos/${ids.before}/original`,
      `/api/public/proposals/${token}/photos/abc/thumb`,
      `/api/public/proposals/not-a-token/photos/${ids.before}/thumb`,
    ]) {
      expect([url, (await getBinary(api, url, null)).status]).toEqual([url, 404]);
    }
  });
});
