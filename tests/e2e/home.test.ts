import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { count, eq } from 'drizzle-orm';
import { estimates, sites } from '../../server/db/entityTables';
import { users } from '../../server/db/tables/users';
import type { Db } from '../../server/db/connection';
import { ESTIMATE_STATUSES } from '../../src/domain/estimates';
import { countRatios, formatPercent, type EstimateInsights, type ServiceInsight } from '../../src/domain/insights';
import { formatMoney } from '../../src/domain/money';
import { TOKEN_STORAGE_KEY } from '../../src/providers/sessionToken';
import { MOBILE, browserSkipReason, screenshot, signIn, useE2E } from './harness';

const DAY = 86_400_000;

/** [status, subtotal, days ago, archived] — about the demo company's estimates of STARTER-DATA.md. */
const ESTIMATES: [number, number, number, boolean][] = [
  [0, 4_850, 1, false], [0, 12_400, 3, false], [0, 0, 4, false], [0, 2_275.5, 9, false], [0, 18_900, 16, false],
  [0, 6_300, 45, false], [0, 1_150, 70, true],
  [1, 9_800, 2, false], [1, 24_500, 6, false], [1, 3_425.75, 13, false], [1, 15_750, 22, false], [1, 7_200, 38, false],
  [1, 31_000, 55, false], [1, 5_600, 95, true],
  [2, 28_750, 5, false], [2, 11_200, 11, false], [2, 46_300, 19, false], [2, 8_640, 27, false], [2, 19_500, 33, false],
  [2, 62_000, 48, false], [2, 14_250, 66, true], [2, 9_975, 84, false], [2, 37_800, 110, true],
  [3, 21_000, 8, false], [3, 6_750, 24, false], [3, 13_400, 41, true], [3, 4_980, 77, false], [3, 27_300, 102, true],
];
const PROJECTS = ['Spring Cleanup', 'Paver Patio', 'Snow Contract', 'Front Beds Refresh', 'Lawn Renovation', 'Retaining Wall', 'Drainage Fix'];

/** The demo estimates when the demo seed has them; otherwise these, on the demo sites. */
async function addDemoEstimates(db: Db): Promise<void> {
  const [{ existing }] = await db.select({ existing: count() }).from(estimates);
  if (existing > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const demoSites = await db.select({ id: sites.id, customerID: sites.customerID }).from(sites).orderBy(sites.id);
  const now = Date.now();
  await db.insert(estimates).values(
    ESTIMATES.map(([status, subtotal, daysAgo, isArchived], index) => {
      const site = demoSites[(index * 7) % demoSites.length];
      return {
        siteID: site.id,
        customerID: site.customerID,
        projectName: PROJECTS[index % PROJECTS.length],
        status,
        subtotal,
        isArchived,
        salesperson: admin.id,
        estimator: admin.id,
        createdAt: new Date(now - daysAgo * DAY - index * 3_600_000),
      };
    }),
  );
}

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
  const e2e = useE2E({ seedDemo: true, prepare: addDemoEstimates });

  test('after sign-in: the greeting, both insight cards with their figures, and the charts', async () => {
    const page = await e2e.newPage();
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Admin!' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Estimate Insights' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Service Insights' }).waitFor();

    const insights = await apiGet<EstimateInsights>(page, '/api/insights/estimates');
    expect(insights.allTime.reduce((sum, row) => sum + row.count, 0)).toBeGreaterThan(0);
    for (const [list, title] of [['current', 'Current'], ['last30Days', 'Last 30 Days'], ['allTime', 'All Time']] as const) {
      const block = page.getByRole('region', { name: title });
      const ratios = countRatios(insights[list]);
      for (const [index, row] of insights[list].entries()) {
        const name = ESTIMATE_STATUSES[index].name;
        const cells = block.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) }).getByRole('cell');
        const expected = list === 'current'
          ? [name, String(row.count), formatMoney(row.price)]
          : [name, String(row.count), formatPercent(ratios[index]), formatMoney(row.price)];
        await expect(cells.allTextContents()).resolves.toEqual(expected);
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
