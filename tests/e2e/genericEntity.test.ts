import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from '../helpers/drizzleKit';
import { createPglite, openDatabase } from '../../server/db/connection';
import { registerEntityTable } from '../../server/db/entityTables';
import { equipment } from '../fixtures/equipment';
import { browserSkipReason, signIn, useE2E } from './harness';
import { buildWithTestEntities, EXTENDED_BUILD } from './extendedBuild';
import { startServer } from './server';
import { api } from './pageApi';

/** The equipment table as `npm run db:generate` would write its migration. */
async function createEquipmentTable(dataDir: string) {
  const client = await createPglite(dataDir);
  try {
    const { db } = await openDatabase({ pglite: client });
    const statements = await generateMigration(
      generateDrizzleJson({}),
      generateDrizzleJson({ [equipment.table]: registerEntityTable(equipment) }),
    );
    for (const statement of statements) await db.execute(sql.raw(statement));
  } finally {
    await client.close();
  }
}

describe.skipIf(browserSkipReason())('an entity with no component code, through the real server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yardstick-generic-'));
  const options = { dataDir, build: EXTENDED_BUILD };

  // Before the harness starts its server: the builds, the product's tables, then the entity's.
  beforeAll(async () => {
    await buildWithTestEntities();
    const first = await startServer({ ...options, spa: false });
    await first.stop();
    await createEquipmentTable(dataDir);
  });
  const e2e = useE2E(options);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  test('a user creates equipment, finds it by search, sorts, edits and deletes it', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    // Somewhere to take it: a site (of a customer), made through the API as any other screen would.
    const customer = await api<{ id: number }>(page, 'POST', '/customers', {
      name: 'Green Acres',
      address1: '1 Farm Rd',
      city: 'Trenton',
      state: 'NJ',
    });
    await api(page, 'POST', `/customers/${customer.id}/sites`, {
      customerID: customer.id,
      name: 'North Lawn',
      address1: '3 Farm Rd',
      city: 'Trenton',
      state: 'NJ',
    });

    await page.getByRole('link', { name: 'Equipment' }).click();
    await page.waitForURL(/\/equipment(\?.*)?$/);
    await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();

    /** Save on the detail page, until the server has stored it. */
    const save = () =>
      Promise.all([
        page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/equipment\/\d+$/.test(r.url()) && r.ok()),
        page.getByRole('button', { name: 'Save' }).click(),
      ]);

    /** New Equipment, then its Cost on the detail page it opens. */
    const create = async (name: string, serial: string | null, cost: string, site?: string) => {
      await page.getByRole('link', { name: 'Equipment' }).click();
      await page.getByRole('button', { name: 'New Equipment' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Equipment' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      if (serial) await dialog.getByRole('textbox', { name: 'Serial Number' }).fill(serial);
      if (site) {
        await dialog.getByRole('combobox', { name: 'Site' }).fill(site.slice(0, 5));
        await page.getByRole('option', { name: site }).click();
      }
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL(/\/equipment\/\d+$/);
      await page.getByRole('heading', { name }).waitFor();
      await page.getByRole('spinbutton', { name: 'Cost' }).fill(cost);
      await save();
    };

    await page.getByRole('button', { name: 'New Equipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Equipment' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await create('Zero-turn mower', 'ZT-0042', '12500', 'North Lawn');
    expect(await page.getByRole('combobox', { name: 'Site' }).inputValue()).toBe('North Lawn');
    expect(await page.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    await create('Aerator', 'AE-7', '2400');
    await create('Blower', null, '350');

    await page.getByRole('link', { name: 'Equipment' }).click();
    await page.getByRole('cell', { name: 'Blower', exact: true }).waitFor();
    // After the checkbox that ticks a row for the bulk actions.
    const names = async () => page.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(await names()).toEqual(['Aerator', 'Blower', 'Zero-turn mower']);
    expect(await page.getByRole('row', { name: /Zero-turn mower/ }).textContent()).toContain('North Lawn');

    await page.getByPlaceholder('Search Equipment').fill('zt-00');
    await expect.poll(names).toEqual(['Zero-turn mower']);
    await page.getByPlaceholder('Search Equipment').fill('');
    await expect.poll(names).toEqual(['Aerator', 'Blower', 'Zero-turn mower']);
    await page.getByRole('columnheader', { name: 'Cost' }).click();
    await expect.poll(names).toEqual(['Blower', 'Aerator', 'Zero-turn mower']);
    await page.getByRole('columnheader', { name: 'Cost' }).click();
    await expect.poll(names).toEqual(['Zero-turn mower', 'Aerator', 'Blower']);
    await expect.poll(() => page.getByRole('row', { name: /Aerator/ }).textContent()).toContain('$2,400.00');

    await page.getByRole('cell', { name: 'Aerator', exact: true }).click();
    await page.getByRole('heading', { name: 'Aerator' }).waitFor();
    await page.getByRole('textbox', { name: 'Serial Number' }).fill('AE-8');
    await page.getByRole('spinbutton', { name: 'Cost' }).fill('2650.5');
    await save();
    await page.getByText('Equipment Saved').waitFor();
    const stored = await api<{ equipment: { name: string; serialNumber: string; cost: number; version: number }[] }>(
      page,
      'GET',
      '/equipment?searchTerm=Aerator',
    );
    expect(stored.equipment[0]).toMatchObject({ name: 'Aerator', serialNumber: 'AE-8', cost: 2650.5, version: 3 });

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Are you sure you would like to delete this equipment?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/equipment(\?.*)?$/);
    await expect.poll(names).toEqual(['Zero-turn mower', 'Blower']);
  });
});
