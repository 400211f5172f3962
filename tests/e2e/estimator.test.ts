import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { estimatePricing, type PricedArea, type Pricing } from '../../src/domain/pricing';
import { formatMoney } from '../../src/domain/money';
import {
  crewDays,
  estimateProfitability,
  isBelowTarget,
  type Costing,
  type CostedArea,
  type CostedLine,
} from '../../src/domain/profitability';
import { pdfText } from '../helpers/pdfText';
import { FIXTURE_COMPANY } from '../helpers/companyFixture';
import { formatHours, formatPercent } from '../../src/resources/estimates/pricing/profitabilityFormat';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserSkipReason, expectAlert, MOBILE, screenshot, SCREENSHOT_DIR, signIn, useE2E } from './harness';
import { api } from './pageApi';

/**
 * Issue 8's acceptance test, as an estimator works: from a customer on file to a priced,
 * discounted, archived estimate, with every figure on screen checked against the domain
 * functions and the server.
 */

interface Customer {
  id: number;
  siteId: number;
}

/** A customer with one site, already on file (the customer screens have their own tests). */
async function customerOnFile(page: Page, name: string, siteName: string): Promise<Customer> {
  const address = { address1: '200 Route 31 North', city: 'Pennington', state: 'NJ', zip: '08534' };
  const { id } = await api<{ id: number }>(page, 'POST', '/customers', { name, ...address, type: 1 });
  const { id: siteId } = await api<{ id: number }>(page, 'POST', `/customers/${id}/sites`, { customerID: id, name: siteName, ...address });
  return { id, siteId };
}

interface AreaOnFile {
  name: string;
  tax: string;
  items: { name: string; quantity: number; unitCost: number; unitPrice: number; units: string }[];
}

/** An estimate already on file with these work areas and lines (written through the API); its id. */
async function estimateOnFile(page: Page, projectName: string, areas: AreaOnFile[]): Promise<number> {
  const { siteId } = await customerOnFile(page, `${projectName} Customer`, 'Main Grounds');
  const [me] = await api<{ id: number }[]>(page, 'GET', '/users');
  const { id } = await api<{ id: number }>(page, 'POST', `/sites/${siteId}/estimates`, {
    siteID: siteId,
    projectName,
    salesperson: me.id,
    estimator: me.id,
  });
  for (const area of areas) {
    const { id: areaId } = await api<{ id: number }>(page, 'POST', `/estimates/${id}/workAreas`, {
      name: area.name,
      tax: area.tax,
      isIncluded: true,
    });
    for (const item of area.items) await api(page, 'POST', `/workAreas/${areaId}/workAreaItems`, { workAreaID: areaId, ...item });
  }
  return id;
}

/** Customers → search → the customer → Estimates tab → New → a project name → Save: the estimate's page. */
async function newEstimateFromCustomer(page: Page, customerName: string, projectName: string): Promise<number> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();
  await page.getByPlaceholder(/Search/).fill(customerName);
  await page.getByRole('row', { name: new RegExp(customerName) }).click();
  await page.waitForURL(/\/customers\/\d+$/);
  await page.getByRole('tab', { name: 'Estimates' }).click();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New Estimate' });
  await expect(dialog.getByRole('combobox', { name: 'Customer' }).inputValue()).resolves.toBe(customerName);
  await dialog.getByRole('combobox', { name: 'Site' }).filter({ hasText: '200 Route 31 North' }).waitFor();
  await dialog.getByLabel(/^Project Name/).fill(projectName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/estimates\/\d+\/detail$/);
  await expectAlert(page, 'Success', 'Estimate Saved');
  await page.getByRole('heading', { name: projectName }).waitFor();
  return Number(/\/estimates\/(\d+)\/detail$/.exec(page.url())![1]);
}

const workAreasTable = (page: Page) => page.getByRole('table', { name: 'Work Areas' });
const itemsTable = (page: Page) => page.getByRole('table', { name: 'Work Area Items' });
/** A row of a table by the text of its first cell. */
const rowNamed = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('cell', { name, exact: true }) });
const cellTexts = (row: Locator) => row.getByRole('cell').allTextContents();
/**
 * Waits until the table's row of this name reads these cells first (lists refresh after each
 * write): a work area's SPEC columns, then its Hours and Margin, which the costing test reads.
 */
const expectRow = (table: Locator, name: string, cells: string[]) =>
  expect.poll(async () => (await cellTexts(rowNamed(table, name))).slice(0, cells.length)).toEqual(cells);

/** Clicks a work area's row so it is the selected one (its items and notes show). */
async function selectArea(page: Page, name: string): Promise<void> {
  const row = rowNamed(workAreasTable(page), name);
  await row.click();
  await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
  await page.getByRole('heading', { name: `Items: ${name}` }).waitFor();
}

const figure = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function figuresOnScreen(page: Page): Promise<string[]> {
  return Promise.all(['Subtotal', 'Taxes', 'Total'].map((name) => figure(page, name).inputValue()));
}

const asMoney = (pricing: Pick<Pricing, 'subtotal' | 'taxes' | 'total'>) =>
  [pricing.subtotal, pricing.taxes, pricing.total].map(formatMoney);

/**
 * The Pricing card shows what src/domain/pricing.ts computes from the work areas the API
 * returns and the discount given, and what GET /estimates/:id/pricing says (once saved).
 */
async function expectPricingCard(page: Page, estimateId: number, discount: number, { saved = true } = {}): Promise<Pricing> {
  const { workAreas } = await api<{ workAreas: PricedArea[] }>(page, 'GET', `/estimates/${estimateId}/workAreas`);
  const expected = estimatePricing(workAreas, discount);
  await expect.poll(() => figuresOnScreen(page)).toEqual(asMoney(expected));
  if (saved) {
    const { pricing } = await api<{ pricing: Pricing }>(page, 'GET', `/estimates/${estimateId}/pricing`);
    expect(pricing).toEqual(expected);
  }
  return expected;
}

/** The page does not scroll sideways: nothing is wider than the window (a table may scroll inside its own box). */
async function expectNothingSideways(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Where an element is on the page (not in the window): it stays put unless the layout moves. */
const documentTop = (element: Locator) => element.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);

/** Wholly inside the window, as it is scrolled now. */
async function expectInView(element: Locator): Promise<void> {
  const box = await element.boundingBox();
  const { height } = element.page().viewportSize()!;
  expect(box && box.y >= 0 && box.y + box.height <= height, `in view: ${JSON.stringify(box)}`).toBe(true);
}

/** Money lines up on the right. */
async function expectRightAligned(element: Locator): Promise<void> {
  const align = await element.evaluate((node) => getComputedStyle(node).textAlign);
  expect(align).toBe('right');
}

describe.skipIf(browserSkipReason())('an estimator in the browser (issue 8 acceptance)', () => {
  const e2e = useE2E();

  test('customer → estimate → LM template, a mowing line priced by size, mulch from the fill table, notes, 10 % off, archived and found', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await customerOnFile(page, 'Pennington Country Day School', 'Upper Campus');

    const estimateId = await newEstimateFromCustomer(page, 'Pennington Country Day School', 'Grounds Maintenance 2026');
    await page.getByRole('link', { name: 'Pennington Country Day School' }).waitFor();
    await page.getByText('No work areas yet: add one with New, or Generate Template.').waitFor();
    await expect.poll(() => figuresOnScreen(page)).toEqual(['$0.00', '$0.00', '$0.00']);

    // Generate Template: Landscape Maintenance in NJ, as offered.
    await page.getByRole('button', { name: 'Generate Template' }).click();
    const generator = page.getByRole('dialog', { name: 'Generate Template' });
    await generator.getByRole('combobox', { name: 'Category' }).filter({ hasText: 'Landscape Maintenance' }).waitFor();
    await generator.getByRole('combobox', { name: 'Tax' }).filter({ hasText: 'NJ' }).waitFor();
    await generator.getByRole('button', { name: 'Generate' }).click();
    await generator.waitFor({ state: 'detached' });
    const templateAreas = ['Mowing', 'Edging', 'Spring Cleanup', 'Mulching', 'Pruning', 'Fall Cleanup', 'Fertilization'];
    await rowNamed(workAreasTable(page), 'Fertilization').waitFor();
    const names = await workAreasTable(page)
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('td')?.textContent));
    expect(names).toEqual(templateAreas);
    // Mowing: 30 visits of a 1-acre lawn at 45 + (1 − 0.25) / 0.25 × 18 = $99.00.
    await expectRow(workAreasTable(page), 'Mowing', ['Mowing', 'NJ', '$2,970.00', 'YES']);
    await expectPricingCard(page, estimateId, 0);

    // Mowing gets a second lawn of 1.5 acres: the Between rule prices it 45 + 5 × 18 = $135.00.
    await selectArea(page, 'Mowing');
    const itemsHeading = page.getByRole('heading', { name: 'Items: Mowing' });
    const headingBefore = await documentTop(itemsHeading);
    await page.getByRole('button', { name: 'New Item' }).click();
    const itemEditor = page.getByRole('dialog', { name: 'New Work Area Item' });
    await itemEditor.getByRole('combobox', { name: 'Catalog Item' }).fill('mowing');
    await page.getByRole('option', { name: /^Lawn mowing/ }).click();
    await expect(itemEditor.getByLabel(/^Name/).inputValue()).resolves.toBe('Lawn mowing');
    await expect(itemEditor.getByLabel(/^Unit Price/).inputValue()).resolves.toBe('45');
    await itemEditor.getByLabel(/^Size/).fill('1.5');
    await itemEditor.getByRole('status').filter({ hasText: 'Unit price from rule: Between (exclusive) 0.25–2' }).waitFor();
    await expect(itemEditor.getByLabel(/^Unit Price/).inputValue()).resolves.toBe('135');
    await itemEditor.getByLabel(/^Name/).fill('Lawn mowing, athletic fields');
    await itemEditor.getByLabel(/^Quantity/).fill('30');
    // 30 × 135 = 4,050.00; with NJ's 6.625 %: 4,318.31.
    await expect(itemEditor.getByRole('textbox', { name: 'Price', exact: true }).inputValue()).resolves.toBe('$4,050.00');
    await expect(itemEditor.getByRole('textbox', { name: 'Total', exact: true }).inputValue()).resolves.toBe('$4,318.31');
    await itemEditor.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Work Area Item Saved');
    await itemEditor.waitFor({ state: 'detached' });
    // Seen where the estimator is, down the page, and nothing moved for it.
    await expectInView(page.getByRole('alert').filter({ hasText: 'Work Area Item Saved' }));
    expect(await documentTop(itemsHeading)).toBe(headingBefore);
    await expectRow(itemsTable(page), 'Lawn mowing, athletic fields', [
      'Lawn mowing, athletic fields',
      '1.5',
      '30',
      'visit',
      '$25.00',
      '$135.00',
      '$750.00',
      '$4,050.00',
      '$4,318.31',
    ]);
    await expectRow(workAreasTable(page), 'Mowing', ['Mowing', 'NJ', '$7,020.00', 'YES']);
    await expectPricingCard(page, estimateId, 0);

    // Mulching: dyed black mulch for the front beds, 60 ft × 18 ft at 3 in from the fill table.
    await selectArea(page, 'Mulching');
    await page.getByRole('button', { name: 'New Item' }).click();
    const mulchEditor = page.getByRole('dialog', { name: 'New Work Area Item' });
    await mulchEditor.getByRole('combobox', { name: 'Catalog Item' }).fill('black');
    await page.getByRole('option', { name: /^Dyed black mulch/ }).click();
    await mulchEditor.getByRole('button', { name: 'Fill Table Calculator' }).click();
    const calculator = page.getByRole('dialog', { name: 'Fill Table Calculator' });
    await calculator.getByLabel('Width (ft)').fill('18');
    await calculator.getByLabel('Length (ft)').fill('60');
    await calculator.getByLabel('Depth (in)').fill('3');
    // (18/3) × (60/3) × (3/12/3) = 10 yd³; 270 ft³; 12.5 tons.
    await calculator.getByText('Cubic Yards: 10.000').waitFor();
    await calculator.getByText('Cubic Feet: 270').waitFor();
    await calculator.getByText('Tons: 12.500').waitFor();
    await calculator.getByLabel('Width (ft)').fill('18.5');
    // (18.5/3) × 20 × (1/12) = 10.2777… → 10.278 yd³.
    await calculator.getByText('Cubic Yards: 10.278').waitFor();
    await calculator.getByRole('button', { name: 'Use Cubic Yards as Quantity' }).click();
    await calculator.waitFor({ state: 'detached' });
    await expect(mulchEditor.getByLabel(/^Quantity/).inputValue()).resolves.toBe('10.278');
    // 10.278 × 72 = 740.016 → $740.02.
    await expect(mulchEditor.getByRole('textbox', { name: 'Price', exact: true }).inputValue()).resolves.toBe('$740.02');
    await mulchEditor.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Work Area Item Saved');
    await mulchEditor.waitFor({ state: 'detached' });
    await expectRow(itemsTable(page), 'Dyed black mulch', [
      'Dyed black mulch',
      '',
      '10.278',
      'yd³',
      '$32.00',
      '$72.00',
      '$328.90',
      '$740.02',
      '$789.04',
    ]);
    await expectPricingCard(page, estimateId, 0);

    // Notes of the mulching area: a bold heading line and an indented line (Tab), saved.
    const notes = page.getByRole('textbox', { name: 'Notes', exact: true });
    const toolbar = page.getByRole('region', { name: 'Notes of Mulching' }).getByRole('toolbar', { name: 'Formatting' });
    await notes.click();
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Front beds');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' along the drive');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Edge before mulching; keep mulch off the tree trunks.');
    await page.getByRole('region', { name: 'Notes of Mulching' }).getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Work Area Note Saved');
    const { workAreas: storedAreas } = await api<{ workAreas: { name: string; notes: string | null }[] }>(
      page,
      'GET',
      `/estimates/${estimateId}/workAreas`,
    );
    const storedNotes = storedAreas.find((area) => area.name === 'Mulching')?.notes ?? '';
    expect(storedNotes).toContain('<strong>Front beds</strong> along the drive');
    expect(storedNotes).toMatch(/<p style="margin-left: ?2em;?">Edge before mulching; keep mulch off the tree trunks\.<\/p>/);

    // Back to the Mowing area (the notes are saved: nothing is asked), with the page as it looks.
    await selectArea(page, 'Mowing');
    await expectNothingSideways(page);
    await expectRightAligned(rowNamed(itemsTable(page), 'Lawn mowing, athletic fields').getByRole('cell').nth(7));
    await expectRightAligned(rowNamed(workAreasTable(page), 'Mowing').getByRole('cell').nth(2));
    await expectRightAligned(figure(page, 'Total'));
    await screenshot(page, 'estimate-detail-area-selected');

    // The same page on a phone: one column, nothing wider than the screen but the tables, which scroll.
    const phone = await e2e.newPage({ viewport: MOBILE });
    await signIn(phone);
    await phone.goto(`/estimates/${estimateId}/detail`);
    await phone.getByRole('heading', { name: 'Grounds Maintenance 2026' }).waitFor();
    await selectArea(phone, 'Mulching');
    await phone.getByRole('textbox', { name: 'Notes', exact: true }).getByText('Edge before mulching').waitFor();
    await expectNothingSideways(phone);
    await screenshot(phone, 'estimate-detail-phone');
    await phone.close();

    // 10 % off, saved.
    await page.getByLabel('Discount (%)').fill('10');
    const discounted = await expectPricingCard(page, estimateId, 10, { saved: false });
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expectAlert(page, 'Success', 'Estimate Saved');
    expect(await expectPricingCard(page, estimateId, 10)).toEqual(discounted);
    expect(discounted.discount).toBe(10);

    // Archived: it leaves the default list; Show Archive and a search by project name find it.
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Estimates' }).click();
    await page.waitForURL('**/estimates');
    await page.getByPlaceholder('Search Estimates').fill('Grounds Maintenance');
    await page.getByText('No estimates found.').waitFor();
    await page.getByRole('button', { name: 'Show Archive' }).click();
    const row = page.getByRole('row', { name: /Grounds Maintenance 2026/ });
    await row.waitFor();
    // After the row's checkbox (issue 23's Renew), its number and its date.
    expect((await cellTexts(row)).slice(3)).toEqual([
      'Pennington Country Day School',
      'Grounds Maintenance 2026Archived',
      'In Progress',
      formatMoney(discounted.subtotal),
    ]);
    await row.click();
    await page.waitForURL(`**/estimates/${estimateId}/detail`);
    await expect.poll(() => figuresOnScreen(page)).toEqual(asMoney(discounted));
  });

  test('deleting a line and a work area closes its modal, and the lists and the pricing follow; so do cloning and excluding an area', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const estimateId = await estimateOnFile(page, 'Office Park Grounds', [
      {
        name: 'Front Beds',
        tax: 'NJ',
        items: [
          { name: 'Hardwood mulch', quantity: 12, unitCost: 28, unitPrice: 65, units: 'yd³' },
          { name: 'Shrub pruning', quantity: 40, unitCost: 6, unitPrice: 14, units: 'each' },
        ],
      },
      { name: 'Parking Lot', tax: 'PA', items: [{ name: 'Snow plowing', quantity: 12, unitCost: 50, unitPrice: 450, units: 'push' }] },
      { name: 'Walkways', tax: 'Phila', items: [{ name: 'Salting', quantity: 15, unitCost: 10, unitPrice: 280, units: 'application' }] },
    ]);
    await page.goto(`/estimates/${estimateId}/detail`);
    // 1,340 NJ + 5,400 PA + 4,200 Phila.
    await expect.poll(() => figure(page, 'Subtotal').inputValue()).toBe('$10,940.00');
    await expectPricingCard(page, estimateId, 0);

    await selectArea(page, 'Front Beds');
    await rowNamed(itemsTable(page), 'Shrub pruning').click();
    const itemEditor = page.getByRole('dialog', { name: 'Edit Work Area Item' });
    await itemEditor.getByRole('button', { name: 'Delete' }).click();
    const confirmItem = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await confirmItem.getByText('Are you sure you would like to delete this work area item?').waitFor();
    await confirmItem.getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, 'Success', 'Work Area Item Deleted');
    await itemEditor.waitFor({ state: 'detached' });
    await rowNamed(itemsTable(page), 'Shrub pruning').waitFor({ state: 'detached' });
    await expectRow(workAreasTable(page), 'Front Beds', ['Front Beds', 'NJ', '$780.00', 'YES']);
    await expect.poll(() => figure(page, 'Subtotal').inputValue()).toBe('$10,380.00');
    await expectPricingCard(page, estimateId, 0);

    // Front Beds cloned: the copy, with its line, is selected at once and counts.
    await page.getByRole('button', { name: 'Clone' }).click();
    await expectAlert(page, 'Success', 'Work Area Cloned');
    await page.getByRole('heading', { name: 'Items: Front Beds (copy)' }).waitFor();
    await expectRow(itemsTable(page), 'Hardwood mulch', [
      'Hardwood mulch',
      '',
      '12',
      'yd³',
      '$28.00',
      '$65.00',
      '$336.00',
      '$780.00',
      '$831.68',
    ]);
    await expect.poll(() => figure(page, 'Subtotal').inputValue()).toBe('$11,160.00');
    await expectPricingCard(page, estimateId, 0);

    // The parking lot is left out of the estimate: its subtotal stays, the estimate's drops.
    await selectArea(page, 'Parking Lot');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const areaEditor = page.getByRole('dialog', { name: 'Edit Work Area' });
    await areaEditor.getByLabel('Included in Estimate').uncheck();
    await areaEditor.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Work Area Saved');
    await areaEditor.waitFor({ state: 'detached' });
    await expectRow(workAreasTable(page), 'Parking Lot', ['Parking Lot', 'PA', '$5,400.00', 'NO']);
    await expect.poll(() => figure(page, 'Subtotal').inputValue()).toBe('$5,760.00');
    await expectPricingCard(page, estimateId, 0);

    await selectArea(page, 'Walkways');
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await areaEditor.getByRole('button', { name: 'Delete' }).click();
    const confirmArea = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await confirmArea.getByText('Are you sure you would like to delete this work area?').waitFor();
    await confirmArea.getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, 'Success', 'Work Area Deleted');
    await areaEditor.waitFor({ state: 'detached' });
    await rowNamed(workAreasTable(page), 'Walkways').waitFor({ state: 'detached' });
    // Nothing is selected any more: New and Generate Template are back.
    await page.getByText('Select a work area to see its items and notes.').waitFor();
    await page.getByRole('button', { name: 'Generate Template' }).waitFor();
    await expect.poll(() => figure(page, 'Subtotal').inputValue()).toBe('$1,560.00');
    await expectPricingCard(page, estimateId, 0);
  });

  test('someone else saves the estimate or a line first: the 409 says why and keeps my edits, and Save again applies them', async () => {
    const mine = await e2e.newPage();
    await signIn(mine);
    const estimateId = await estimateOnFile(mine, 'Clubhouse Renovation', [
      { name: 'Clubhouse Lawn', tax: 'NJ', items: [{ name: 'Lawn mowing', quantity: 30, unitCost: 25, unitPrice: 99, units: 'visit' }] },
    ]);
    const theirs = await e2e.newPage();
    await signIn(theirs);
    await mine.goto(`/estimates/${estimateId}/detail`);
    await theirs.goto(`/estimates/${estimateId}/detail`);
    await mine.getByRole('heading', { name: 'Clubhouse Renovation' }).waitFor();
    await theirs.getByRole('heading', { name: 'Clubhouse Renovation' }).waitFor();
    mine.on('dialog', (question) => void question.dismiss());

    await mine.getByLabel(/^Name/).fill('Clubhouse Renovation, revised');
    await mine.getByLabel('Discount (%)').fill('12.5');
    await theirs.getByRole('combobox', { name: 'Status' }).click();
    await theirs.getByRole('option', { name: 'Client Proposal Phase' }).click();
    await theirs.getByRole('button', { name: 'Save', exact: true }).click();
    await expectAlert(theirs, 'Success', 'Estimate Saved');

    e2e.allowConsoleErrors(/409 \(Conflict\)/);
    await mine.getByRole('button', { name: 'Save', exact: true }).click();
    await expectAlert(
      mine,
      'Warning',
      'This estimate was changed by someone else since you opened it. Their changes are on screen now and yours are kept: Save again to apply yours.',
    );
    // My edits stay; their status comes in with the reload.
    await expect(mine.getByLabel(/^Name/).inputValue()).resolves.toBe('Clubhouse Renovation, revised');
    await expect(mine.getByLabel('Discount (%)').inputValue()).resolves.toBe('12.5');
    await mine.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Client Proposal Phase' }).waitFor();
    await mine.getByRole('button', { name: 'Save', exact: true }).click();
    await expectAlert(mine, 'Success', 'Estimate Saved');
    const stored = await api<{ projectName: string; discount: number; status: number }>(mine, 'GET', `/estimates/${estimateId}`);
    expect([stored.projectName, stored.discount, stored.status]).toEqual(['Clubhouse Renovation, revised', 12.5, 1]);
    await expectPricingCard(mine, estimateId, 12.5);

    // The same line opened on both screens; they change the quantity first.
    await selectArea(mine, 'Clubhouse Lawn');
    await selectArea(theirs, 'Clubhouse Lawn');
    await rowNamed(itemsTable(mine), 'Lawn mowing').click();
    await rowNamed(itemsTable(theirs), 'Lawn mowing').click();
    const myLine = mine.getByRole('dialog', { name: 'Edit Work Area Item' });
    const theirLine = theirs.getByRole('dialog', { name: 'Edit Work Area Item' });
    await myLine.getByLabel(/^Unit Price/).fill('105');
    await theirLine.getByLabel(/^Quantity/).fill('28');
    await theirLine.getByRole('button', { name: 'Save' }).click();
    await expectAlert(theirs, 'Success', 'Work Area Item Saved');
    await myLine.getByRole('button', { name: 'Save' }).click();
    await expectAlert(
      mine,
      'Warning',
      'This work area item was changed by someone else since you opened it. Their changes are on screen now and yours are kept: Save again to apply yours.',
    );
    await expect(myLine.getByLabel(/^Unit Price/).inputValue()).resolves.toBe('105');
    await myLine.getByRole('button', { name: 'Save' }).click();
    await expectAlert(mine, 'Success', 'Work Area Item Saved');
    await myLine.waitFor({ state: 'detached' });
    // Their quantity and my unit price: 28 × 105.
    await expectRow(itemsTable(mine), 'Lawn mowing', [
      'Lawn mowing',
      '',
      '28',
      'visit',
      '$25.00',
      '$105.00',
      '$700.00',
      '$2,940.00',
      '$3,134.78',
    ]);
    await expectPricingCard(mine, estimateId, 12.5);
  });

  test('leaving the estimate with unsaved changes asks first, for its fields and for the notes', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const estimateId = await estimateOnFile(page, 'Hopewell Library', [
      { name: 'Lawn', tax: 'NJ', items: [{ name: 'Lawn mowing', quantity: 30, unitCost: 25, unitPrice: 99, units: 'visit' }] },
      { name: 'Beds', tax: 'NJ', items: [{ name: 'Hardwood mulch', quantity: 12, unitCost: 28, unitPrice: 65, units: 'yd³' }] },
    ]);
    const questions: string[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (question) => {
      questions.push(`${question.type()}: ${question.message()}`);
      void (answer === 'accept' ? question.accept() : question.dismiss());
    });
    const mainNavigation = page.getByRole('navigation', { name: 'Main navigation' });

    // Opened from the list, as usual, so that Back is a move within the app.
    await mainNavigation.getByRole('link', { name: 'Estimates' }).click();
    await page.getByRole('row', { name: /Hopewell Library/ }).click();
    await page.waitForURL(`**/estimates/${estimateId}/detail`);
    const detailUrl = page.url();

    // A work area is selected (its notes are a form of their own) and the discount is changed.
    await selectArea(page, 'Lawn');
    await page.getByLabel('Discount (%)').fill('5');
    await mainNavigation.getByRole('link', { name: 'Customers' }).click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toMatch(/^confirm: Some of your changes weren't saved/);
    expect(page.url()).toBe(detailUrl);
    await expect(page.getByLabel('Discount (%)').inputValue()).resolves.toBe('5');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expectAlert(page, 'Success', 'Estimate Saved');

    // Notes typed and not saved: another area asks the same question, and so does leaving.
    await page.getByRole('textbox', { name: 'Notes', exact: true }).click();
    await page.keyboard.type('Gate code 4411.');
    await rowNamed(workAreasTable(page), 'Beds').click();
    await expect.poll(() => questions.length).toBe(2);
    expect(questions[1]).toMatch(/^confirm: Some of your changes weren't saved/);
    await expect(rowNamed(workAreasTable(page), 'Lawn').getAttribute('aria-selected')).resolves.toBe('true');
    await page.goBack();
    await expect.poll(() => questions.length).toBe(3);
    expect(questions[2]).toMatch(/^confirm: Some of your changes weren't saved/);
    expect(page.url()).toBe(detailUrl);
    await page.getByRole('textbox', { name: 'Notes', exact: true }).getByText('Gate code 4411.').waitFor();
    // Closing or reloading the page would ask too (the browser's own question).
    const unloadRefused = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(unloadRefused).toBe(true);

    // Yes, leave: to the list, the notes not saved.
    answer = 'accept';
    await mainNavigation.getByRole('link', { name: 'Estimates' }).click();
    await page.waitForURL('**/estimates');
    expect(questions).toHaveLength(4);
    const { workAreas } = await api<{ workAreas: { name: string; notes: string | null }[] }>(
      page,
      'GET',
      `/estimates/${estimateId}/workAreas`,
    );
    expect(workAreas.find((area) => area.name === 'Lawn')?.notes ?? '').not.toContain('Gate code');
  });

  test('costing (issue 24): the LM template at the company rates; cost, hours and margin on screen equal the domain; lines raised to the target margin; the materials list', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    // The company exists (its name is required with the costing), then its rates from Settings.
    const company = await api<Record<string, unknown>>(page, 'GET', '/company');
    if (!company.name) await api(page, 'PUT', '/company', { ...FIXTURE_COMPANY, version: company.version });
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Company' }).click();
    await page.getByRole('button', { name: /^Costing/ }).click();
    await page.getByRole('spinbutton', { name: 'Labor Rate' }).fill('45');
    await page.getByRole('spinbutton', { name: 'Overhead per Hour' }).fill('15');
    await page.getByRole('spinbutton', { name: 'Target Margin' }).fill('35');
    await page.getByRole('button', { name: 'Save Costing' }).click();
    await expectAlert(page, 'Success', 'Costing Saved');
    const costing = await api<Costing>(page, 'GET', '/company');
    expect(costing).toMatchObject({ laborRate: 45, overheadPerHour: 15, targetMarginPercent: 35 });

    const estimateId = await estimateOnFile(page, 'Costed Grounds 2026', []);
    await page.goto(`/estimates/${estimateId}/detail`);
    await page.getByRole('button', { name: 'Generate Template' }).click();
    const generator = page.getByRole('dialog', { name: 'Generate Template' });
    await generator.getByRole('combobox', { name: 'Category' }).filter({ hasText: 'Landscape Maintenance' }).waitFor();
    await generator.getByRole('button', { name: 'Generate' }).click();
    await generator.waitFor({ state: 'detached' });
    await rowNamed(workAreasTable(page), 'Fertilization').waitFor();

    /** The card's figures as the domain computes them from what the API stores. */
    const expected = async () => {
      const { workAreas } = await api<{ workAreas: (CostedArea & { name: string })[] }>(page, 'GET', `/estimates/${estimateId}/workAreas`);
      const areas = [];
      for (const area of workAreas) {
        const { workAreaItems } = await api<{ workAreaItems: CostedLine[] }>(page, 'GET', `/workAreas/${area.id}/workAreaItems`);
        areas.push({ ...area, items: workAreaItems });
      }
      return { areas, profitability: estimateProfitability({ discount: 0, areas }, costing) };
    };
    const card = page.getByRole('region', { name: 'Profitability' });
    const onCard = (label: string) =>
      card
        .getByRole('row', { name: new RegExp(`^${label}`) })
        .getByRole('cell')
        .textContent();
    const expectCard = async () => {
      const { profitability: p } = await expected();
      await expect.poll(() => onCard('Cost')).toBe(formatMoney(p.cost));
      expect(await onCard('Crew hours')).toBe(`${formatHours(p.laborHours)} · ${crewDays(p.laborHours)} crew-days`);
      expect(await onCard('Margin')).toBe(`${formatPercent(p.marginPercent)} (target 35.0 %)`);
      return p;
    };
    const all = await expectCard();
    // Every line is labour or material with its production rate: 30 mowing visits at 1 h, 12 yd³ of mulch at 0.5 h, …
    expect(all.laborHours).toBeGreaterThan(30);
    expect(isBelowTarget(all.revenue, all.cost, 35)).toBe(true);
    await card.getByRole('alert').filter({ hasText: 'Below the 35.0 % target.' }).waitFor();
    const mowingID = (await expected()).areas.find((area) => area.name === 'Mowing')!.id;
    const mowing = all.areas.find((area) => area.id === mowingID)!;
    await expectRow(workAreasTable(page), 'Mowing', [
      'Mowing',
      'NJ',
      '$2,970.00',
      'YES',
      formatHours(mowing.laborHours),
      formatPercent(mowing.marginPercent),
    ]);
    await screenshot(page, 'profitability-below-target');

    // Only Mowing and Mulching stay in; each line raised to the target margin from its editor.
    const { areas } = await expected();
    for (const { items: _lines, ...area } of areas.filter((a) => !['Mowing', 'Mulching'].includes(a.name)))
      await api(page, 'PUT', `/workAreas/${area.id}`, { ...area, isIncluded: false });
    await page.reload();
    for (const [areaName, line] of [
      ['Mowing', 'Lawn mowing'],
      ['Mulching', 'Hardwood mulch, double shredded'],
    ]) {
      await selectArea(page, areaName);
      await rowNamed(itemsTable(page), line).click();
      const editor = page.getByRole('dialog', { name: 'Edit Work Area Item' });
      await editor.getByText(/Below the 35.0 % target margin/).waitFor();
      await editor.getByRole('button', { name: /^Price for target margin/ }).click();
      await expect.poll(() => editor.getByRole('textbox', { name: 'Margin' }).inputValue()).toMatch(/^3[5-9]\.\d %$/);
      await expect(editor.getByText(/Below the/).count()).resolves.toBe(0);
      await editor.getByRole('button', { name: 'Save' }).click();
      await editor.waitFor({ state: 'detached' });
    }
    const raised = await expectCard();
    expect(raised.marginPercent).toBeGreaterThanOrEqual(35);
    await card.getByText('At or above the target margin.').waitFor();
    await expect(card.getByRole('alert').count()).resolves.toBe(0);
    await screenshot(page, 'profitability-at-target');

    // The materials list: mulch totalled, labour left out, the crew hours per area.
    const pdf = await page.evaluate(async (url) => {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('IDToken')}` } });
      return Array.from(new Uint8Array(await res.arrayBuffer()));
    }, `/api/estimates/${estimateId}/generateMaterialsPDF`);
    const { text } = await pdfText(Buffer.from(pdf));
    expect(text).toContain('Hardwood mulch, double shredded');
    expect(text).toContain('Crew Hours');
    expect(text).not.toContain('Lawn mowing');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const pdfPath = join(SCREENSHOT_DIR, 'materials-list.pdf');
    writeFileSync(pdfPath, Buffer.from(pdf));
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '70',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdfPath,
      join(SCREENSHOT_DIR, 'materials-list-page-1'),
    ]);
  });
});
