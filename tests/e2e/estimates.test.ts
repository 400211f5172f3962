import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { estimatePricing, type PricedArea } from '../../src/domain/pricing';
import { formatMoney } from '../../src/domain/money';
import { browserSkipReason, expectAlert, screenshot, signIn, useE2E } from './harness';
import { api } from './pageApi';

/** Types into an address line 1 typeahead and picks the offered address with this label. */
async function pickAddress(page: Page, scope: Locator, typed: string, label: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: 'Address 1' });
  await input.fill('');
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: label }).click();
}

const figure = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true }).inputValue();

async function expectFigures(page: Page, areas: PricedArea[], discount: number): Promise<void> {
  const expected = estimatePricing(areas, discount);
  await expect
    .poll(async () => [await figure(page, 'Subtotal'), await figure(page, 'Taxes'), await figure(page, 'Total')])
    .toEqual([formatMoney(expected.subtotal), formatMoney(expected.taxes), formatMoney(expected.total)]);
}

describe.skipIf(browserSkipReason())('estimates in the browser', () => {
  const e2e = useE2E();

  test('from a customer: create, price, set status and discount, save, archive out of the list, find it, delete', async () => {
    const page = await e2e.newPage();
    await signIn(page);

    // A customer with a site to estimate for.
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'New Customer' }).click();
    const newCustomer = page.getByRole('dialog', { name: 'New Customer' });
    await newCustomer.getByLabel(/^Name/).fill('Hopewell Church');
    await pickAddress(page, newCustomer, '12 Main St 08608', '12 Main St, Trenton, NJ 08608');
    await newCustomer.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/customers\/\d+$/);
    const customerUrl = page.url();
    await page.getByRole('tab', { name: 'Sites' }).click();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const newSite = page.getByRole('dialog', { name: 'New Site' });
    await newSite.getByLabel(/^Name/).fill('Parish Hall');
    await newSite.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/sites\/\d+$/);

    // The customer's Estimates tab: none yet; New comes with the customer, its site and me.
    await page.goto(customerUrl);
    await page.getByRole('tab', { name: 'Estimates' }).click();
    await page.getByText('No estimates found.').waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Estimate' });
    await expect(dialog.getByRole('combobox', { name: 'Customer' }).inputValue()).resolves.toBe('Hopewell Church');
    await dialog.getByRole('combobox', { name: 'Site' }).filter({ hasText: 'Parish Hall, 12 Main St' }).waitFor();
    await dialog.getByRole('combobox', { name: 'Salesperson' }).filter({ hasText: 'Admin User' }).waitFor();
    await dialog.getByRole('combobox', { name: 'Estimator' }).filter({ hasText: 'Admin User' }).waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Project Name is required.').waitFor();
    await dialog.getByLabel(/^Project Name/).fill('Spring Cleanup 2025');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/estimates\/\d+\/detail$/);
    await expectAlert(page, 'Success', 'Estimate Saved');
    const estimateId = Number(/\/estimates\/(\d+)\/detail$/.exec(page.url())![1]);
    await page.getByRole('heading', { name: 'Spring Cleanup 2025' }).waitFor();
    await expect(page.getByRole('link', { name: 'Hopewell Church' }).getAttribute('href')).resolves.toBe(new URL(customerUrl).pathname);
    // SPEC §4: the header's buttons in order.
    const headerButtons = await page
      .getByRole('heading', { name: 'Spring Cleanup 2025' })
      .locator('xpath=../..')
      .getByRole('button')
      .allTextContents();
    expect(headerButtons).toEqual(['Print', 'Delete', 'Archive', 'Save']);

    // Two priced areas, written through the API as the work areas panel would.
    for (const [name, tax, quantity, unitPrice] of [
      ['Front Beds', 'NJ', 12, 65],
      ['Parking Lot', 'PA', 30, 62],
    ] as const) {
      const { id: areaId } = await api<{ id: number }>(page, 'POST', `/estimates/${estimateId}/workAreas`, { name, tax, isIncluded: true });
      await api(page, 'POST', `/workAreas/${areaId}/workAreaItems`, {
        name: `${name} work`,
        quantity,
        unitCost: 10,
        unitPrice,
        units: 'ea',
      });
    }
    const { workAreas: areas } = await api<{ workAreas: PricedArea[] }>(page, 'GET', `/estimates/${estimateId}/workAreas`);
    await page.reload();
    // 780 in NJ and 1860 in PA: subtotal 2640, taxes 51.68 + 111.60, total 2803.28
    await expectFigures(page, areas, 0);
    await expect(figure(page, 'Total')).resolves.toBe('$2,803.28');

    // Status and a 10 % discount: the figures follow as it is typed.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Contract Signed' }).click();
    await page.getByLabel('Discount (%)').fill('10');
    await expectFigures(page, areas, 10);

    // Leaving with unsaved changes asks first; staying keeps them.
    let asked = '';
    page.once('dialog', (question) => {
      asked = question.message();
      void question.dismiss();
    });
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Estimates' }).click();
    await expect.poll(() => asked).toContain("Some of your changes weren't saved");
    expect(page.url()).toMatch(/\/estimates\/\d+\/detail$/);
    await expect(page.getByLabel('Discount (%)').inputValue()).resolves.toBe('10');

    await page.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Estimate Saved');
    await screenshot(page, 'estimate-detail');
    const { pricing } = await api<{ pricing: { subtotal: number; taxes: number; total: number } }>(
      page,
      'GET',
      `/estimates/${estimateId}/pricing`,
    );
    await expect(figure(page, 'Total')).resolves.toBe(formatMoney(pricing.total));
    await expect(figure(page, 'Taxes')).resolves.toBe(formatMoney(pricing.taxes));
    await page.reload();
    await page.getByRole('combobox', { name: 'Status' }).filter({ hasText: 'Contract Signed' }).waitFor();
    await expect(page.getByLabel('Discount (%)').inputValue()).resolves.toBe('10');

    // Archived: gone from the default list, found with Show Archive.
    await page.getByRole('button', { name: 'Archive' }).click();
    await page.getByRole('button', { name: 'Unarchive' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Estimates' }).click();
    await page.waitForURL('**/estimates');
    await page.getByText('No estimates found.').waitFor();
    await page.getByRole('button', { name: 'Show Archive' }).click();
    const row = page.getByRole('row', { name: /Spring Cleanup 2025/ });
    await row.waitFor();
    await expect(row.getByRole('cell').nth(4).textContent()).resolves.toBe('Spring Cleanup 2025Archived');
    await expect(row.getByRole('cell').nth(5).textContent()).resolves.toBe('Contract Signed');
    await expect(row.getByRole('cell').nth(6).textContent()).resolves.toBe('$2,640.00');
    await screenshot(page, 'estimates-list-archived-shown');
    await row.click();
    await page.waitForURL(`**/estimates/${estimateId}/detail`);

    // Deleted after the question, and back where it was opened from.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await confirm.getByText('Are you sure you would like to delete this estimate?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL('**/estimates');
    await page.getByText('No estimates found.').waitFor();
    await page.getByRole('button', { name: 'Show Archive' }).click();
    await page.getByText('No estimates found.').waitFor();
  });
});
