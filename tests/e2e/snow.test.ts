import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, calendarDateIn } from '../../src/domain/officeDate';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import { snowSeasonLabel, snowSeasonOf } from '../../src/domain/snowPricing';
import { browserSkipReason, expectAlert, MOBILE, screenshot, signIn, useE2E } from './harness';
import { api, sendProposalByApi } from './pageApi';
import { pdfText } from '../helpers/pdfText';

const SITE = 'Maple Plaza';
const CUSTOMER = 'Maple Plaza Owners';

/** A customer with a site and an estimate of one area, "Parking Lot" (a plowing line, not yet priced as snow), through the API. */
async function parkingLotEstimate(office: Page) {
  const [me] = (await api<{ id: number; username: string }[]>(office, 'GET', '/users')).filter((u) => u.username === 'admin');
  const address = { address1: '400 Maple Ave', city: 'Trenton', state: 'NJ', zip: '08618' };
  const { id: customerID } = await api<{ id: number }>(office, 'POST', '/customers', { name: CUSTOMER, type: 1, ...address });
  const { id: siteID } = await api<{ id: number }>(office, 'POST', `/customers/${customerID}/sites`, { name: SITE, ...address });
  const { id: estimateID } = await api<{ id: number }>(office, 'POST', `/sites/${siteID}/estimates`, {
    projectName: 'Maple Plaza Snow',
    salesperson: me.id,
    estimator: me.id,
  });
  const { id: areaID } = await api<{ id: number }>(office, 'POST', `/estimates/${estimateID}/workAreas`, {
    name: 'Parking Lot',
    tax: 'NJ',
    isIncluded: true,
  });
  await api(office, 'POST', `/workAreas/${areaID}/workAreaItems`, {
    name: 'Snow plowing',
    quantity: 10,
    units: 'pushes',
    unitCost: 40,
    unitPrice: 100,
  });
  return { estimateID, siteID };
}

const spin = (within: Locator, name: string, index = 0) => within.getByRole('spinbutton', { name, exact: true }).nth(index);

async function choose(page: Page, within: Locator, label: string, index: number, option: string) {
  await within.getByRole('combobox', { name: label }).nth(index).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Types the visit's departure: the minute it arrived (prefilled: now). Typed, not "Now": the
 * office's notice of the client's signature may show over the top of the full-screen form on a
 * phone for a few seconds, and a tap there waits for it to go.
 */
async function leftAsArrived(form: Locator) {
  const arrival = await form.getByLabel('Arrival', { exact: true }).inputValue();
  expect(arrival).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await form.getByLabel('Departure', { exact: true }).fill(arrival);
}

/**
 * Issue 41 through the real server: a parking lot priced per push by depth with salt per
 * application in the Work Area Editor, sent and signed online; a storm logged on its Storm board
 * on a phone, closed out into the month's billing; the site's snow log verified and its season
 * report downloaded.
 */
describe.skipIf(browserSkipReason())('snow contracts, storm board and close-out in the browser (issue 41)', () => {
  const e2e = useE2E();

  test('priced as snow, signed online, logged on a phone, closed out into billing, season report downloaded', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const { estimateID, siteID } = await parkingLotEstimate(office);

    // The sheet, typed in the Work Area Editor: plowing per push by depth (nothing under 2 in), salt per application.
    await office.goto(`/estimates/${estimateID}/detail`);
    const areas = office.getByRole('table', { name: 'Work Areas' });
    await areas.getByRole('row').filter({ hasText: 'Parking Lot' }).click();
    await office.getByRole('heading', { name: 'Items: Parking Lot' }).waitFor();
    await office.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = office.getByRole('dialog', { name: 'Edit Work Area' });
    await editor.getByRole('switch', { name: 'Price as snow' }).check();
    await spin(editor, 'Expected events').fill('10');
    await spin(editor, 'Expected inches').fill('40');
    await editor.getByRole('button', { name: 'Add Line' }).click();
    await spin(editor, 'To (in)').fill('2');
    await spin(editor, 'Price per push').fill('0');
    await editor.getByRole('button', { name: 'Add Band' }).click();
    await spin(editor, 'From (in)', 1).fill('2');
    await spin(editor, 'To (in)', 1).fill('6');
    await spin(editor, 'Price per push', 1).fill('100');
    await editor.getByRole('button', { name: 'Add Band' }).click();
    await spin(editor, 'From (in)', 2).fill('6');
    await spin(editor, 'Price per push', 2).fill('150');
    await spin(editor, 'Trigger (in)').fill('2');
    await editor.getByRole('button', { name: 'Add Line' }).click();
    await choose(office, editor, 'Service', 1, 'De-icing');
    await choose(office, editor, 'Basis', 1, 'Per application');
    await spin(editor, 'Price').fill('85');
    // 10 events of 4 in: 10 pushes at $100 and 10 applications at $85.
    const preview = editor.getByRole('region', { name: 'Snow pricing preview' });
    await preview.getByText('Expected season: $1,850.00').waitFor();
    await preview.getByText('De-icing: $85.00 per application.').waitFor();
    await screenshot(office, 'snow-sheet-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expectAlert(office, 'Success', 'Work Area Saved');
    await editor.waitFor({ state: 'detached' });
    const lot = areas.getByRole('row').filter({ hasText: 'Parking Lot' });
    await lot.getByText('Expected season: 10 events, 40 in').waitFor();
    await expect.poll(() => lot.textContent()).toContain('$1,850.00');

    // Sent, and signed by the client on the proposal's page, without signing in.
    const { link } = await sendProposalByApi(office, estimateID, { to: ['manager@mapleplaza.example'] });
    const client = await e2e.newPage();
    await client.goto(link);
    await client.getByLabel('Your full name').fill('Morgan Maple');
    await client.getByRole('button', { name: 'Type your name instead' }).click();
    await client.getByLabel('Type your name as your signature').fill('Morgan Maple');
    await client.getByLabel('I accept this proposal').check();
    await client.getByRole('button', { name: 'Accept proposal' }).click();
    await client.getByRole('heading', { name: /Thank you: you accepted this proposal/ }).waitFor();

    // The agreement: the lot's line billed per event by the signed sheet (its expected season), no visits planned.
    const { agreements } = await api<{ agreements: { id: number }[] }>(office, 'GET', `/estimates/${estimateID}/agreements`);
    expect(agreements).toHaveLength(1);
    const agreementID = agreements[0].id;
    type Agreement = {
      startDate: string;
      endDate: string;
      lines: { name: string; basis: string; amount: number; rrule: string | null }[];
    } & Record<string, unknown>;
    let agreement = await api<Agreement>(office, 'GET', `/agreements/${agreementID}`);
    expect(agreement.lines).toEqual([expect.objectContaining({ name: 'Parking Lot', basis: 'perEvent', amount: 1850, rrule: null })]);
    // Signed in a snow season, the term runs from today; signed out of season it starts next
    // November: then the office moves its start to today, so that today's storm is in its term.
    const today = calendarDateIn(OFFICE_TIME_ZONE, new Date());
    if (!(agreement.startDate <= today && today <= agreement.endDate)) {
      await api(office, 'PUT', `/agreements/${agreementID}`, { ...agreement, startDate: today, endDate: addDays(today, 60) });
      agreement = await api<Agreement>(office, 'GET', `/agreements/${agreementID}`);
    }
    expect(agreement.startDate <= today && today <= agreement.endDate, JSON.stringify(agreement)).toBe(true);

    // A storm under way: started a minute ago, 4 in.
    const { id: stormID } = await api<{ id: number }>(office, 'POST', '/storms', {
      start: new Date(Date.now() - 60_000).toISOString(),
      depth: 4,
      source: 'NWS Trenton',
    });
    // Named by the office day it started.
    const { name: stormName } = await api<{ name: string }>(office, 'GET', `/storms/${stormID}`);
    expect(stormName).toMatch(/^Storm of [A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    // The crew lead's phone: the Storm board, Plow at 4 in, then Salt.
    const phone = await e2e.newPage({ viewport: MOBILE });
    await signIn(phone);
    await phone.goto(`/storms/${stormID}/board`);
    await phone.getByRole('heading', { name: stormName }).waitFor();
    const card = phone.getByRole('article', { name: SITE });
    await card.getByText(`${CUSTOMER} · Agreement`).waitFor();
    await card.getByRole('button', { name: 'Plow', exact: true }).click();
    const form = phone.getByRole('dialog', { name: `Log visit — ${SITE}` });
    await form.getByLabel('Depth on site (in)').fill('4');
    await form.getByLabel('Crew').fill('Truck 3');
    await leftAsArrived(form);
    await form.getByRole('button', { name: 'Save visit' }).click();
    await form.waitFor({ state: 'detached' });
    const logged = card.getByRole('list', { name: 'Visits logged' });
    await logged.getByText(/Plowing · 1 pass · 4 in · Truck 3/).waitFor();
    await card.getByRole('button', { name: 'Salt', exact: true }).click();
    await form.getByLabel('Crew').waitFor();
    // The crew last logged on this board is filled in.
    expect(await form.getByLabel('Crew').inputValue()).toBe('Truck 3');
    await leftAsArrived(form);
    await form.getByRole('button', { name: 'Save visit' }).click();
    await form.waitFor({ state: 'detached' });
    await logged.getByText(/De-icing · 1 pass · Truck 3/).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'storm-board-phone');

    // The close-out: the visits priced by the signed sheet, stored as the month's billing lines.
    await office.goto(`/storms/${stormID}/closeOut`);
    await office.getByRole('heading', { name: `Close out: ${stormName}` }).waitFor();
    await office.getByRole('button', { name: 'Close out storm' }).click();
    await office.getByText('Billing lines made (2)').waitFor();
    const made = office.getByRole('region', { name: 'Billing lines' });
    await made.getByRole('row').filter({ hasText: '$100.00' }).filter({ hasText: SITE }).waitFor();
    await made.getByRole('row').filter({ hasText: '$85.00' }).filter({ hasText: SITE }).waitFor();
    await made.getByRole('row').filter({ hasText: 'Total' }).getByText('$185.00').waitFor();
    await screenshot(office, 'storm-close-out');

    // Billing for the storm's month: the two lines, from the storm.
    await office.getByRole('link', { name: /^Billing for \d{4}-\d{2}$/ }).click();
    await office.waitForURL(/\/billing\?month=\d{4}-\d{2}$/);
    const billing = office.getByRole('region', { name: 'Billing lines' });
    const stormLines = billing.getByRole('row').filter({ hasText: CUSTOMER }).filter({ hasText: 'Storm' });
    await stormLines.filter({ hasText: '$100.00' }).waitFor();
    await stormLines.filter({ hasText: '$85.00' }).waitFor();
    expect(await stormLines.count()).toBe(2);

    // The site's snow log: this season's two entries, the chain intact, the season report as a PDF.
    const season = snowSeasonOf(today);
    await office.goto(`/sites/${siteID}`);
    await office.getByRole('heading', { name: 'Snow log (2)' }).waitFor();
    await office.getByRole('combobox', { name: 'Season' }).click();
    await office.getByRole('option', { name: snowSeasonLabel(season) }).click();
    await office.getByRole('button', { name: 'Verify chain' }).click();
    await office.getByText(/The log is intact: 2 entries checked, head [0-9a-f]{10}\./).waitFor();
    const downloading = office.waitForEvent('download');
    await office.getByRole('button', { name: 'Season report (PDF)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`Snow log ${SITE} ${snowSeasonLabel(season)}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfText(pdf)).text).toContain(SITE);
    await screenshot(office, 'site-snow-log');
  });
});
