import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { pdfText } from '../helpers/pdfText';
import { browserSkipReason, expectAlert, screenshot, signIn, useE2E } from './harness';
import { api, printedProposal } from './pageApi';

/** Settings › Fields: a field added to an entity as an office admin would add it. */
async function addField(
  page: Page,
  entity: string,
  label: string,
  switches: string[],
  more?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  await page.getByRole('combobox', { name: 'Fields of' }).click();
  await page.getByRole('option', { name: entity, exact: true }).click();
  await page.getByRole('button', { name: 'Add Field' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Field' });
  await dialog.getByLabel('Label').fill(label);
  for (const name of switches) await dialog.getByLabel(name).check();
  await more?.(dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectAlert(page, 'Success', 'Field Added');
  await page.getByRole('table', { name: 'Custom fields' }).getByRole('cell', { name: label, exact: true }).waitFor();
}

describe.skipIf(browserSkipReason())('custom fields in the browser (issue 38)', () => {
  const e2e = useE2E();

  test('an admin adds a gate code to sites and a required, printed PO number to estimates; the office fills, filters and prints them', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const [me] = (await api<{ id: number; username: string }[]>(page, 'GET', '/users')).filter((u) => u.username === 'admin');
    const { id: customerID } = await api<{ id: number }>(page, 'POST', '/customers', {
      name: 'Oak Hollow Condominiums',
      address1: '18 Oak Hollow Rd',
      city: 'Princeton',
      state: 'NJ',
      zip: '08540',
    });
    const site = (name: string) =>
      api<{ id: number }>(page, 'POST', `/customers/${customerID}/sites`, {
        name,
        address1: '20 Oak Hollow Rd',
        city: 'Princeton',
        state: 'NJ',
      });
    const { id: poolID } = await site('Oak Hollow Pool House');
    await site('Oak Hollow Tennis Courts');
    const { id: estimateID } = await api<{ id: number }>(page, 'POST', `/sites/${poolID}/estimates`, {
      projectName: 'Pool House Plantings',
      salesperson: me.id,
      estimator: me.id,
    });

    // Settings › Fields.
    await page.goto('/settings?tab=fields');
    await addField(page, 'Sites', 'Gate code', ['Show in list', 'Filterable']);
    await addField(page, 'Estimates', 'PO Number', ['Required', 'Print on proposal'], async (dialog) => {
      await dialog.getByLabel('Longest (characters)').fill('30');
    });
    await screenshot(page, 'settings-fields');

    // The pool house's gate code, in the site's More card.
    await page.goto(`/sites/${poolID}`);
    await page.getByText('More', { exact: true }).waitFor();
    await page.getByLabel('Gate code').fill('#4411');
    await page.getByRole('button', { name: 'Save' }).click();
    await expectAlert(page, 'Success', 'Site Saved');

    // The sites list: its column, and its filter.
    await page.goto('/sites');
    const table = page.getByRole('table', { name: 'sites' });
    await table.getByRole('cell', { name: '#4411' }).waitFor();
    await page.getByRole('searchbox').fill('Oak Hollow');
    await table.getByRole('row', { name: /Oak Hollow Tennis Courts/ }).waitFor();
    await table.getByRole('button', { name: 'Filter Gate code' }).click();
    const filter = page.getByRole('dialog', { name: 'Filter Gate code' });
    await filter.getByLabel('Gate code is').fill('#4411');
    await filter.getByRole('button', { name: 'Apply' }).click();
    await page.keyboard.press('Escape');
    await table.getByRole('row', { name: /Oak Hollow Tennis Courts/ }).waitFor({ state: 'detached' });
    await expect(table.getByRole('row', { name: /Oak Hollow Pool House/ }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'sites-filtered-by-gate-code');

    // The estimate asks for its PO number before it saves, then prints it on the proposal.
    await page.goto(`/estimates/${estimateID}/detail`);
    await page.getByRole('heading', { name: 'Pool House Plantings' }).waitFor();
    const po = page.getByLabel('PO Number');
    await po.fill('x'.repeat(31));
    await page.getByRole('button', { name: 'Save' }).first().click();
    await page.getByText('PO Number cannot exceed 30 characters.').waitFor();
    await po.fill('PO-7781');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expectAlert(page, 'Success', 'Estimate Saved');

    await page.getByRole('button', { name: 'Print' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print' });
    await dialog.getByRole('combobox', { name: 'Print Type' }).waitFor();
    const { pdf } = await printedProposal(page, () => dialog.getByRole('button', { name: 'Print' }).click());
    const { text } = await pdfText(pdf);
    expect(text).toContain('PO Number: PO-7781');
    expect(text).not.toContain('Gate code');

    // Back in Settings › Fields: a second site field dragged above the first, the order kept.
    await page.goto('/settings?tab=fields');
    await addField(page, 'Sites', 'Crew notes', []);
    const fields = page.getByRole('table', { name: 'Custom fields' });
    const reordered = page.waitForResponse((r) => r.url().endsWith('/api/customFields/reorder'));
    // The browser's own drag events, as a mouse drag sends them.
    const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
    await fields.getByText('Crew notes', { exact: true }).dispatchEvent('dragstart', { dataTransfer });
    await fields.getByText('Gate code', { exact: true }).dispatchEvent('dragover', { dataTransfer });
    await fields.getByText('Gate code', { exact: true }).dispatchEvent('drop', { dataTransfer });
    expect((await reordered).status()).toBe(200);
    await page.reload();
    await page.getByRole('combobox', { name: 'Fields of' }).click();
    await page.getByRole('option', { name: 'Sites', exact: true }).click();
    await expect(fields.getByRole('row').nth(1).textContent()).resolves.toContain('Crew notes');

    // Deleting the gate code offers its values' export first, then says how many went.
    await fields.getByRole('button', { name: 'Delete Gate code' }).click();
    const question = page.getByRole('dialog', { name: 'Delete Field' });
    const downloading = page.waitForEvent('download');
    await question.getByRole('button', { name: 'Export sites' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sites-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Gate code');
    expect(csv).toContain('#4411');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, 'Success', 'Field Deleted with 1 value');
    await fields.getByText('Gate code', { exact: true }).waitFor({ state: 'detached' });
  });
});
