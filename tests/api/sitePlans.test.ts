/**
 * Issue 42: a site's plan read and saved whole, its shapes measured by the server, and the plan
 * drawn for print (the picture, and its page in the snow season report) — on both databases.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos } from '../../server/db/tables/photos';
import { sitePlanPicture } from '../../server/sitePlans/planPrint';
import { userOwner } from '../../server/work/heavyWork';
import { getBinary, pdfText } from '../helpers/pdfText';
import { renderedPages } from '../helpers/pdfPages';
import { FIXTURE_CUSTOMER, FIXTURE_SITE, testUserID } from '../helpers/printFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

const rect = (x: number, y: number, w: number, h: number) => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
  [x, y],
];
const area = (id: string, name: string, rings: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id,
  geometry: { type: 'Polygon', coordinates: rings },
  properties: { name, kind: 'area', ...extra },
});
const line = (id: string, name: string, coordinates: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id,
  geometry: { type: 'LineString', coordinates },
  properties: { name, kind: 'line', ...extra },
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });

/** A small JPEG of the given size, as the photo pipeline would store a plan's large version. */
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#9fc5a8' } })
    .jpeg()
    .toBuffer();

describe.each(databaseKinds())('site plans on %s', (kind) => {
  let api: TestApi;
  let siteID: number;
  let otherSiteID: number;
  let planImageID: number;
  let otherSitesImageID: number;
  let galleryPhotoID: number;

  const newSite = async (name: string) => {
    const customer = await api.post('/api/customers', { ...FIXTURE_CUSTOMER, name: `${name} owner` });
    const site = await api.post(`/api/customers/${customer.body.id}/sites`, { ...FIXTURE_SITE, name });
    expect(site.status, site.raw).toBe(201);
    return site.body.id as number;
  };
  const insertPhoto = async (site: number, purpose: 'photo' | 'plan', width: number, height: number) => {
    const large = await jpeg(width, height);
    const [row] = await api.database.db
      .insert(photos)
      .values({
        siteID: site,
        purpose,
        contentType: 'image/jpeg',
        width,
        height,
        largeWidth: width,
        largeHeight: height,
        bytes: large.length * 3,
        original: large,
        large,
        thumb: large,
        createdAt: new Date(),
      })
      .returning({ id: photos.id });
    return row.id;
  };
  const plan = (site: number) => api.get(`/api/sites/${site}/plan`);
  const save = (site: number, body: Record<string, unknown>) => api.put(`/api/sites/${site}/plan`, body);

  beforeAll(async () => {
    api = await createTestApi(kind);
    siteID = await newSite('Oak Court');
    otherSiteID = await newSite('Elm Plaza');
    planImageID = await insertPhoto(siteID, 'plan', 640, 480);
    galleryPhotoID = await insertPhoto(siteID, 'photo', 64, 48);
    otherSitesImageID = await insertPhoto(otherSiteID, 'plan', 64, 48);
  });
  afterAll(() => api?.close());

  it('answers an empty plan for a site that has none: a blank grid at 1 foot per unit, version 0', async () => {
    const res = await plan(siteID);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      siteID,
      imageID: null,
      image: null,
      feetPerUnit: 1,
      shapes: { type: 'FeatureCollection', features: [] },
      printOnProposal: false,
      version: 0,
    });
    expect((await plan(999_999)).status).toBe(404);
    expect((await save(999_999, { feetPerUnit: 1, shapes: collection(), version: 0 })).status).toBe(404);
  });

  it('saves a plan and reads it back with the measures the server computed, whatever the client sent', async () => {
    const shapes = collection(
      // 40 × 31 units at 0.5 ft/unit: 1,240 × 0.25 = 310 ft²; the hole 4 × 5 = 20 units² = 5 ft².
      area('front-bed', 'Front bed', [rect(0, 0, 40, 31), rect(10, 10, 4, 5)], { squareFeet: 99999 }),
      // 30-40-50: 50 units = 25 ft.
      line(
        'edging',
        'Edging',
        [
          [0, 40],
          [30, 80],
        ],
        { linearFeet: 1 },
      ),
      { type: 'Feature', id: 'spigot', geometry: { type: 'Point', coordinates: [5, 5] }, properties: { name: 'Spigot', kind: 'point' } },
    );
    const res = await save(siteID, { imageID: planImageID, feetPerUnit: 0.5, shapes, printOnProposal: true, version: 0 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ siteID, imageID: planImageID, image: { width: 640, height: 480 }, feetPerUnit: 0.5, version: 1 });
    const [bed, edging, spigot] = res.body.shapes.features;
    expect(bed.properties).toEqual({ name: 'Front bed', kind: 'area', squareFeet: 305 });
    expect(edging.properties).toEqual({ name: 'Edging', kind: 'line', linearFeet: 25 });
    expect(spigot.properties).toEqual({ name: 'Spigot', kind: 'point' });
    const read = await plan(siteID);
    expect(read.body).toEqual(res.body);

    // Without a scale, nothing is measured; an omitted image and print choice stay as stored.
    // The answer sent back as read (its siteID and image are not taken from the body).
    const unscaled = await save(siteID, { ...read.body, imageID: undefined, printOnProposal: undefined, feetPerUnit: null, version: 1 });
    expect(unscaled.status, unscaled.raw).toBe(200);
    expect(unscaled.body).toMatchObject({ imageID: planImageID, printOnProposal: true, feetPerUnit: null, version: 2 });
    expect(unscaled.body.shapes.features[0].properties).toEqual({ name: 'Front bed', kind: 'area' });
    const rescaled = await save(siteID, { feetPerUnit: 0.5, shapes, version: 2 });
    expect(rescaled.body.version).toBe(3);
  });

  it('refuses a stale version with 409 and writes nothing', async () => {
    const before = (await plan(siteID)).body;
    const res = await save(siteID, { feetPerUnit: 2, shapes: collection(), version: before.version - 1 });
    expect(res.status, res.raw).toBe(409);
    expect(res.body.message).toBe('This site plan was changed by someone else since you opened it. Reload it to see their changes.');
    const fresh = await save(otherSiteID, { feetPerUnit: 2, shapes: collection(), version: 3 });
    expect(fresh.status, fresh.raw).toBe(409);
    expect((await plan(siteID)).body).toEqual(before);
    expect((await plan(otherSiteID)).body.version).toBe(0);
  });

  it('takes one of two first saves made at once and refuses the other with 409', async () => {
    const site = await newSite('Twin Pines');
    const body = { feetPerUnit: 1, shapes: collection(area('bed', 'Bed', [rect(0, 0, 10, 10)])), version: 0 };
    const answers = await Promise.all([save(site, body), save(site, body)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await plan(site)).body.version).toBe(1);
  });

  it('refuses hostile shapes with 400 naming `shapes`, never 5xx', async () => {
    const version = (await plan(siteID)).body.version;
    const bowtie = [
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
    ];
    const crossed = await save(siteID, { feetPerUnit: 1, shapes: collection(area('b', 'Back bed', [bowtie])), version });
    expect(crossed.status).toBe(400);
    expect(crossed.body).toEqual({ message: 'Form is invalid.', errors: { shapes: 'Shape "Back bed" crosses itself: redraw it.' } });
    const hostile: unknown[] = [
      null,
      'x',
      [],
      { type: 'FeatureCollection', features: 'no' },
      collection({
        type: 'Feature',
        id: 'a',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 'NaN'],
              [1, 1],
            ],
          ],
        },
        properties: { name: 'A', kind: 'area' },
      }),
      collection(area('a', 'A\u0000', [rect(0, 0, 1, 1)])),
      collection(area('a', 'A', [rect(0, 0, 1e12, 1)])),
      collection(
        line(
          'l',
          'L',
          Array.from({ length: 30_000 }, (_, i) => [i, 0]),
        ),
      ),
      collection(...Array.from({ length: 501 }, (_, i) => area(`a${i}`, 'A', [rect(0, 0, 1, 1)]))),
    ];
    for (const shapes of hostile) {
      const res = await save(siteID, { feetPerUnit: 1, shapes, version });
      expect(res.status, `${JSON.stringify(shapes).slice(0, 100)} → ${res.raw.slice(0, 200)}`).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual(['shapes']);
    }
    const missing = await save(siteID, { feetPerUnit: 1, version });
    expect(missing.body.errors.shapes).toBe('Shapes must be a GeoJSON FeatureCollection.');
    expect((await plan(siteID)).body.version).toBe(version);
  });

  it('names the other fields it refuses: feetPerUnit, imageID, version', async () => {
    const version = (await plan(siteID)).body.version;
    const errorsOf = async (body: Record<string, unknown>) => {
      const res = await save(siteID, body);
      expect(res.status, res.raw).toBe(400);
      return res.body.errors as Record<string, string>;
    };
    for (const feetPerUnit of [0, -1, 'one', 1e9])
      expect(Object.keys(await errorsOf({ feetPerUnit, shapes: collection(), version }))).toEqual(['feetPerUnit']);
    expect(await errorsOf({ shapes: collection(), version })).toEqual({
      feetPerUnit: 'Feet Per Unit is required (null until the scale is set).',
    });
    for (const imageID of [otherSitesImageID, galleryPhotoID, 2_000_000_000, 'x', 1.5, 0])
      expect(await errorsOf({ imageID, feetPerUnit: 1, shapes: collection(), version })).toEqual({
        imageID: 'Image must be a plan image uploaded to this site.',
      });
    expect(Object.keys(await errorsOf({ feetPerUnit: 1, shapes: collection() }))).toEqual(['version']);
    expect(Object.keys(await errorsOf({ feetPerUnit: 1, shapes: collection(), version: -1 }))).toEqual(['version']);
    expect(Object.keys(await errorsOf({ feetPerUnit: 1, shapes: collection(), version, printOnProposal: 'yes' }))).toEqual([
      'printOnProposal',
    ]);
    expect((await api.put(`/api/sites/${siteID}/plan`, [])).status).toBe(400);
  });

  it('draws the plan as a PNG over its image, and none for a site with no shapes', async () => {
    const owner = userOwner({ id: await testUserID(api) });
    const picture = await sitePlanPicture(api.database.db, api.app.heavyWork, owner, siteID);
    expect(picture).not.toBeNull();
    const meta = await sharp(picture!.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 640, height: 480 });
    expect({ width: picture!.width, height: picture!.height }).toEqual({ width: 640, height: 480 });
    // The bed's fill tints the plan green where it lies; outside it the image is as stored.
    const { data, info } = await sharp(picture!.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const inside = pixel(30, 25);
    const outside = pixel(600, 400);
    expect(inside).not.toEqual(outside);
    expect(await sitePlanPicture(api.database.db, api.app.heavyWork, owner, otherSiteID)).toBeNull();
  });

  it('draws a blank grid at its size when the plan has no image, names escaped', async () => {
    const site = await newSite('Grid Gardens');
    const res = await save(site, {
      imageID: null,
      feetPerUnit: 1,
      shapes: collection(area('lawn', 'Lawn <&> "Back"', [rect(50, 50, 100, 80)])),
      version: 0,
    });
    expect(res.status, res.raw).toBe(200);
    const owner = userOwner({ id: await testUserID(api) });
    const picture = await sitePlanPicture(api.database.db, api.app.heavyWork, owner, site);
    expect(await sharp(picture!.png).metadata()).toMatchObject({ format: 'png', width: 1000, height: 1000 });
    // The label is set in dark text (nothing else drawn is near black), whatever fonts the machine has.
    const { data } = await sharp(picture!.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i] < 60 && data[i + 1] < 60 && data[i + 2] < 60) dark++;
    expect(dark).toBeGreaterThan(100);
  });

  it('prints the plan on a page of its own in the snow season report', async () => {
    const withPlan = await getBinary(api, `/api/sites/${siteID}/snowReport?season=2026`);
    expect(withPlan.status).toBe(200);
    const { pages } = await pdfText(withPlan.bytes);
    expect(pages.at(-1)).toContain('Site plan — Oak Court');
    expect(renderedPages(withPlan.bytes, 20)).toHaveLength(pages.length);
    const without = await getBinary(api, `/api/sites/${otherSiteID}/snowReport?season=2026`);
    expect(without.status).toBe(200);
    expect((await pdfText(without.bytes)).text).not.toContain('Site plan');
  });
});
