import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, browserSkipReason, screenshot, signIn, useE2E } from './harness';
import { focusedName, layoutShift, recordLayoutShifts, screenReady, seriousAxeProblems } from './accessAudit';
import { sendProposalByApi } from './pageApi';

/**
 * Issue 35 #16: the access suite's states that access.test.ts does not reach — a list with
 * rows ticked (the bulk bar), an estimate's Proposals panel with Sent and Opened chips, the
 * answer to a malformed client link, the row links' own focus ring and Home's layout shift.
 * Every state at desktop and phone widths.
 */

const MAX_LAYOUT_SHIFT = 0.05;

async function expectNoSeriousProblems(page: Page, where: string): Promise<void> {
  expect(await seriousAxeProblems(page), `axe on ${where}`).toEqual([]);
}

/** A proposal of demo estimate 1 that the client has opened, and one of estimate 2 not opened yet, through the API. */
async function sendProposals(page: Page): Promise<void> {
  const send = (estimateID: number) => sendProposalByApi(page, estimateID);
  const { link } = await send(1);
  await send(2);
  const client = await page.context().newPage();
  await client.goto(link);
  await client.getByRole('button', { name: 'Accept proposal' }).waitFor();
  await client.close();
}

describe.skipIf(browserSkipReason())('access, issue 35: ticked rows, proposal chips, malformed links, row links, Home', () => {
  const e2e = useE2E({ seedDemo: true });

  test('the estimates list with rows ticked and the Proposals panels with Sent and Opened chips: nothing serious, desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.newPage({ viewport });
      await signIn(page);
      if (viewport === DESKTOP) await sendProposals(page);

      await page.goto('/estimates');
      await screenReady(page);
      const rows = page.getByRole('checkbox', { name: /^Select estimate/ });
      await rows.nth(0).check();
      await rows.nth(1).check();
      await page.getByRole('toolbar', { name: 'Actions on the selected rows' }).getByRole('button', { name: 'Delete' }).waitFor();
      const every = page.getByRole('checkbox', { name: 'Select every row shown' });
      // Some rows ticked: mixed, said the native way (the DOM property), never aria-checked on a native checkbox.
      await expect(
        every.evaluate((input) => [input.getAttribute('aria-checked'), (input as HTMLInputElement).indeterminate]),
      ).resolves.toEqual([null, true]);
      await expectNoSeriousProblems(page, `/estimates with two rows ticked at ${viewport.width} px`);

      for (const [estimateID, chip] of [
        [1, 'Opened'],
        [2, 'Sent'],
      ] as const) {
        await page.goto(`/estimates/${estimateID}/detail`);
        await screenReady(page);
        await page.locator('.MuiChip-root', { hasText: chip }).first().waitFor();
        await expectNoSeriousProblems(page, `the Proposals panel with ${chip} at ${viewport.width} px`);
      }
      await screenshot(page, `proposal-chips-${viewport.width}`);
    }
  });

  test('a malformed client link answers a page with a title and a language, and nothing serious', async () => {
    // The 400 itself, and the browser's own request for /favicon.ico.
    e2e.allowConsoleErrors(/status of 40[04]/);
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.newPage({ viewport });
      for (const path of ['/p/%%%', '/p/abc?x=%E0%A4%A']) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(400);
        await expect(
          page.evaluate(() => document.documentElement.lang),
          path,
        ).resolves.toBe('en');
        await expect(page.title(), path).resolves.toMatch(/\S/);
        await expectNoSeriousProblems(page, `${path} at ${viewport.width} px`);
      }
    }
  });

  test('every row link of /customers shows its own focus ring when reached with Tab', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.goto('/customers');
    await screenReady(page);
    const total = await page.locator('a[data-row-link]').count();
    expect(total).toBeGreaterThan(5);
    await page.locator('a[data-row-link]').first().focus();
    await page.keyboard.press('Shift+Tab');
    const bare: string[] = [];
    for (let reached = 0, stop = 0; reached < total && stop < 4 * total; stop += 1) {
      await page.keyboard.press('Tab');
      const ring = await page.evaluate(() => {
        const element = document.activeElement!;
        if (!element.hasAttribute('data-row-link')) return null;
        const style = getComputedStyle(element);
        return `${style.outlineStyle} ${parseFloat(style.outlineWidth)}`;
      });
      if (ring === null) continue;
      reached += 1;
      if (reached === 2) await screenshot(page, 'row-link-focus');
      if (ring !== 'solid 2') bare.push(`${await focusedName(page)}: ${ring}`);
    }
    expect(bare, 'row links without a ring of their own').toEqual([]);
  });

  test('Home does not jump as its cards load (CLS ≤ 0.05, desktop and phone)', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const page = await e2e.newPage({ viewport });
      await recordLayoutShifts(page);
      await signIn(page);
      // A fresh load of Home, as after a reload or a typed address.
      await page.goto('/home');
      await screenReady(page);
      await page.waitForTimeout(1000);
      const { total, shifts } = await layoutShift(page);
      console.log(`layout shift /home at ${viewport.width} px: ${total.toFixed(4)}`);
      expect(total, `layout shift of /home at ${viewport.width} px: ${shifts.join('; ')}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
      await expectNoSeriousProblems(page, `/home at ${viewport.width} px`);
    }
  });
});
