import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
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
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ [equipment.table]: registerEntityTable(equipment) }));
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
    await page.getByRole('link', { name: 'Equipment' }).click();
    await page.waitForURL(/\/equipment(\?.*)?$/);
    await page.getByRole('heading', { name: 'Equipment', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'New Equipment' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Equipment' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Zero-turn mower');
    await dialog.getByRole('textbox', { name: 'Serial Number' }).fill('ZT-0042');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/equipment\/\d+$/);
    await page.getByRole('heading', { name: 'Zero-turn mower' }).waitFor();

    await api(page, 'POST', '/equipment', { name: 'Aerator', serialNumber: 'AE-7', cost: 2400 });
    await api(page, 'POST', '/equipment', { name: 'Blower', cost: 350 });
    await page.getByRole('link', { name: 'Equipment' }).click();
    await page.getByRole('cell', { name: 'Blower' }).waitFor();
    const names = async () => page.locator('tbody tr td:first-child').allTextContents();
    expect(await names()).toEqual(['Aerator', 'Blower', 'Zero-turn mower']);

    await page.getByPlaceholder('Search Equipment').fill('zt-00');
    await expect.poll(names).toEqual(['Zero-turn mower']);
    await page.getByPlaceholder('Search Equipment').fill('');
    await expect.poll(names).toEqual(['Aerator', 'Blower', 'Zero-turn mower']);
    await page.getByRole('columnheader', { name: 'Cost' }).click();
    await expect.poll(names).toEqual(['Blower', 'Aerator', 'Zero-turn mower']);
    await expect.poll(() => page.getByRole('row', { name: /Aerator/ }).textContent()).toContain('$2,400.00');

    await page.getByRole('cell', { name: 'Aerator' }).click();
    await page.getByRole('heading', { name: 'Aerator' }).waitFor();
    await page.getByRole('spinbutton', { name: 'Cost' }).fill('2650.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Equipment Saved').waitFor();
    const stored = await api<{ equipment: { name: string; cost: number; version: number }[] }>(page, 'GET', '/equipment?searchTerm=Aerator');
    expect(stored.equipment[0]).toMatchObject({ name: 'Aerator', cost: 2650.5, version: 2 });

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Are you sure you would like to delete this equipment?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // The list keeps its sort in the query string once it has been sorted.
    await page.waitForURL(/\/equipment(\?.*)?$/);
    await expect.poll(names).toEqual(['Blower', 'Zero-turn mower']);
  });
});
