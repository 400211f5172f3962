import { asc, eq } from 'drizzle-orm';
import { estimates } from '../../src/schema';
import { OFFICE_TIME_ZONE, startOfDayIn } from '../../src/domain/constants';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { users } from '../db/tables/users';
import { getRecord, insertRecord, updateRecord } from '../crud/records';
import { catalogueLine, loadCatalogue } from '../estimates/catalogueLines';
import { lockEstimate } from '../estimates/locks';
import { addPricedAreas, type AreaDraft } from '../estimates/pricedAreas';
import { templateDrafts } from '../estimates/templateGeneration';
import data from '../db/seed/data/demoEstimates.json';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** `hour` o'clock at the office, `daysAgo` calendar days before `now` (never after `now`). */
function atOfficeHour(now: Date, daysAgo: number, hour: number): Date {
  const day = new Date(now.getTime() - daysAgo * DAY_MS);
  const [year, month, date] = new Intl.DateTimeFormat('en-CA', {
    timeZone: OFFICE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(day)
    .split('-')
    .map(Number);
  return new Date(Math.min(now.getTime(), startOfDayIn(OFFICE_TIME_ZONE, year, month, date).getTime() + hour * HOUR_MS));
}

interface DemoLine {
  item: string;
  size?: number | null;
  quantity: number;
}
type DemoArea =
  { template: string; tax?: string } | { name: string; tax?: string; isIncluded?: boolean; notes?: string; items: DemoLine[] };

/**
 * The demo company's estimates (data/demoEstimates.json): made, filled and priced by the
 * code the API runs (the estimate's create and update, template generation, the priced areas
 * of clone and templates), then dated `daysAgo` days before the first start so the home
 * insights' "last 30 days" mean something. Salespeople and estimators are the users that
 * exist then (the first start creates admin before seeding); with none, there are no estimates.
 */
export async function seedDemoEstimates(
  tx: Db,
  siteOf: (customer: string, site: string) => number | undefined,
  now = new Date(),
): Promise<void> {
  const staff = (await tx.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((u) => u.id);
  if (!staff.length) return;
  const catalogue = [...(await loadCatalogue(tx)).values()];
  const table = tables.estimates;

  for (const [index, demo] of data.estimates.entries()) {
    const siteID = siteOf(demo.customer, demo.site);
    if (siteID === undefined) throw new Error(`Demo estimate "${demo.projectName}": no site ${demo.site} of ${demo.customer}`);
    const salesperson = staff[index % staff.length];
    const estimator = staff[(index + 1) % staff.length];
    const context = { userId: estimator };
    const id = await insertRecord(tx, estimates, { siteID, projectName: demo.projectName, salesperson, estimator }, context);

    await lockEstimate(tx, id);
    const drafts: AreaDraft[] = [];
    for (const area of demo.areas as DemoArea[]) {
      const tax = area.tax ?? demo.tax;
      if ('template' in area) {
        drafts.push(...(await templateDrafts(tx, area.template, tax)));
        continue;
      }
      const items = area.items.map((line) => {
        const item = catalogue.find((i) => i.name === line.item);
        if (!item) throw new Error(`Demo estimate "${demo.projectName}" names "${line.item}", which is not in the catalogue`);
        return catalogueLine(item, line.size, line.quantity);
      });
      drafts.push({ name: area.name, tax, isIncluded: area.isIncluded ?? true, notes: area.notes ?? null, items });
    }
    await addPricedAreas(tx, id, drafts, context);

    const { version } = await getRecord(tx, estimates, id);
    const { status, isArchived, discount } = demo;
    const lost = 'lostReason' in demo ? { lostReason: demo.lostReason, lostNote: 'lostNote' in demo ? demo.lostNote : null } : {};
    await updateRecord(tx, estimates, id, { status, isArchived, discount, ...lost, version }, context);
    // Made during office hours `daysAgo` days back, last touched up to three days later.
    const createdAt = atOfficeHour(now, demo.daysAgo, 8 + (index % 9));
    const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + Math.min(demo.daysAgo, 3) * DAY_MS));
    await tx.update(table).set({ createdAt, updatedAt }).where(eq(table.id, id));
  }
}
