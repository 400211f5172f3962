import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { browserSkipReason, screenshot, signIn, useE2E } from './harness';
import { api } from './pageApi';

const ROWS = 20_000;
const FILE_NAME = 'big-customer-list.csv';

/** A customer list of ROWS rows, each with a contact and a service address. */
function bigCustomerList(dir: string): string {
  const lines = ['Customer Name,Address Line 1,City,State,ZIP,Contact Name,Email,Service Address,Service City,Service State,Service Zip'];
  for (let i = 0; i < ROWS; i++) lines.push(`Big ${i},${i} Elm St,Trenton,NJ,08608,Pat Big${i},p${i}@big.test,${i} Site Rd,Ewing,NJ,08618`);
  const path = join(dir, FILE_NAME);
  writeFileSync(path, lines.join('\r\n') + '\r\n');
  return path;
}

/**
 * Issue 36: "import a 20,000-row file, watch the progress bar move, reload mid-commit, see it
 * finish" — the commit is a job the wizard follows, and Settings › Import after a reload.
 */
describe.skipIf(browserSkipReason())('a long import in the browser (issue 36)', () => {
  const e2e = useE2E();
  const dir = mkdtempSync(join(tmpdir(), 'yardstick-import-job-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('the bar moves, a reload finds the running commit in Settings › Import, it ends Imported, and Settings › Jobs lists it', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const before = (await api<{ count: number }>(page, 'GET', '/customers?limit=1')).count;
    await page.goto('/settings?tab=import');
    await page.getByRole('button', { name: 'Import' }).click();
    const wizard = page.getByRole('dialog', { name: 'Import' });
    await wizard.getByLabel('File').setInputFiles(bigCustomerList(dir));
    await wizard.getByRole('button', { name: 'Upload' }).click();
    await wizard.getByText('20,000 rows. Choose the column of each field:').waitFor({ timeout: 60_000 });
    await wizard.getByRole('button', { name: 'Preview' }).click();
    await wizard.getByText('20,000 rows: 20,000 will be created, 0 updated, 0 skipped.').waitFor({ timeout: 60_000 });
    await wizard.getByRole('button', { name: 'Import' }).click();

    const bar = wizard.getByRole('progressbar', { name: new RegExp(`^Import of ${FILE_NAME}`) });
    const done = async () => Number((await bar.getAttribute('aria-valuenow')) ?? 0);
    await expect.poll(done, { timeout: 60_000 }).toBeGreaterThan(0);
    const first = await done();
    await expect.poll(done, { timeout: 60_000 }).toBeGreaterThan(first);
    expect(await bar.getAttribute('aria-label')).toMatch(/ of 60,000 · Writing (customers|contacts|sites)/);
    await screenshot(page, 'import-job-progress');

    // A reload while it runs: Settings › Import shows it with its bar, until it is imported.
    await page.reload();
    const table = page.getByRole('table', { name: 'Imports' });
    const row = table.getByRole('row', { name: new RegExp(FILE_NAME) });
    await row.getByRole('progressbar', { name: new RegExp(`^Importing… ${FILE_NAME}`) }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => row.textContent(), { timeout: 180_000 }).toMatch(new RegExp(`Imported${ROWS}00`));
    expect((await api<{ count: number }>(page, 'GET', '/customers?limit=1')).count).toBe(before + ROWS);

    await page.goto('/settings?tab=jobs');
    const jobs = page.getByRole('table', { name: 'Jobs' });
    await expect.poll(async () => jobs.getByRole('row').nth(1).textContent()).toMatch(/Import.*Done/);
  }, 300_000);
});
