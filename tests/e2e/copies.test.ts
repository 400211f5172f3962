import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { renewedUnitPrice } from '../../src/domain/renewal';
import { ESTIMATE_STATUSES } from '../../src/domain/estimates';
import { browserSkipReason, screenshot, signIn, useE2E } from './harness';
import { api, estimateFor, sendProposalByApi } from './pageApi';

const YEAR = new Date().getFullYear();
const CONTRACT_SIGNED = ESTIMATE_STATUSES.find((s) => s.name === 'Contract Signed')!.id;

/** Sends the estimate as a proposal through the API (the send dialog has its own browser test). */
const sendProposal = (page: Page, estimateID: number) =>
  sendProposalByApi(page, estimateID, { approval: false, to: ['board@example.com'] });

describe.skipIf(browserSkipReason())('revisions, copies and renewals in the browser (issue 23)', () => {
  const e2e = useE2E();

  test('a sent proposal freezes R1; changing an item starts R2, withdraws the proposal, and the History compares them', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const { id } = await estimateFor(page, 'Revision Client', 'Patio and Mulch', 45);
    const { number } = await api<{ number: number }>(page, 'GET', `/estimates/${id}`);
    const { link } = await sendProposal(page, id);

    await page.goto(`/estimates/${id}/detail`);
    await page.getByText(`#${number}-R1`).first().waitFor();
    await page.getByRole('table', { name: 'Work Areas' }).getByRole('row', { name: /^Lot/ }).click();
    await page
      .getByRole('table', { name: 'Work Area Items' })
      .getByRole('row', { name: /^Plowing/ })
      .click();
    const editor = page.getByRole('dialog', { name: 'Edit Work Area Item' });
    await editor.getByRole('spinbutton', { name: 'Quantity' }).fill('12');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });

    // The header says R2; the proposal of R1 is withdrawn and its page says a newer one exists.
    await page.getByText(`#${number}-R2`).first().waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('list', { name: 'Revisions' }).getByText('Current · not sent').waitFor();
    const changes = history.getByRole('table', { name: 'Changes from R1 to R2' });
    const quantity = changes.getByRole('row', { name: /^Plowing: Quantity/ });
    await quantity.waitFor();
    expect(await quantity.getAttribute('data-change')).toBe('changed');
    expect(await quantity.textContent()).toContain('1012');
    // 10 × $45 → 12 × $45.
    expect(
      await changes
        .getByRole('row', { name: /^Subtotal/ })
        .first()
        .textContent(),
    ).toContain('$450.00$540.00');
    const highlight = await quantity.evaluate((row) => getComputedStyle(row).backgroundColor);
    expect(highlight).not.toBe('rgba(0, 0, 0, 0)');
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, 'revision-comparison');
    const proposals = page.getByRole('region', { name: 'Proposals' });
    await proposals.getByText('Withdrawn').first().waitFor();

    const client = await e2e.newPage();
    await client.goto(link);
    await client.getByText('A newer proposal was sent').waitFor();

    // The phone reads the comparison without sideways scrolling of the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await changes.scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(page, 'revision-comparison-phone');
  });

  test('three signed estimates ticked in the list and renewed by 4 % with the year moved on; one duplicated to another customer’s site', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    const prices = [61.25, 88.88, 120.5];
    for (const [index, price] of prices.entries()) {
      const { id } = await estimateFor(page, `Renewal Client ${index + 1}`, `Snow ${YEAR} Lot ${index + 1}`, price);
      const estimate = await api<Record<string, unknown>>(page, 'GET', `/estimates/${id}`);
      await api(page, 'PUT', `/estimates/${id}`, { ...estimate, status: CONTRACT_SIGNED });
    }
    const other = await estimateFor(page, 'Other Client', 'Unrelated', 10);

    await page.goto('/estimates');
    await page.getByPlaceholder('Search Estimates').fill(`Snow ${YEAR}`);
    for (const index of [1, 2, 3])
      await page
        .getByRole('row', { name: new RegExp(`Snow ${YEAR} Lot ${index}`) })
        .getByRole('checkbox')
        .check();
    const bar = page.getByRole('toolbar', { name: 'Actions on the selected rows' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Renew…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Renew 3 Estimates' });
    await dialog
      .getByRole('status')
      .getByText(/3 new estimates/)
      .waitFor();
    await screenshot(page, 'renew-dialog');
    await dialog.getByRole('button', { name: 'Renew' }).click();
    const done = page.getByRole('dialog', { name: '3 Estimates Renewed' });
    await done.waitFor();
    await done.getByRole('link', { name: `The renewal of Snow ${YEAR} Lot 2` }).click();

    await page.getByRole('heading', { name: `Snow ${YEAR + 1} Lot 2` }).waitFor();
    const renewedID = Number(/\/estimates\/(\d+)\//.exec(page.url())![1]);
    const [area] = (await api<{ workAreas: { id: number }[] }>(page, 'GET', `/estimates/${renewedID}/workAreas`)).workAreas;
    const [line] = (await api<{ workAreaItems: { unitPrice: number }[] }>(page, 'GET', `/workAreas/${area.id}/workAreaItems`))
      .workAreaItems;
    expect(line.unitPrice).toBe(renewedUnitPrice(prices[1], 4));

    // Duplicate the renewal to the other customer's site.
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const duplicate = page.getByRole('dialog', { name: 'Duplicate Estimate' });
    await expect(duplicate.getByRole('textbox', { name: /Project Name/ }).inputValue()).resolves.toBe(`Snow ${YEAR + 1} Lot 2 (copy)`);
    const customer = duplicate.getByRole('combobox', { name: /Customer/ });
    await customer.fill('Other Cli');
    await page.getByRole('option', { name: /Other Client/ }).click();
    // The other customer's sites arrive fresh; its first is chosen.
    await duplicate.getByRole('combobox', { name: /Site/ }).filter({ hasText: 'Other Client Lot' }).waitFor();
    await duplicate.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `Snow ${YEAR + 1} Lot 2 (copy)` }).waitFor();
    const copyID = Number(/\/estimates\/(\d+)\//.exec(page.url())![1]);
    const copy = await api<{ customerID: number; siteID: number; subtotal: number }>(page, 'GET', `/estimates/${copyID}`);
    expect(copy).toMatchObject({ customerID: other.customerID, siteID: other.siteID });
    const renewed = await api<{ subtotal: number }>(page, 'GET', `/estimates/${renewedID}`);
    expect(copy.subtotal).toBe(renewed.subtotal);
    await screenshot(page, 'duplicated-estimate');
  });
});
