import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { renewedUnitPrice } from '../../src/domain/renewal';
import { browserSkipReason, screenshot, signIn, useE2E } from './harness';
import { api } from './pageApi';

const YEAR = new Date().getFullYear();

/** A customer with a site and an estimate of one mowing line, through the API. */
async function estimateFor(page: Page, customerName: string, projectName: string, unitPrice: number) {
  const [me] = (await api<{ id: number; username: string }[]>(page, 'GET', '/users')).filter((u) => u.username === 'admin');
  const address = { address1: '1 Main St', city: 'Trenton', state: 'NJ', zip: '08608' };
  const { id: customerID } = await api<{ id: number }>(page, 'POST', '/customers', { name: customerName, type: 1, ...address });
  const { id: siteID } = await api<{ id: number }>(page, 'POST', `/customers/${customerID}/sites`, {
    name: `${customerName} Lot`,
    ...address,
  });
  const { id } = await api<{ id: number }>(page, 'POST', `/sites/${siteID}/estimates`, {
    projectName,
    salesperson: me.id,
    estimator: me.id,
  });
  const { id: areaID } = await api<{ id: number }>(page, 'POST', `/estimates/${id}/workAreas`, {
    name: 'Lot',
    tax: 'NJ',
    isIncluded: true,
  });
  await api(page, 'POST', `/workAreas/${areaID}/workAreaItems`, { name: 'Plowing', quantity: 10, units: 'push', unitCost: 40, unitPrice });
  return { id, customerID, siteID };
}

describe.skipIf(browserSkipReason())('copies and renewals in the browser (issue 23)', () => {
  const e2e = useE2E();

  test('three estimates ticked in the list and renewed by 4 % with the year moved on; one duplicated to another customer’s site', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const prices = [61.25, 88.88, 120.5];
    for (const [index, price] of prices.entries())
      await estimateFor(page, `Renewal Client ${index + 1}`, `Snow ${YEAR} Lot ${index + 1}`, price);
    const other = await estimateFor(page, 'Other Client', 'Unrelated', 10);

    await page.goto('/estimates');
    await page.getByPlaceholder('Search Estimates').fill(`Snow ${YEAR}`);
    for (const index of [1, 2, 3])
      await page
        .getByRole('row', { name: new RegExp(`Snow ${YEAR} Lot ${index}`) })
        .getByRole('checkbox')
        .check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selected rows' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Renew…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew 3 Estimates' });
    await dialog
      .getByRole('status')
      .getByText(/3 new estimates/)
      .waitFor();
    await screenshot(page, 'renew-dialog');
    await dialog.getByRole('button', { name: 'Renew' }).click();
    const done = page.getByRole('dialog', { name: '3 Estimates Renewed' });
    await done.waitFor();
    await done.getByRole('link', { name: `The renewal of Snow ${YEAR} Lot 2` }).click();

    await page.getByRole('heading', { name: `Snow ${YEAR + 1} Lot 2` }).waitFor();
    const renewedID = Number(/\/estimates\/(\d+)\//.exec(page.url())![1]);
    const [area] = (await api<{ workAreas: { id: number }[] }>(page, 'GET', `/estimates/${renewedID}/workAreas`)).workAreas;
    const [line] = (await api<{ workAreaItems: { unitPrice: number }[] }>(page, 'GET', `/workAreas/${area.id}/workAreaItems`))
      .workAreaItems;
    expect(line.unitPrice).toBe(renewedUnitPrice(prices[1], 4));

    // Duplicate the renewal to the other customer's site.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Estimate' });
    await expect(duplicate.getByRole('textbox', { name: /Project Name/ }).inputValue()).resolves.toBe(`Snow ${YEAR + 1} Lot 2 (copy)`);
    const customer = duplicate.getByRole('combobox', { name: /Customer/ });
    await customer.fill('Other Cli');
    await page.getByRole('option', { name: /Other Client/ }).click();
    // The other customer's sites arrive fresh; its first is chosen.
    await duplicate.getByRole('combobox', { name: /Site/ }).filter({ hasText: 'Other Client Lot' }).waitFor();
    await duplicate.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `Snow ${YEAR + 1} Lot 2 (copy)` }).waitFor();
    const copyID = Number(/\/estimates\/(\d+)\//.exec(page.url())![1]);
    const copy = await api<{ customerID: number; siteID: number; subtotal: number }>(page, 'GET', `/estimates/${copyID}`);
    expect(copy).toMatchObject({ customerID: other.customerID, siteID: other.siteID });
    const renewed = await api<{ subtotal: number }>(page, 'GET', `/estimates/${renewedID}`);
    expect(copy.subtotal).toBe(renewed.subtotal);
    await screenshot(page, 'duplicated-estimate');
  });
});
