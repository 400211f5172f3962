import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ESTIMATE_STATUSES } from '../../src/domain/estimates';
import { countRatios, formatPercent, totalCount, winRate, type EstimateInsights, type ServiceInsight } from '../../src/domain/insights';
import { formatMoney } from '../../src/domain/money';
import { TOKEN_STORAGE_KEY } from '../../src/providers/sessionToken';
import { MOBILE, browserSkipReason, screenshot, signIn, useE2E } from './harness';

/** What the API answers the signed-in page, with its own token. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async ({ path, key }) => {
      const response = await fetch(path, { headers: { Authorization: `Bearer ${sessionStorage.getItem(key)}` } });
      return response.json();
    },
    { path, key: TOKEN_STORAGE_KEY },
  );
}

describe.skipIf(browserSkipReason())('home in the browser', () => {
  const e2e = useE2E({ seedDemo: true });

  test('after sign-in: the greeting, both insight cards with their figures, and the charts', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Admin!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Estimate Insights' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Service Insights' }).waitFor();

    const insights = await apiGet<EstimateInsights>(page, '/api/insights/estimates');
    // The demo company: recent estimates, and archived ones that Current leaves out.
    expect(totalCount(insights.last30Days)).toBeGreaterThan(0);
    expect(totalCount(insights.allTime)).toBeGreaterThan(totalCount(insights.current));
    for (const [list, title] of [
      ['current', 'Current'],
      ['last30Days', 'Last 30 Days'],
      ['allTime', 'All Time'],
    ] as const) {
      const block = page.getByRole('region', { name: title });
      const ratios = countRatios(insights[list]);
      for (const [index, row] of insights[list].entries()) {
        const name = ESTIMATE_STATUSES[index].name;
        const cells = block
          .getByRole('row')
          .filter({ has: page.getByRole('link', { name, exact: true }) })
          .getByRole('cell');
        const expected =
          list === 'current'
            ? [name, String(row.count), formatMoney(row.price)]
            : [name, String(row.count), formatPercent(ratios[index]), formatMoney(row.price)];
        await expect(cells.allTextContents()).resolves.toEqual(expected);
      }
      if (list !== 'current') {
        await expect(block.getByText(/^Win rate/).textContent()).resolves.toBe(`Win rate ${formatPercent(winRate(insights[list]))}`);
      }
      // Its ring: one arc per status with an amount.
      const ring = page.getByRole('img', { name: `${title}: amount by status` });
      const withAmount = insights[list].filter((row) => row.price > 0).length;
      await expect.poll(() => ring.locator('path').count()).toBeGreaterThanOrEqual(withAmount);
    }

    const services = await apiGet<ServiceInsight[]>(page, '/api/insights/services');
    expect(services.length).toBeGreaterThan(0);
    const serviceRows = page.getByRole('table', { name: 'Sites per service' }).locator('tbody tr');
    await expect(serviceRows.allTextContents()).resolves.toEqual(services.map((s) => `${s.name}${s.count}`));
    const bars = page.getByRole('img', { name: 'Sites per service' });
    await expect.poll(() => bars.locator('rect').count()).toBeGreaterThanOrEqual(services.filter((s) => s.count > 0).length);
    await expect.poll(() => page.getByLabel('Loading chart').count()).toBe(0);
    await page.mouse.move(0, 0); // no row hovered in the picture
    await screenshot(page, 'home-insights');

    // A status row opens the estimates list filtered by it.
    await page.getByRole('region', { name: 'Current' }).getByRole('link', { name: 'Contract Signed' }).click();
    await page.waitForURL('**/estimates?**');
    const target = new URL(page.url());
    expect(JSON.parse(target.searchParams.get('filter')!)).toEqual({ estimate_status: [2], estimate_is_archived: [0] });
  });

  test('on a phone the charts go under their tables', async () => {
    const page = await e2e.newPage({ viewport: MOBILE });
    await signIn(page);
    const table = page.getByRole('region', { name: 'All Time' }).getByRole('table');
    const ring = page.getByRole('img', { name: 'All Time: amount by status' });
    await ring.waitFor();
    const [tableBox, ringBox] = [await table.boundingBox(), await ring.boundingBox()];
    expect(ringBox!.y).toBeGreaterThanOrEqual(tableBox!.y + tableBox!.height);
    // Every column fits: the total amount ends inside its card, nothing to scroll sideways.
    const card = page.getByRole('region', { name: 'All Time' });
    const totalAmount = table.getByRole('row').filter({ hasText: 'Total' }).getByRole('cell').last();
    const [cardBox, amountBox] = [await card.boundingBox(), await totalAmount.boundingBox()];
    expect(amountBox!.x + amountBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width + 0.5);
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth)).toBe(0);
    await page.getByRole('img', { name: 'Sites per service' }).waitFor();
    await expect.poll(() => page.getByLabel('Loading chart').count()).toBe(0);
    await screenshot(page, 'home-insights-mobile');
  });
});
