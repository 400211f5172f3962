import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MOBILE, browserSkipReason, screenshot, signIn, useE2E, expectAlert } from './harness';

const CUSTOMER = { name: 'Maple Ridge Estates', address1: '12 Orchard Lane', city: 'Cherry Hill', state: 'New Jersey', zip: '08002' };
const CONTACT = {
  firstName: 'Dana',
  lastName: 'Whitfield',
  phoneDigits: '2155550100',
  phone: '(215) 555-0100',
  extension: '12',
  email: 'dana@mapleridge.example',
};
const NEW_EMAIL = 'dana.whitfield@mapleridge.example';

function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

async function navigationWidth(nav: Locator): Promise<number> {
  // The width is animated: wait until two readings agree.
  let previous = -1;
  for (;;) {
    const width = Math.round((await nav.boundingBox())!.width);
    if (width === previous) return width;
    previous = width;
    await new Promise((wait) => setTimeout(wait, 150));
  }
}

async function createCustomer(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'New Customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Customer' });
  await expect(dialog.getByRole('radio', { name: 'Lead' }).isChecked()).resolves.toBe(true);

  // Saving the empty form shows the spec's messages and the warning, and creates nothing.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectAlert(page, 'Warning', 'Form is invalid.');
  for (const message of ['Name is required.', 'Address 1 is required.', 'State is required.']) {
    await dialog.getByText(message).waitFor();
  }
  expect(pathOf(page)).toBe('/customers');

  await dialog.getByLabel(/^Name/).fill(CUSTOMER.name);
  await dialog.getByLabel(/^Address 1/).fill(CUSTOMER.address1);
  await dialog.getByLabel(/^City/).fill(CUSTOMER.city);
  await dialog.getByRole('combobox', { name: /^State/ }).click();
  await page.getByRole('option', { name: CUSTOMER.state }).click();
  await dialog.getByLabel(/^Zip/).fill(CUSTOMER.zip);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await page.waitForURL(/\/customers\/\d+$/);
  await expectAlert(page, 'Success', 'Customer Saved');
  await dialog.waitFor({ state: 'detached' });
  return pathOf(page);
}

async function addEditAndDeleteContact(page: Page): Promise<void> {
  const contacts = page.getByRole('table', { name: 'Contacts' });
  await contacts.getByText('No contacts found.').waitFor();

  await page.getByRole('button', { name: 'New', exact: true }).click();
  const newDialog = page.getByRole('dialog', { name: 'New Contact' });
  await newDialog.getByRole('button', { name: 'Close' }).waitFor();
  await expect(newDialog.getByRole('button', { name: 'Delete' }).count()).resolves.toBe(0);
  await newDialog.getByLabel(/^First Name/).fill(CONTACT.firstName);
  await newDialog.getByLabel(/^Last Name/).fill(CONTACT.lastName);
  await newDialog.getByLabel(/^Phone/).pressSequentially(`${CONTACT.phoneDigits}99`);
  await expect(newDialog.getByLabel(/^Phone/).inputValue()).resolves.toBe(CONTACT.phone);
  await newDialog.getByLabel(/^Extension/).fill(CONTACT.extension);
  await newDialog.getByLabel(/^Email/).fill(CONTACT.email);
  await newDialog.getByRole('button', { name: 'Save' }).click();
  await expectAlert(page, 'Success', 'Contact Saved');
  await newDialog.waitFor({ state: 'detached' });

  const row = contacts.getByRole('row').filter({ hasText: CONTACT.lastName });
  await row.getByText(`${CONTACT.phone} x${CONTACT.extension}`).waitFor();
  await row.getByText(CONTACT.email).waitFor();

  // The name, not the middle of the row: its phone and email are links of their own (tel:, mailto:).
  await row.getByRole('cell', { name: CONTACT.lastName, exact: true }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(editDialog.getByLabel(/^Last Name/).inputValue()).resolves.toBe(CONTACT.lastName);
  await editDialog.getByLabel(/^Email/).fill(NEW_EMAIL);
  await editDialog.getByRole('button', { name: 'Save' }).click();
  await expectAlert(page, 'Success', 'Contact Saved');
  await editDialog.waitFor({ state: 'detached' });
  await row.getByText(NEW_EMAIL).waitFor();

  await row.getByRole('cell', { name: CONTACT.lastName, exact: true }).click();
  await editDialog.getByRole('button', { name: 'Delete' }).click();
  await expectAlert(page, 'Success', 'Contact Deleted');
  await editDialog.waitFor({ state: 'detached' });
  await contacts.getByText('No contacts found.').waitFor();
}

describe.skipIf(browserSkipReason())('the SPA shell in the browser', () => {
  const e2e = useE2E();

  test('customer and contacts round trip, reload, sign out', async () => {
    const page = await e2e.newPage();
    await signIn(page);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/customers');
    await page.getByRole('heading', { name: 'Customers' }).waitFor();

    const detailPath = await createCustomer(page);
    await page.getByRole('heading', { name: CUSTOMER.name }).waitFor();
    await page.getByText('General', { exact: true }).waitFor();
    await page.getByText('Address', { exact: true }).waitFor();
    await expect(page.getByRole('tab', { name: 'Contacts' }).getAttribute('aria-selected')).resolves.toBe('true');

    await addEditAndDeleteContact(page);
    await screenshot(page, 'customer-detail');

    // A reload is a deep link into the app: same screen, still signed in.
    await page.reload();
    await page.getByRole('heading', { name: CUSTOMER.name }).waitFor();
    expect(pathOf(page)).toBe(detailPath);
    await expect(page.getByLabel(/^City/).inputValue()).resolves.toBe(CUSTOMER.city);

    await nav.getByRole('link', { name: 'Customers' }).click();
    const customerRow = page.getByRole('row').filter({ hasText: CUSTOMER.name });
    await customerRow.getByText(CUSTOMER.zip).waitFor();
    await screenshot(page, 'customers-list');
    await customerRow.click();
    await page.waitForURL(`**${detailPath}`);

    await nav.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => sessionStorage.getItem('IDToken'))).resolves.toBeNull();
    await page.goto(detailPath);
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login' }).waitFor();
  });

  test('the side navigation collapses to 70px and expands to 210px', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const expand = nav.getByRole('button', { name: 'Expand navigation' });
    const collapse = nav.getByRole('button', { name: 'Collapse navigation' });

    if (await expand.isVisible()) await expand.click();
    await collapse.waitFor();
    expect(await navigationWidth(nav)).toBe(210);
    await nav.getByText('Customers', { exact: true }).waitFor();
    await expect(nav.getByRole('link', { name: 'Yardstick' }).getAttribute('href')).resolves.toBe('/dashboard');
    await screenshot(page, 'navigation-expanded');

    await collapse.click();
    await expand.waitFor();
    expect(await navigationWidth(nav)).toBe(70);
    // Icons only, each still named for assistive technology.
    await expect(nav.getByText('Customers', { exact: true }).count()).resolves.toBe(0);
    await nav.getByRole('link', { name: 'Customers' }).waitFor();
    await expect(nav.getByRole('link', { name: 'Yardstick' }).count()).resolves.toBe(0);
    await screenshot(page, 'navigation-collapsed');
  });

  test('at 390px the top bar shows and the side navigation hides', async () => {
    const page = await e2e.newPage({ viewport: MOBILE });
    await signIn(page);
    const topBar = page.getByRole('banner');
    await topBar.waitFor();
    await expect(page.getByRole('button', { name: 'Expand navigation' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Collapse navigation' }).count()).resolves.toBe(0);
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).count()).resolves.toBe(0);

    await topBar.getByRole('button', { name: 'Open navigation menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main navigation' });
    await menu.getByRole('link', { name: 'Customers' }).waitFor();
    await expect(menu.getByRole('link', { name: 'User Settings' }).count()).resolves.toBe(0);
    await screenshot(page, 'mobile-menu-open');

    await menu.getByRole('link', { name: 'Customers' }).click();
    await page.waitForURL('**/customers');
    await menu.waitFor({ state: 'detached' });
    await screenshot(page, 'mobile-customers');
  });
});
