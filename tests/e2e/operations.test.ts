import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { officeDate } from '../../src/domain/officeDate';
import { ADMIN_PASSWORD, browserSkipReason, expectAlert, screenshot, signIn, useE2E } from './harness';

/** The API from this process, as admin: the double-submit anti-forgery pair is ours to choose. */
async function apiAs(baseUrl: string, username = 'admin', password = ADMIN_PASSWORD) {
  const xsrf = 'e2e-anti-forgery-token-0123456789';
  const headers: Record<string, string> = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers, body: JSON.stringify({ username, password }) });
  expect(login.status).toBe(200);
  headers.authorization = `Bearer ${((await login.json()) as { token: string }).token}`;
  return async <T = any>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };
}

const siteTotal = (page: Page) => page.getByRole('status');

describe.skipIf(browserSkipReason())('operations, exports and users in the browser', () => {
  const e2e = useE2E();

  test('filter operations by a state and a service, see the count change, download the XLSX and open it', async () => {
    const api = await apiAs(e2e.baseUrl);
    const { services } = await api<{ services: { id: number; name: string }[] }>('GET', '/services');
    const serviceId = (name: string) => services.find((s) => s.name === name)!.id;
    const company = [
      {
        name: 'Delaware Valley HOA',
        state: 'PA',
        city: 'Philadelphia',
        sites: [
          ['Clubhouse', ['Snow Plowing', 'Salting']],
          ['Pool Deck', ['Weekly Mowing']],
        ],
      },
      { name: 'Bucks County Offices', state: 'PA', city: 'Doylestown', sites: [['Main Lot', ['Snow Plowing']]] },
      {
        name: 'Mercer Office Park',
        state: 'NJ',
        city: 'Trenton',
        sites: [
          ['North Lot', ['Snow Plowing']],
          ['=SUM(1+1) Garden', []],
        ],
      },
    ] as const;
    for (const customer of company) {
      const address = { address1: '100 Market St', city: customer.city, state: customer.state, zip: '19106' };
      const { id } = await api<{ id: number }>('POST', '/customers', { name: customer.name, ...address });
      for (const [name, assigned] of customer.sites) {
        const site = await api<{ id: number }>('POST', `/customers/${id}/sites`, { name, ...address });
        for (const service of assigned) await api('POST', `/sites/${site.id}/services`, { serviceID: serviceId(service) });
      }
    }

    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Operations' }).click();
    await page.waitForURL('**/operations');
    await page.getByRole('cell', { name: 'Clubhouse', exact: true }).waitFor();
    await expect(siteTotal(page).textContent()).resolves.toBe('5 sites');

    // State: PA.
    await page.getByRole('button', { name: 'Filter Site State' }).click();
    await page.getByRole('dialog', { name: 'Filter Site State' }).getByRole('checkbox', { name: 'PA' }).check();
    await page.getByText('3 sites').waitFor();
    await page.keyboard.press('Escape');
    // Service: Snow Plowing.
    await page.getByRole('button', { name: 'Filter Site Services' }).click();
    await page.getByRole('dialog', { name: 'Filter Site Services' }).getByRole('checkbox', { name: 'Snow Plowing' }).check();
    await page.getByText('2 sites').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const siteNames = await page.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(siteNames.sort()).toEqual(['Clubhouse', 'Main Lot']);

    // The services of a site, in a popover.
    await page.getByRole('button', { name: '2 services of Clubhouse' }).click();
    const popover = page.getByRole('dialog', { name: 'Services of Clubhouse' });
    await expect(popover.getByRole('listitem').allTextContents()).resolves.toEqual(['Salting', 'Snow Plowing']);
    await page.waitForTimeout(400); // the popover's opening transition, for the screenshot
    await screenshot(page, 'operations-filtered');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Operations' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`operations--${officeDate(new Date())}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const lines: unknown[][] = [];
    sheet.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    expect(lines).toEqual([
      ['Customer Name', 'Site Name', 'Site Address', 'Site City', 'Site State', 'Site Zip', 'Site Services'],
      ['Bucks County Offices', 'Main Lot', '100 Market St', 'Doylestown', 'PA', '19106', 'Snow Plowing'],
      ['Delaware Valley HOA', 'Clubhouse', '100 Market St', 'Philadelphia', 'PA', '19106', 'Salting, Snow Plowing'],
    ]);

    // Searching drops the column filters (SPEC §4): the formula-like site is found, as text.
    await page.getByRole('searchbox', { name: 'Search Operations' }).fill('garden');
    await page.getByText('1 site', { exact: true }).waitFor();
    await page.getByRole('cell', { name: '=SUM(1+1) Garden', exact: true }).click();
    await page.waitForURL(/\/sites\/\d+$/);
  });

  test('export contacts from Settings', async () => {
    const api = await apiAs(e2e.baseUrl);
    const { id } = await api<{ id: number }>('POST', '/customers', {
      name: 'Café Olé, "Gardens"',
      address1: '1 Main St',
      city: 'Trenton',
      state: 'NJ',
    });
    await api('POST', `/customers/${id}/contacts`, { firstName: 'José', lastName: 'Muñoz', email: 'jose@example.com' });
    await api('POST', `/customers/${id}/contacts`, { firstName: '=HYPERLINK("x")', lastName: 'Evil' });

    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Version 2.2.0' }).waitFor();
    await page.getByText('Download a CSV file containing all the contacts in the system.').waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('contacts_export.csv');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFFCustomer Name,First Name,Last Name,Phone,Extension,Email\r\n')).toBe(true);
    expect(text).toContain('"Café Olé, ""Gardens""",José,Muñoz,,,jose@example.com\r\n');
    expect(text).toContain(`"Café Olé, ""Gardens""","'=HYPERLINK(""x"")",Evil,,,\r\n`);
  });

  test('add a user in Settings, sign in as them in a second browser, then disable them', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'New User' });
    await dialog.getByLabel(/^Username/).fill('Casey.Crew');
    await dialog.getByLabel(/^First Name/).fill('Casey');
    await dialog.getByLabel(/^Last Name/).fill('Crew');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('dialog', { name: 'User Added' });
    const password = await shown.getByLabel('One-time password').inputValue();
    expect(password.length).toBeGreaterThanOrEqual(16);
    await dialog.waitFor({ state: 'detached' });
    await screenshot(page, 'settings-user-added');
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = page.getByRole('row').filter({ hasText: 'casey.crew' });
    await expect(row.textContent()).resolves.toContain('Never');

    // A second browser: the new colleague signs in with the one-time password, and must choose
    // their own at once (issue 26) before any other screen opens.
    const colleague = await e2e.newPage();
    await colleague.goto('/login');
    await colleague.getByLabel('Username').fill('casey.crew');
    await colleague.getByLabel('Password').fill(password);
    await colleague.getByRole('button', { name: 'Login' }).click();
    await colleague.waitForURL('**/user-settings');
    await colleague.getByText('Change your one-time password before going on.', { exact: false }).waitFor();
    const chosen = 'casey picked this one';
    await colleague.getByLabel('Current Password').fill(password);
    await colleague.getByLabel('New Password', { exact: true }).fill(chosen);
    await colleague.getByLabel('Confirm New Password').fill(chosen);
    await colleague.getByRole('button', { name: 'Save' }).click();
    await colleague.getByText('Welcome, Casey!').waitFor();

    // Their first sign-in shows in the list.
    await page.reload();
    await page.getByRole('tab', { name: 'Users' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'casey.crew' }).textContent()).resolves.not.toContain('Never');

    // Disabled: their open session ends at its next call, and they cannot sign in again.
    await page.getByRole('button', { name: 'Disable casey.crew' }).click();
    await page.getByRole('dialog', { name: 'Disable User' }).getByRole('button', { name: 'Disable' }).click();
    await expectAlert(page, 'Success', 'User Disabled');
    e2e.allowConsoleErrors(/401/);
    await colleague.getByRole('link', { name: 'Customers', exact: true }).click();
    await colleague.waitForURL('**/login');
    await colleague.getByLabel('Username').fill('casey.crew');
    await colleague.getByLabel('Password').fill(chosen);
    await colleague.getByRole('button', { name: 'Login' }).click();
    await expectAlert(colleague, 'Warning', 'This account is disabled. Ask a colleague to enable it.');
  });
});
