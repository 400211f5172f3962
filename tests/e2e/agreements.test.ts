import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, calendarDateIn } from '../../src/domain/officeDate';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import { browserSkipReason, MOBILE, screenshot, signIn, useE2E } from './harness';
import { api, sendProposalByApi } from './pageApi';
import { QUICKBOOKS_INVOICE_COLUMNS } from '../helpers/quickBooksColumns';

interface Visit {
  id: number;
  lineName: string;
  date: string;
  status: string;
  actualHours: number | null;
  version: number;
}

/** A customer with a site and a maintenance estimate (mowing by the visit, a spring cleanup), through the API. */
async function maintenanceEstimate(office: Page) {
  const [me] = (await api<{ id: number; username: string }[]>(office, 'GET', '/users')).filter((u) => u.username === 'admin');
  const address = { address1: '12 Linden Ln', city: 'Princeton', state: 'NJ', zip: '08540' };
  const { id: customerID } = await api<{ id: number }>(office, 'POST', '/customers', { name: 'Linden Court HOA', type: 1, ...address });
  const { id: siteID } = await api<{ id: number }>(office, 'POST', `/customers/${customerID}/sites`, { name: 'Linden Court', ...address });
  const { id } = await api<{ id: number }>(office, 'POST', `/sites/${siteID}/estimates`, {
    projectName: 'Linden Court Grounds',
    salesperson: me.id,
    estimator: me.id,
  });
  const areas = [
    { name: 'Mowing', item: { name: 'Lawn mowing', quantity: 30, units: 'visits', unitCost: 20, unitPrice: 45, hoursPerUnit: 1.5 } },
    {
      name: 'Spring Cleanup',
      item: { name: 'Spring cleanup', quantity: 1, units: 'each', unitCost: 150, unitPrice: 600, hoursPerUnit: 8 },
    },
  ];
  for (const { name, item } of areas) {
    const { id: areaID } = await api<{ id: number }>(office, 'POST', `/estimates/${id}/workAreas`, { name, tax: 'NJ', isIncluded: true });
    await api(office, 'POST', `/workAreas/${areaID}/workAreaItems`, item);
  }
  return id;
}

/**
 * Issue 40 through the real server: a proposal signed online becomes an agreement; its mowing
 * line goes per visit, weekly; its visits are on the Schedule, one dragged to another day; a crew
 * lead marks today's done with hours on a phone; the month's billing exports for QuickBooks
 * Online and the CSV reads back.
 */
describe.skipIf(browserSkipReason())('agreements, schedule and billing in the browser (issue 40)', () => {
  const e2e = useE2E();

  test('signed online, planned weekly, dragged on the Schedule, done on a phone, billed and exported', async () => {
    const office = await e2e.newPage();
    await signIn(office);
    const today = calendarDateIn(OFFICE_TIME_ZONE, new Date());
    const estimateID = await maintenanceEstimate(office);
    const { link } = await sendProposalByApi(office, estimateID, { to: ['board@linden.example'] });

    // The client signs on the page, without signing in.
    const client = await e2e.newPage();
    await client.goto(link);
    await client.getByLabel('Your full name').fill('Lee Linden');
    await client.getByRole('button', { name: 'Type your name instead' }).click();
    await client.getByLabel('Type your name as your signature').fill('Lee Linden');
    await client.getByLabel('I accept this proposal').check();
    await client.getByRole('button', { name: 'Accept proposal' }).click();
    await client.getByRole('heading', { name: /Thank you: you accepted this proposal/ }).waitFor();

    // The office finds the agreement, and starts its term today (the season's default is next spring).
    await office.goto('/agreements');
    await office.getByRole('cell', { name: 'Linden Court HOA' }).click();
    await office.getByRole('heading', { name: /^Agreement \d+ — Linden Court/ }).waitFor();
    await office.getByLabel('Start Date').fill(today);
    await office.getByLabel('End Date').fill(addDays(today, 180));
    await office.getByRole('button', { name: 'Save' }).first().click();
    await office.getByText('Agreement Saved').waitFor();

    // The mowing line: per visit, weekly from the start of the term.
    await office.getByRole('button', { name: 'Edit Mowing' }).click();
    const dialog = office.getByRole('dialog', { name: 'Edit Mowing' });
    await dialog.getByRole('combobox', { name: 'Billing' }).click();
    await office.getByRole('option', { name: 'Per visit' }).click();
    await dialog.getByRole('combobox', { name: 'Visits' }).click();
    await office.getByRole('option', { name: 'Weekly' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const lines = office.getByRole('table', { name: 'Lines' });
    await lines.getByText('$51.92 × 26 visits · Weekly').waitFor();
    await screenshot(office, 'agreement-detail');
    const agreementID = Number(new URL(office.url()).pathname.split('/')[2]);
    const visitsOf = async () => (await api<{ visits: Visit[] }>(office, 'GET', `/agreements/${agreementID}/visits`)).visits;
    const mowing = (await visitsOf()).filter((visit) => visit.lineName === 'Mowing');
    expect(mowing[0].date).toBe(today);
    expect(mowing[1].date).toBe(addDays(today, 7));

    // The Schedule: the visits of the month; next week's mowing dragged a day later.
    await office.goto('/schedule');
    const mowingEvent = (within: Locator) => within.getByText('Mowing — Linden Court HOA').filter({ visible: true });
    await mowingEvent(office.locator('body')).first().waitFor();
    const dayCell = (date: string) => office.locator(`[data-date="${date}"]`).first();
    // Next week's days may be on the next month's page.
    if (!(await dayCell(addDays(today, 8)).count())) await office.getByRole('button', { name: /next/i }).first().click();
    const moving = mowingEvent(dayCell(addDays(today, 7))).first();
    await moving.waitFor();
    const target = dayCell(addDays(today, 8));
    await moving.dragTo(target);
    await expect
      .poll(async () => (await visitsOf()).find((visit) => visit.id === mowing[1].id)?.date, { timeout: 10_000 })
      .toBe(addDays(today, 8));
    await screenshot(office, 'schedule-week');

    // A crew lead on a phone: today's visit done with its hours.
    const phone = await e2e.newPage({ viewport: MOBILE });
    await signIn(phone);
    await phone.goto('/schedule/today');
    const card = phone.getByRole('article', { name: 'Mowing at Linden Court HOA' });
    await card.getByLabel('Hours').fill('1.75');
    await card.getByRole('button', { name: 'Done' }).click();
    await expect.poll(async () => (await visitsOf()).find((visit) => visit.id === mowing[0].id)?.status).toBe('done');
    expect((await visitsOf()).find((visit) => visit.id === mowing[0].id)?.actualHours).toBe(1.75);
    const noSideways = await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(noSideways).toBe(true);
    await screenshot(phone, 'schedule-today-phone');

    // Billing: this month's lines hold the visit done; exported for QuickBooks Online and read back.
    await office.goto('/billing');
    const billingLines = office.getByRole('region', { name: 'Billing lines' });
    await billingLines
      .getByText(/Mowing/)
      .first()
      .waitFor();
    const downloading = office.waitForEvent('download');
    await office.getByRole('button', { name: 'Export for QuickBooks Online' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^quickbooks-invoices-\d{4}-\d{2}-export-\d+\.csv$/);
    const rows = Papa.parse<string[]>(readFileSync((await download.path())!, 'utf8').trim()).data;
    expect(rows[0]).toEqual(QUICKBOOKS_INVOICE_COLUMNS);
    const mowed = rows.find((row) => row[1] === 'Linden Court HOA' && row[6] === 'Mowing')!;
    expect(mowed[8]).toBe('1');
    expect(mowed[12]).toBe(`${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`);
    await billingLines
      .getByText(/^Export \d+$/)
      .first()
      .waitFor();
    await screenshot(office, 'billing');
  });
});
