import { count } from 'drizzle-orm';
import { services } from '../../../src/schema';
import type { Db } from '../connection';
import * as tables from '../entityTables';
import { checkedValues } from './checkedValues';
import { OFFICE_TIME_ZONE, startOfDayIn } from '../../../src/domain/constants';
import data from './data/services.json';

/** "04-01" of `year`, from midnight at the office. */
function dayOf(year: number, monthDay: string): Date {
  const [month, day] = monthDay.split('-').map(Number);
  return startOfDayIn(OFFICE_TIME_ZONE, year, month, day);
}

/**
 * The landscape and snow services (STARTER-DATA.md) into an empty table. Seasons are
 * placed in the year of the first start; a season ending before it starts (snow, Nov–Apr)
 * ends the next year. Services without a season start on January 1 and never end.
 */
export async function seedServices(db: Db, now = new Date()): Promise<void> {
  const table = tables.services;
  const [{ n }] = await db.select({ n: count() }).from(table);
  if (Number(n) > 0) return;
  const year = now.getFullYear();
  const rows = data.services.map(({ start, end, ...service }) => {
    const startDate = dayOf(year, start);
    let endDate = end ? dayOf(year, end) : null;
    if (endDate && endDate < startDate) endDate = dayOf(year + 1, end!);
    return checkedValues(services, { ...service, startDate, endDate }, `service ${service.name}`);
  });
  await db.insert(table).values(rows);
}
