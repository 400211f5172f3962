import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, MOBILE, screenshot, signIn, useE2E } from './harness';
import { seriousAxeProblems } from './accessAudit';
import { api } from './pageApi';

/** Exports in the programs' own layouts (tests/fixtures/imports/README.md). */
const FIXTURES = join(__dirname, '..', 'fixtures', 'imports');

/** The wizard opened from the Customers list with the keyboard alone, the file chosen through the chooser Enter opens. */
async function chooseFileByKeyboard(page: Page, file: string) {
  // Listened for from the start: Chromium intercepts file choosers only once it has been told to, which takes a round trip.
  const opening = page.waitForEvent('filechooser');
  await page.goto('/customers');
  const importButton = page.getByRole('button', { name: 'Import' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  const wizard = page.getByRole('dialog', { name: 'Import' });
  const chooser = wizard.getByRole('button', { name: 'Choose a CSV or XLSX file' });
  await chooser.waitFor();
  // The dialog takes the focus when it has opened; Tab from there.
  await expect.poll(() => wizard.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const focused = () => chooser.evaluate((el) => el === document.activeElement);
  for (let stops = 0; stops < 10 && !(await focused()); stops++) await page.keyboard.press('Tab');
  expect(await focused()).toBe(true);
  await page.keyboard.press('Enter');
  await (await opening).setFiles(join(FIXTURES, file));
  await wizard.getByRole('button', { name: file }).waitFor();
  return wizard;
}

/** The first cells of each body row of a preview table: the row number and the name the file gives it. */
const rowsOf = (page: Page, table: string) =>
  page
    .getByRole('dialog', { name: 'Import' })
    .getByRole('table', { name: table })
    .getByRole('row')
    .evaluateAll((rows) => rows.slice(1).map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)));

describe.skipIf(browserSkipReason())('imports of known layouts in the browser (issue 35)', () => {
  const e2e = useE2E();

  test('a QuickBooks Desktop customer list: chosen with the keyboard alone, recognised, its rows named in the preview, the counts adding up', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await api(page, 'POST', '/customers', {
      name: 'Greenway HOA',
      type: 1,
      address1: '12 Elm St',
      city: 'Lawrenceville',
      state: 'NJ',
      zip: '08648',
    });
    const before = (await api<{ count: number }>(page, 'GET', '/customers?limit=1')).count;

    const wizard = await chooseFileByKeyboard(page, 'quickbooks-desktop-customer-list.csv');
    await wizard.getByRole('button', { name: 'Upload' }).click();
    await wizard.getByText('Looks like a QuickBooks Desktop customer list').waitFor();
    await expect(wizard.getByRole('combobox', { name: /^City, State Zip/ }).textContent()).resolves.toContain('Bill to 4');
    await expect(wizard.getByRole('combobox', { name: /^Address 3/ }).textContent()).resolves.toContain('Bill to 3');
    await wizard.getByRole('button', { name: 'Preview' }).click();
    await wizard.getByText('5 rows: 3 will be created, 0 updated, 2 skipped (1 duplicate, 1 invalid row).').waitFor();
    expect(new Set((await rowsOf(page, 'Invalid rows')).map((cells) => cells.join(' ')))).toEqual(new Set(['6 Cash Sales']));
    expect(await rowsOf(page, 'Duplicates')).toEqual([['2', 'Greenway HOA']]);
    await screenshot(page, 'import-quickbooks-desktop-preview');
    await wizard.getByRole('button', { name: 'Import' }).click();
    await wizard.getByText('3 created, 0 updated, 2 skipped.').waitFor();
    expect((await api<{ count: number }>(page, 'GET', '/customers?limit=1')).count).toBe(before + 3);
    const found = await api<{ customers: Record<string, unknown>[] }>(
      page,
      'GET',
      `/customers?searchTerm=${encodeURIComponent('Miller, Bob')}`,
    );
    expect(found.customers[0]).toMatchObject({ address1: '5 Oak Ave', city: 'Philadelphia', state: 'PA', zip: '19103' });
  });

  test("a Jobber client list on a phone: recognised, 6 rows = 5 created + 1 duplicate, the second phone kept in the contact's notes, every table scrollable by keyboard", async () => {
    const page = await e2e.newPage({ viewport: MOBILE });
    await signIn(page);
    const wizard = await chooseFileByKeyboard(page, 'jobber-client-list.csv');
    await wizard.getByRole('button', { name: 'Upload' }).click();
    await wizard.getByText('Looks like a Jobber client list').waitFor();
    await wizard.getByRole('button', { name: 'Preview' }).click();
    await wizard.getByText('6 rows: 5 will be created, 0 updated, 1 skipped (1 duplicate).').waitFor();
    expect(await rowsOf(page, 'Duplicates')).toEqual([['6', 'Kevin Weaver']]);
    expect((await rowsOf(page, "Kept in the contact's notes")).map((cells) => cells.join(' '))).toEqual([
      '2 Kevin Weaver',
      '2 Kevin Weaver',
      '6 Kevin Weaver',
      '6 Kevin Weaver',
    ]);
    expect((await seriousAxeProblems(page)).filter((p) => p.rule === 'scrollable-region-focusable')).toEqual([]);
    await screenshot(page, 'import-jobber-preview-phone');
    await wizard.getByRole('button', { name: 'Import' }).click();
    await wizard.getByText('5 created, 0 updated, 1 skipped.').waitFor();

    // The contact modal shows what the import kept in the notes.
    const found = await api<{ customers: { id: number }[] }>(page, 'GET', '/customers?searchTerm=Kevin%20Weaver');
    await page.goto(`/customers/${found.customers[0].id}`);
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.getByRole('row', { name: /Kevin.*Weaver/ }).click();
    const modal = page.getByRole('dialog');
    await expect.poll(() => modal.getByLabel('Notes').inputValue()).toContain('Other phones in the imported file: (609) 555-0111');
  });
});
