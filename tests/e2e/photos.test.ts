import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, MOBILE, SCREENSHOT_DIR, screenshot, signIn, useE2E } from './harness';
import { api, estimateFor } from './pageApi';
import { pdfText } from '../helpers/pdfText';

/** Colours that are easy to find again in a printed page: the photos' and the plan image's. */
const PHOTO_GREEN = { r: 30, g: 160, b: 60 };
const PHOTO_ORANGE = { r: 230, g: 120, b: 20 };

const solidJpeg = (colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .toBuffer();

/** POSTs files as the SPA's FormData does, from the signed-in page. */
async function uploadFrom(page: Page, path: string, name: string, bytes: Buffer): Promise<{ imageID: number }> {
  return page.evaluate(
    async ({ path, name, data }) => {
      const xsrf =
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '';
      const body = new FormData();
      body.append('file', new Blob([new Uint8Array(data)]), name);
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sessionStorage.getItem('IDToken')}`, 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
        body,
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, name, data: Array.from(bytes) },
  );
}

/** Whether a rendered page holds a patch of `colour` (a printed photo is JPEG: near enough). */
async function pageHolds(png: string, colour: { r: number; g: number; b: number }): Promise<boolean> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (Math.abs(data[i] - colour.r) + Math.abs(data[i + 1] - colour.g) + Math.abs(data[i + 2] - colour.b) < 40) near += 1;
  }
  return near > 400;
}

/**
 * Issue 42 through the real server: on a phone, two photos attached to a work area in its
 * editor, one marked for the proposal; the site's plan (an image, a bed drawn, marked to print)
 * set through the API; the proposal printed and looked at page by page (pdftoppm): the photo
 * under its area and the plan on a page of its own.
 */
describe.skipIf(browserSkipReason())('photos and the plan on a proposal in the browser (issue 42)', () => {
  const e2e = useE2E();

  test('two photos attached on a phone, one printed under its area, the plan on its own page', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const { id: estimateID, siteID } = await estimateFor(office, 'Hillside Estates', 'Hillside Spring Cleanup', 80);
    const plan = await uploadFrom(office, `/sites/${siteID}/plan/image`, 'aerial.jpg', await solidJpeg(PHOTO_ORANGE));
    const bed = [
      [100, 100],
      [700, 100],
      [700, 500],
      [100, 500],
      [100, 100],
    ];
    await api(office, 'PUT', `/sites/${siteID}/plan`, {
      imageID: plan.imageID,
      feetPerUnit: 0.1,
      printOnProposal: true,
      version: 0,
      shapes: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 'bed-1',
            geometry: { type: 'Polygon', coordinates: [bed] },
            properties: { name: 'Front bed', kind: 'area' },
          },
        ],
      },
    });

    const phone = await e2e.newPage({ viewport: MOBILE });
    await signIn(phone);
    await phone.goto(`/estimates/${estimateID}/detail`);
    await phone.getByRole('table', { name: 'Work Areas' }).getByRole('row').filter({ hasText: 'Lot' }).click();
    await phone.getByRole('heading', { name: 'Items: Lot' }).waitFor();
    await phone.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = phone.getByRole('dialog', { name: 'Edit Work Area' });
    await editor.getByRole('button', { name: 'Take photo' }).waitFor();
    await editor.getByLabel('Photos: add photos').setInputFiles([
      { name: 'before.jpg', mimeType: 'image/jpeg', buffer: await solidJpeg(PHOTO_GREEN) },
      { name: 'after.jpg', mimeType: 'image/jpeg', buffer: await solidJpeg({ r: 40, g: 40, b: 200 }) },
    ]);
    await editor.getByRole('img', { name: 'before.jpg' }).waitFor();
    await editor.getByRole('img', { name: 'after.jpg' }).waitFor();
    const captions = editor.getByRole('textbox', { name: 'Caption' });
    await captions.first().fill('Before: the bed by the drive');
    await captions.first().press('Enter');
    await editor.getByRole('checkbox', { name: 'On proposal' }).first().check();
    await expect
      .poll(
        async () =>
          (
            await api<{ photos: { printOnProposal: boolean; caption: string }[] }>(
              phone,
              'GET',
              `/workAreas/${(await api<{ workAreas: { id: number }[] }>(phone, 'GET', `/estimates/${estimateID}/workAreas`)).workAreas[0].id}/photos`,
            )
          ).photos,
      )
      .toEqual([
        expect.objectContaining({ caption: 'Before: the bed by the drive', printOnProposal: true }),
        expect.objectContaining({ printOnProposal: false }),
      ]);
    await screenshot(phone, 'work-area-photos-phone');
    // The tiles fit the phone's width: nothing to scroll sideways.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

    const pdf = Buffer.from(
      await office.evaluate(async (url) => {
        const res = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('IDToken')}` } });
        return Array.from(new Uint8Array(await res.arrayBuffer()));
      }, `/api/estimates/${estimateID}/generateEstimateProposal?printType=WORK_AREA_PRICE_ONLY`),
    );
    const { text } = await pdfText(pdf);
    expect(text).toContain('Before: the bed by the drive');
    expect(text).toContain('Site Plan');
    expect(text).not.toContain('after.jpg');

    const dir = join(SCREENSHOT_DIR, 'proposal-with-photos');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'proposal.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '40', join(dir, 'proposal.pdf'), join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((file) => file.endsWith('.png'))
      .sort()
      .map((file) => join(dir, file));
    const withPhoto = await Promise.all(pages.map((page) => pageHolds(page, PHOTO_GREEN)));
    const withPlan = await Promise.all(pages.map((page) => pageHolds(page, PHOTO_ORANGE)));
    expect(withPhoto.filter(Boolean)).toHaveLength(1);
    expect(withPlan.filter(Boolean)).toHaveLength(1);
    // The plan has a page of its own, after the photo's.
    expect(withPlan.indexOf(true)).toBeGreaterThan(withPhoto.indexOf(true));
    console.log(`proposal pages: ${dir}`);
  });
});
