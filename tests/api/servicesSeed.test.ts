import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { services as servicesTable } from '../../server/db/entityTables';
import { seedServices } from '../../server/db/seed/services';
import { sanitizeRichText } from '../../server/richText';
import data from '../../server/db/seed/data/services.json';
import { openTestDatabase, databaseKinds, type TestDatabase } from '../helpers/testDatabase';
import { OFFICE_TIME_ZONE, startOfDayIn } from '../../src/domain/constants';

const officeDay = (year: number, month: number, day: number) => startOfDayIn(OFFICE_TIME_ZONE, year, month, day);

describe.each(databaseKinds())('starter services on %s', (kind) => {
  let database: TestDatabase;
  const firstStart = new Date(2026, 2, 10);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.drop());

  const stored = () => database.db.select().from(servicesTable).orderBy(asc(servicesTable.id));

  it('loads the landscape and snow services of STARTER-DATA into an empty table', async () => {
    await seedServices(database.db, firstStart);
    const rows = await stored();
    expect(rows.map((r) => r.name)).toEqual([
      'Weekly Mowing',
      'Spring Cleanup',
      'Fall Cleanup',
      'Mulching',
      'Fertilization Program',
      'Aeration & Overseed',
      'Shrub Pruning',
      'Snow Plowing',
      'Salting',
      'Sidewalk Shoveling',
    ]);
    const byName = new Map(rows.map((r) => [r.name, r]));
    expect(byName.get('Weekly Mowing')).toMatchObject({
      isRecurring: true,
      startDate: officeDay(2026, 4, 1),
      endDate: officeDay(2026, 11, 15),
    });
    // A winter season ends the next year.
    expect(byName.get('Snow Plowing')).toMatchObject({
      isRecurring: true,
      startDate: officeDay(2026, 11, 15),
      endDate: officeDay(2027, 4, 1),
    });
    expect(byName.get('Mulching')).toMatchObject({ isRecurring: false, startDate: officeDay(2026, 1, 1), endDate: null });
    expect(byName.get('Fertilization Program')!.isRecurring).toBe(true);
    // The data file holds only what the rich-text allow-list keeps, so it is stored as written.
    expect(rows.map((r) => r.description)).toEqual(data.services.map((s) => sanitizeRichText(s.description)));
    expect(rows.map((r) => r.description)).toEqual(data.services.map((s) => s.description));
  });

  it('changes nothing on a second start, nor when the office has its own list', async () => {
    const before = await stored();
    await seedServices(database.db, new Date(2027, 0, 1));
    expect(await stored()).toEqual(before);
    await database.db.delete(servicesTable);
    await database.db.insert(servicesTable).values({ name: 'Our Only Service', startDate: new Date(2026, 0, 1) });
    await seedServices(database.db, firstStart);
    expect((await stored()).map((r) => r.name)).toEqual(['Our Only Service']);
  });
});
