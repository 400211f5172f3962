import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { browserSkipReason, expectAlert, screenshot, SCREENSHOT_DIR, signIn, useE2E } from './harness';
import { api } from './pageApi';

/** A customer list as an office exports it: 300 rows, 5 without a street, 10 already on file. */
function customerSpreadsheet(): { csv: string; duplicates: { name: string; street: string }[] } {
  const rows = ['Company,Street,Municipality,State,ZIP,Contact,Phone Number,E-mail'];
  const duplicates: { name: string; street: string }[] = [];
  for (let n = 1; n <= 300; n++) {
    const id = String(n).padStart(4, '0');
    const name = n <= 10 ? `Duplicate Co ${id}` : `Imported Customer ${id}`;
    const street = n > 295 ? '' : `${n} Mill Road`;
    if (n <= 10) duplicates.push({ name, street });
    // Excel turned the zip into a number; the state is spelled out; the phone has an extension.
    rows.push(`${name},${street},Trenton,New Jersey,8608,Pat Owner ${id},609-555-${String(1000 + n)} x204,owner${id}@example.com`);
  }
  return { csv: `${rows.join('\r\n')}\r\n`, duplicates };
}

describe.skipIf(browserSkipReason())('moving in: import, export and bulk actions in the browser (issue 25)', () => {
  const e2e = useE2E();

  test('300 customers imported with 5 bad rows and 10 duplicates, the mapping fixed, one found with its contact and site, the import undone; the filtered list exported; three sites given a service', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const { csv, duplicates } = customerSpreadsheet();
    for (const { name, street } of duplicates)
      await api(page, 'POST', '/customers', { name, type: 1, address1: street, city: 'Trenton', state: 'NJ', zip: '08608' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = join(SCREENSHOT_DIR, 'customers-export-from-old-crm.csv');
    writeFileSync(file, csv);
    const before = (await api<{ count: number }>(page, 'GET', '/customers?limit=1')).count;

    await page.goto('/customers');
    await page.getByRole('button', { name: 'Import' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import' });
    await wizard.getByLabel('File').setInputFiles(file);
    await wizard.getByRole('button', { name: 'Upload' }).click();
    await wizard.getByText('300 rows. Choose the column of each field:').waitFor();
    // "Municipality" is not a name the suggestions know for the city: the mapping is fixed by hand.
    await expect(wizard.getByRole('combobox', { name: /^City(?!,)/ }).textContent()).resolves.toContain('Not imported');
    await wizard.getByRole('combobox', { name: /^City(?!,)/ }).click();
    await page.getByRole('option', { name: 'Municipality' }).click();
    await wizard.getByRole('button', { name: 'Preview' }).click();
    const invalid = wizard.getByRole('table', { name: 'Invalid rows' });
    await invalid.waitFor();
    // Each bad row once per record it would make (the customer, and its site at the same address).
    const badRows = await invalid.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('td')?.textContent));
    expect(new Set(badRows)).toEqual(new Set(['297', '298', '299', '300', '301']));
    expect(await invalid.getByRole('row').nth(1).textContent()).toContain('Address 1 is required.');
    expect(await wizard.getByRole('table', { name: 'Duplicates' }).getByRole('row').count()).toBe(1 + 10);
    await screenshot(page, 'import-preview');
    await wizard.getByRole('button', { name: 'Import' }).click();
    await wizard.getByText('285 created, 0 updated, 15 skipped.').waitFor();
    await wizard.getByRole('button', { name: 'Close' }).click();
    expect((await api<{ count: number }>(page, 'GET', '/customers?limit=1')).count).toBe(before + 285);

    // One of them, with the contact and the site the row made (zip and phone cleaned).
    await page.goto('/customers');
    await page.getByPlaceholder(/Search/).fill('Imported Customer 0042');
    await page.getByRole('row', { name: /Imported Customer 0042/ }).click();
    await page.waitForURL(/\/customers\/\d+$/);
    // The zip Excel had stripped comes back with its leading zero.
    await expect.poll(() => page.getByLabel(/^Zip/).first().inputValue()).toBe('08608');
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByRole('row', { name: /Pat.*Owner 0042/ }).waitFor();
    await page
      .getByText(/\(609\) 555-1042/)
      .first()
      .waitFor();
    await page.getByRole('tab', { name: 'Sites' }).click();
    await page
      .getByText(/42 Mill Road/)
      .first()
      .waitFor();

    // Undone from Settings › Import.
    await page.goto('/settings?tab=import');
    await page.getByRole('table', { name: 'Imports' }).getByRole('button', { name: 'Undo customers-export-from-old-crm.csv' }).click();
    await page.getByRole('dialog', { name: 'Undo Import' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await api<{ count: number }>(page, 'GET', '/customers?limit=1')).count).toBe(before);

    // The customers list filtered by a search, exported as Excel: those rows, ids first.
    await page.goto('/customers');
    await page.getByPlaceholder(/Search/).fill('Duplicate Co');
    await page.getByRole('row', { name: /Duplicate Co 0010/ }).waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(1 + 10);
    expect(String(sheet.getRow(1).getCell(1).value)).toMatch(/^ID$/i);
    const names = Array.from({ length: 10 }, (_, i) => sheet.getRow(i + 2).values as unknown[]).map((values) => values.join(' '));
    for (const { name } of duplicates)
      expect(
        names.some((row) => row.includes(name)),
        name,
      ).toBe(true);

    // Three sites ticked and given a service at once.
    const { id: serviceID } = await api<{ id: number }>(page, 'POST', '/services', {
      name: 'Spring Aeration',
      startDate: '2026-04-01T04:00:00.000Z',
      endDate: null,
      isRecurring: false,
    });
    const { id: customerID } = await api<{ id: number }>(page, 'POST', '/customers', {
      name: 'Three Sites HOA',
      type: 1,
      address1: '1 Main St',
      city: 'Trenton',
      state: 'NJ',
      zip: '08608',
    });
    const siteIDs: number[] = [];
    for (const n of [1, 2, 3])
      siteIDs.push(
        (
          await api<{ id: number }>(page, 'POST', `/customers/${customerID}/sites`, {
            name: `HOA Lot ${n}`,
            address1: `${n} Main St`,
            city: 'Trenton',
            state: 'NJ',
            zip: '08608',
          })
        ).id,
      );
    await page.goto('/sites');
    await page.getByPlaceholder(/Search/).fill('HOA Lot');
    for (const n of [1, 2, 3])
      await page
        .getByRole('row', { name: new RegExp(`HOA Lot ${n}`) })
        .getByRole('checkbox')
        .check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selected rows' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Services…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Services of 3 sites' });
    await dialog.getByRole('combobox', { name: 'Service' }).click();
    await page.getByRole('option', { name: 'Spring Aeration' }).click();
    await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expectAlert(page, 'Success', '3 assigned');
    for (const id of siteIDs) expect(await api<number[]>(page, 'GET', `/sites/${id}/services`)).toContain(serviceID);
  });
});
