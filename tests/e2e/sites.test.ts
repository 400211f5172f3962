import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, screenshot, signIn, useE2E, expectAlert } from './harness';

/** Types into an address line 1 typeahead and picks the offered address with this label. */
async function pickAddress(page: Page, scope: ReturnType<Page['getByRole']>, typed: string, label: string): Promise<void> {
  const input = scope.getByRole('combobox', { name: 'Address 1' });
  await input.fill('');
  await input.pressSequentially(typed, { delay: 20 });
  await page.getByRole('option', { name: label }).click();
}

describe.skipIf(browserSkipReason())('sites in the browser', () => {
  const e2e = useE2E();

  test('from a customer: a new site through the modal and the address search, two services kept over a reload, then deleted', async () => {
    const page = await e2e.newPage();
    await signIn(page);

    // A customer to start from, its address picked from the address search too.
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('button', { name: 'New Customer' }).click();
    const newCustomer = page.getByRole('dialog', { name: 'New Customer' });
    await newCustomer.getByLabel(/^Name/).fill('Mercer Office Park');
    await pickAddress(page, newCustomer, '12 Main St 08608', '12 Main St, Trenton, NJ 08608');
    await expect(newCustomer.getByLabel(/^County/).inputValue()).resolves.toBe('Mercer');
    await newCustomer.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/customers\/\d+$/);
    const customerUrl = page.url();

    // Sites tab → New: the modal comes with the customer and its address. The tab is in the
    // address, so a reload keeps it (issue 35).
    await page.getByRole('tab', { name: 'Sites' }).click();
    await page.waitForURL(`${customerUrl}?tab=sites`);
    await page.reload();
    await page.getByRole('tab', { name: 'Sites', selected: true }).waitFor();
    await page.getByText('No sites found.').waitFor();
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const newSite = page.getByRole('dialog', { name: 'New Site' });
    await expect(newSite.getByRole('combobox', { name: 'Customer' }).inputValue()).resolves.toBe('Mercer Office Park');
    await expect(newSite.getByRole('combobox', { name: 'Address 1' }).inputValue()).resolves.toBe('12 Main St');
    await newSite.getByLabel(/^Name/).fill('Back Lot');
    await pickAddress(page, newSite, '40 Oak Ave Trenton NJ', '40 Oak Ave, Trenton, NJ 08601');
    await expect(newSite.getByLabel(/^City/).inputValue()).resolves.toBe('Trenton');
    await expect(newSite.getByLabel(/^County/).inputValue()).resolves.toBe('Mercer');
    await expect(newSite.getByLabel(/^Zip/).inputValue()).resolves.toBe('08601');
    await newSite.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/sites\/\d+$/);
    await expectAlert(page, 'Success', 'Site Saved');
    await page.getByRole('heading', { name: 'Back Lot' }).waitFor();
    await expect(page.getByRole('combobox', { name: 'Address 1' }).inputValue()).resolves.toBe('40 Oak Ave');

    // Two of the starter services, assigned with a click each.
    await page.getByText('Services (0)').waitFor();
    for (const name of ['Weekly Mowing', 'Snow Plowing']) {
      const assigned = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/sites\/\d+\/services$/.test(r.url()));
      await page.getByRole('checkbox', { name }).click();
      expect((await assigned).status()).toBe(201);
    }
    await page.getByText('Services (2)').waitFor();
    await screenshot(page, 'site-detail-services');

    await page.reload();
    await page.getByText('Services (2)').waitFor();
    for (const name of ['Weekly Mowing', 'Snow Plowing']) {
      await expect(page.getByRole('checkbox', { name }).getAttribute('aria-checked')).resolves.toBe('true');
    }
    await expect(page.getByRole('checkbox', { name: 'Salting' }).getAttribute('aria-checked')).resolves.toBe('false');

    // Delete, confirmed, and back to where we came from: the customer's Sites tab.
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await confirm.getByText('Are you sure you would like to delete this site?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${customerUrl}?tab=sites`);
    await page.getByRole('tab', { name: 'Sites', selected: true }).waitFor();
    await page.getByText('No sites found.').waitFor();
  });

  test('the services screen lists the starter services with their seasons', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Services' }).click();
    await page.waitForURL('**/services');
    // After the checkbox that ticks the row for the bulk actions.
    const mulching = page.getByRole('row', { name: /^Select service Mulching/ });
    await mulching.waitFor();
    await expect(mulching.getByRole('cell').nth(4).textContent()).resolves.toBe('N/A');
    const plowing = page.getByRole('row', { name: /^Select service Snow Plowing/ });
    await expect(plowing.getByRole('cell').nth(4).textContent()).resolves.toMatch(/^4\/1\/\d{4} 12:00 AM$/);
    await expect(plowing.locator('strong').textContent()).resolves.toBe('2 inches');
    await screenshot(page, 'services');
  });
});
