import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fillTable } from '../../src/domain/fillTable';
import { roundTo } from '../../src/domain/money';
import type { SitePlan } from '../../src/domain/sitePlan';
import { browserSkipReason, expectAlert, MOBILE, screenshot, signIn, useE2E } from './harness';
import { api } from './pageApi';
import { seriousAxeProblems } from './accessAudit';

/** The plan image: 1,000 × 600 px, a bed drawn in brown at (200, 100)–(600, 350) and a 500 px scale bar. */
const PLAN = { width: 1000, height: 600 };
const BED = { x: 200, y: 100, width: 400, height: 250 };
const SCALE_BAR = { from: [100, 500], to: [600, 500], feet: 250 } as const;

async function planImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PLAN.width}" height="${PLAN.height}">
    <rect width="100%" height="100%" fill="#f4f1e8"/>
    <rect x="${BED.x}" y="${BED.y}" width="${BED.width}" height="${BED.height}" fill="#8d6e63"/>
    <line x1="${SCALE_BAR.from[0]}" y1="${SCALE_BAR.from[1]}" x2="${SCALE_BAR.to[0]}" y2="${SCALE_BAR.to[1]}" stroke="#000" stroke-width="6"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A customer, a site and an estimate with one work area, "Front Beds", through the API. */
async function estimateOnSite(page: Page) {
  const [me] = (await api<{ id: number; username: string }[]>(page, 'GET', '/users')).filter((u) => u.username === 'admin');
  const address = { address1: '12 Elm St', city: 'Princeton', state: 'NJ', zip: '08540' };
  const { id: customerID } = await api<{ id: number }>(page, 'POST', '/customers', { name: 'Elm Street Condos', type: 1, ...address });
  const { id: siteID } = await api<{ id: number }>(page, 'POST', `/customers/${customerID}/sites`, { name: 'Elm Street', ...address });
  const { id: estimateID } = await api<{ id: number }>(page, 'POST', `/sites/${siteID}/estimates`, {
    projectName: 'Elm Street Beds',
    salesperson: me.id,
    estimator: me.id,
  });
  await api(page, 'POST', `/estimates/${estimateID}/workAreas`, { name: 'Front Beds', tax: 'NJ', isIncluded: true });
  return { siteID, estimateID };
}

/** Clicks the map at a point of the plan, found from where the plan image is on the screen. */
/** Where a point of the plan is on the screen, found from where the plan image is. */
async function onScreen(image: Locator, [x, y]: readonly [number, number]) {
  await image.scrollIntoViewIfNeeded();
  const box = (await image.boundingBox())!;
  return { x: box.x + (x / PLAN.width) * box.width, y: box.y + (y / PLAN.height) * box.height };
}

async function clickPlan(page: Page, image: Locator, point: readonly [number, number]) {
  const { x, y } = await onScreen(image, point);
  await page.mouse.click(x, y);
}

/** The measure a shape's row of the list shows, in feet or square feet. */
async function listedMeasure(row: Locator): Promise<number> {
  const text = (await row.textContent())!;
  return Number(text.match(/([\d,.]+) ft/)![1].replace(/,/g, ''));
}

/**
 * Issue 42 on the desktop, as an estimator would: a plan image uploaded on the site, calibrated on
 * its scale bar, a bed drawn, named and saved; then, in the estimate, the bed picked for a mulch
 * item: the fill table takes its area, the depth is typed, and the quantity and price follow.
 */
describe.skipIf(browserSkipReason())('site plans in the browser (issue 42)', () => {
  const e2e = useE2E();

  test('upload a plan, set its scale, draw a bed, save; pick the bed for a mulch item through the fill table', async () => {
    const page = await e2e.newPage();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await signIn(page);
    const { siteID, estimateID } = await estimateOnSite(page);

    await page.goto(`/sites/${siteID}`);
    const card = page.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Site plan' }) });
    await card.getByText(/No plan yet/).waitFor();
    await card.getByLabel('Plan file').setInputFiles({ name: 'elm-street.png', mimeType: 'image/png', buffer: await planImage() });
    const map = card.getByRole('application', { name: 'Site plan' });
    const image = map.locator('img.leaflet-image-layer');
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(PLAN.width);

    // The scale: the 500 px bar is 250 ft.
    await card.getByRole('button', { name: 'Set Scale' }).click();
    await clickPlan(page, image, SCALE_BAR.from);
    await clickPlan(page, image, SCALE_BAR.to);
    const scale = page.getByRole('dialog', { name: 'Set the scale' });
    await scale.getByLabel('Known length (ft)').fill(String(SCALE_BAR.feet));
    await scale.getByRole('button', { name: 'Set Scale' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: /Scale: 100 px = \d/ })
      .waitFor();

    // The bed, corner by corner, closed on its first corner: 400 × 250 px at about ½ ft a pixel ≈ 25,000 ft².
    await card.getByRole('button', { name: 'Draw Area' }).click();
    const corners = [
      [BED.x, BED.y],
      [BED.x + BED.width, BED.y],
      [BED.x + BED.width, BED.y + BED.height],
      [BED.x, BED.y + BED.height],
      [BED.x, BED.y],
    ] as const;
    for (const corner of corners) await clickPlan(page, image, corner);
    const shapes = card.getByRole('list', { name: 'Plan shapes' });
    const name = shapes.getByRole('textbox', { name: 'Area name' });
    await expect.poll(() => name.inputValue()).toBe('Area 1');
    await name.fill('Front bed');
    const bedRow = shapes.getByRole('listitem').first();
    const first = await listedMeasure(bedRow);
    expect(first).toBeGreaterThan(24_000);
    expect(first).toBeLessThan(26_000);

    // Edit: the bed's bottom-right corner dragged 40 px right adds a triangle of about ½ × 40 × 250 px², 1,250 ft².
    await card.getByRole('button', { name: 'Edit Shapes' }).click();
    const corner = await onScreen(image, [BED.x + BED.width, BED.y + BED.height]);
    const moved = await onScreen(image, [BED.x + BED.width + 40, BED.y + BED.height]);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(moved.x, moved.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => listedMeasure(bedRow)).toBeGreaterThan(first + 1_000);
    await card.getByRole('button', { name: 'Edit Shapes' }).click();
    const drawn = await listedMeasure(bedRow);

    // A line along the walk (clicked twice at its end to finish): about 200 ft; and a spigot.
    await card.getByRole('button', { name: 'Draw Line' }).click();
    await clickPlan(page, image, [100, 450]);
    await clickPlan(page, image, [500, 450]);
    await clickPlan(page, image, [500, 450]);
    await expect.poll(() => shapes.getByRole('textbox', { name: 'Line name' }).inputValue()).toBe('Line 1');
    const walk = await listedMeasure(shapes.getByRole('listitem').nth(1));
    expect(Math.abs(walk - 200)).toBeLessThan(3);
    await card.getByRole('button', { name: 'Draw Point' }).click();
    await clickPlan(page, image, [800, 200]);
    await expect.poll(() => shapes.getByRole('textbox', { name: 'Point name' }).inputValue()).toBe('Point 1');
    await shapes.getByRole('textbox', { name: 'Point name' }).fill('Spigot');
    await map.locator('.plan-shape-label').filter({ hasText: 'Front bed' }).waitFor();
    await screenshot(page, 'site-plan-editor');
    await card.getByRole('button', { name: 'Save Plan' }).click();
    await expectAlert(page, 'Success', 'Site Plan Saved');
    expect(await seriousAxeProblems(page), 'axe on the site plan editor').toEqual([]);
    const saved = await api<SitePlan>(page, 'GET', `/sites/${siteID}/plan`);
    expect(saved.shapes.features.map((feature) => [feature.properties.name, feature.geometry.type])).toEqual([
      ['Front bed', 'Polygon'],
      ['Line 1', 'LineString'],
      ['Spigot', 'Point'],
    ]);
    const bed = saved.shapes.features[0];
    const squareFeet = bed.properties.squareFeet!;
    expect(Math.abs(squareFeet - drawn)).toBeLessThan(1);

    // The estimate: a mulch item measured on the plan, through the fill table at 3 in.
    await page.goto(`/estimates/${estimateID}/detail`);
    await page.getByRole('table', { name: 'Work Areas' }).getByRole('row').filter({ hasText: 'Front Beds' }).click();
    await page.getByRole('button', { name: 'New Item' }).click();
    const editor = page.getByRole('dialog', { name: 'New Work Area Item' });
    await editor.getByRole('combobox', { name: 'Catalog Item' }).fill('black');
    await page.getByRole('option', { name: /^Dyed black mulch/ }).click();
    const unitPrice = Number(await editor.getByLabel(/^Unit Price/).inputValue());
    await editor.getByRole('button', { name: 'Measure on the Plan' }).click();
    const picker = page.getByRole('dialog', { name: 'Measure on the Plan' });
    await picker.getByRole('checkbox', { name: /^Front bed/ }).check();
    await picker.getByRole('status').filter({ hasText: 'Total: ' }).filter({ hasText: 'ft²' }).waitFor();
    await picker.locator('.plan-shape-label').filter({ hasText: 'Front bed' }).waitFor();
    await screenshot(page, 'site-plan-measure');
    await page.waitForTimeout(400); // the dialog's fade-in: axe reads colours
    expect(await seriousAxeProblems(page), 'axe on Measure on the Plan').toEqual([]);
    await picker.getByRole('button', { name: 'Use in Fill Table' }).click();
    const calculator = page.getByRole('dialog', { name: 'Fill Table Calculator' });
    await expect.poll(() => calculator.getByLabel('Width (ft)').inputValue()).toBe(String(squareFeet));
    await calculator.getByLabel('Depth (in)').fill('3');
    const figures = fillTable({ width: squareFeet, length: 1, depth: 3 })!;
    const yards = figures.cubicYards.toFixed(3);
    await calculator.getByText(`Cubic Yards: ${Number(yards).toLocaleString('en-US', { minimumFractionDigits: 3 })}`).waitFor();
    await calculator.getByRole('button', { name: 'Use Cubic Yards as Quantity' }).click();
    await calculator.waitFor({ state: 'detached' });
    await expect.poll(() => editor.getByLabel(/^Quantity/).inputValue()).toBe(String(figures.cubicYards));
    const price = roundTo(figures.cubicYards * unitPrice, 2);
    const priceText = `$${price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect.poll(() => editor.getByRole('textbox', { name: 'Price', exact: true }).inputValue()).toBe(priceText);
    await editor.getByText(/Measured on the plan: Front bed: .* at 3 in deep/).waitFor();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Work Area Item Saved');
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Work Area Items' }).getByRole('row').filter({ hasText: priceText }).waitFor();
    const { workAreas } = await api<{ workAreas: { id: number }[] }>(page, 'GET', `/estimates/${estimateID}/workAreas`);
    const { workAreaItems } = await api<{ workAreaItems: { planMeasure: unknown }[] }>(
      page,
      'GET',
      `/workAreas/${workAreas[0].id}/workAreaItems`,
    );
    expect(workAreaItems[0].planMeasure).toEqual({
      unit: 'sqft',
      total: squareFeet,
      depthInches: 3,
      shapes: [{ id: bed.id, name: 'Front bed', value: squareFeet }],
    });

    // The bed redrawn smaller on the plan: the work area says the mulch was measured on what it was.
    const smaller = {
      ...bed,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [200, 100],
            [400, 100],
            [400, 350],
            [200, 350],
            [200, 100],
          ],
        ],
      },
    };
    const resaved = await api<SitePlan>(page, 'PUT', `/sites/${siteID}/plan`, {
      ...saved,
      shapes: { type: 'FeatureCollection', features: [smaller, ...saved.shapes.features.slice(1)] },
    });
    const now = resaved.shapes.features[0].properties.squareFeet!;
    await page.reload();
    await page.getByRole('table', { name: 'Work Areas' }).getByRole('row').filter({ hasText: 'Front Beds' }).click();
    const feet = (value: number) => `${Math.round(value).toLocaleString('en-US')} ft²`;
    await page
      .getByRole('alert')
      .filter({ hasText: `Dyed black mulch: Measured on the plan: Front bed changed since (was ${feet(squareFeet)}, now ${feet(now)}).` })
      .waitFor();

    // On a phone: the plan and its tools fit the screen, nothing scrolls sideways.
    const phone = await e2e.newPage({ viewport: MOBILE });
    await signIn(phone);
    await phone.goto(`/sites/${siteID}`);
    const phoneMap = phone.getByRole('application', { name: 'Site plan' });
    await phoneMap.locator('img.leaflet-image-layer').waitFor();
    await phoneMap.locator('.plan-shape-label').filter({ hasText: 'Front bed' }).waitFor();
    await phoneMap.scrollIntoViewIfNeeded();
    expect((await phoneMap.boundingBox())!.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    const lastTool = (await phone.getByRole('button', { name: 'Edit Shapes' }).boundingBox())!;
    expect(lastTool.x + lastTool.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(phone, 'site-plan-phone');

    expect(cspErrors).toEqual([]);
  });
});
