import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSkipReason, expectAlert, signIn, useE2E } from './harness';
import { api } from './pageApi';

const termNames = async (page: Page) =>
  (await page.getByRole('row').allTextContents()).slice(1).map((text) =>
    text
      .replace(/^\d+/, '')
      .replace(/[✓✗✔✘]/g, '')
      .trim(),
  );

describe.skipIf(browserSkipReason())('term order and service deletion through the real server', () => {
  const e2e = useE2E();

  test('moving a term up reorders the list, and the order holds after a reload', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.waitForURL('**/termsConditions');
    await page.getByRole('button', { name: 'Move Acceptance up' }).waitFor();
    const before = await api<{ termsConditions: { name: string }[] }>(page, 'GET', '/termsConditions?sortBy=tc_order&sortDirection=ASC');
    expect(before.termsConditions.slice(0, 2).map((t) => t.name)).toEqual(['Payment Terms', 'Acceptance']);

    await page.getByRole('button', { name: 'Move Acceptance up' }).click();
    await expect
      .poll(async () => (await termNames(page)).slice(0, 2))
      .toEqual([expect.stringMatching(/^Acceptance/), expect.stringMatching(/^Payment Terms/)]);
    await page.reload();
    await page.getByRole('button', { name: 'Move Acceptance up' }).waitFor();
    expect((await termNames(page)).slice(0, 2)).toEqual([expect.stringMatching(/^Acceptance/), expect.stringMatching(/^Payment Terms/)]);
    const after = await api<{ termsConditions: { name: string; order: number }[] }>(
      page,
      'GET',
      '/termsConditions?sortBy=tc_order&sortDirection=ASC',
    );
    expect(after.termsConditions.slice(0, 2).map((t) => t.name)).toEqual(['Acceptance', 'Payment Terms']);
  });

  test('deleting a service says how many sites lose it, then they have lost it', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const { services } = await api<{ services: { id: number; name: string }[] }>(page, 'GET', '/services');
    const mulching = services.find((s) => s.name === 'Mulching')!;
    const address = { address1: '1 Oak Ave', city: 'Trenton', state: 'NJ' };
    const { id: customerID } = await api<{ id: number }>(page, 'POST', '/customers', { name: 'Mulch Lovers', ...address });
    const siteIDs: number[] = [];
    for (const name of ['North Lawn', 'South Lawn']) {
      const { id } = await api<{ id: number }>(page, 'POST', `/customers/${customerID}/sites`, { name, ...address });
      await api(page, 'POST', `/sites/${id}/services`, { serviceID: mulching.id });
      siteIDs.push(id);
    }

    await page.getByRole('link', { name: 'Services' }).click();
    await page.getByRole('cell', { name: 'Mulching', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Service' });
    await editor.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Confirm Deletion' });
    await expect
      .poll(() => question.textContent())
      .toContain(
        'This service is assigned to 2 sites; deleting it removes it from those sites. Are you sure you would like to delete this service?',
      );
    await question.getByRole('button', { name: 'Delete' }).click();
    await expectAlert(page, 'Success', 'Service Deleted');
    await page.getByRole('cell', { name: 'Mulching', exact: true }).waitFor({ state: 'detached' });
    for (const siteID of siteIDs) expect(await api<number[]>(page, 'GET', `/sites/${siteID}/services`)).not.toContain(mulching.id);
  });
});
