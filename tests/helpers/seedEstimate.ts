import { eq } from 'drizzle-orm';
import { estimateSubtotal, itemTotals, workAreaSubtotal } from '../../src/domain/pricing';
import { customers, estimates, sites, termsConditions, workAreaItems, workAreas } from '../../src/schema';
import { createUser } from '../../server/auth/users';
import type { Db } from '../../server/db/connection';
import { tableOf } from '../../server/db/entityTables';
import { insertRecord, storableValues } from '../../server/crud/records';
import type { FixtureArea } from './printFixtures';
import { STARTER_TERMS } from './longProposal';
import '../../server/hooks';

export interface SeededEstimate {
  estimateID: number;
  termIDs: number[];
  username: string;
  password: string;
}

/**
 * An estimate with these work areas (notes and items) and the starter terms, stored the way
 * the API stores them (validated, rich text sanitised) with src/domain's figures.
 */
export async function seedEstimate(db: Db, areas: FixtureArea[], discount: number): Promise<SeededEstimate> {
  const username = 'bench';
  const password = 'bench-password-1';
  const { id: userID } = await createUser(db, { username, firstName: 'Terry', lastName: 'Tester', password });
  const customerID = await insertRecord(db, customers, {
    name: 'Maple Ridge Homeowners Association',
    address1: '400 Maple Ridge Dr',
    city: 'Princeton',
    state: 'NJ',
    zip: '08540',
  });
  const siteID = await insertRecord(db, sites, {
    customerID,
    name: 'Maple Ridge Commons',
    address1: '410 Maple Ridge Dr',
    city: 'Princeton',
    state: 'NJ',
    zip: '08540',
  });
  const estimateID = await insertRecord(db, estimates, {
    siteID,
    projectName: 'Maple Ridge 2025 Season',
    salesperson: userID,
    estimator: userID,
    discount,
  });
  const priced = [];
  for (const area of areas) {
    const areaID = await insertRecord(db, workAreas, {
      estimateID,
      name: area.name,
      tax: area.tax ?? 'NJ',
      isIncluded: true,
      notes: area.notes,
    });
    const rows = (area.items ?? []).map((item) => ({
      ...storableValues(workAreaItems, { ...item, workAreaID: areaID }).values,
      ...itemTotals({ unitCost: 0, ...item }),
    }));
    if (rows.length) await db.insert(tableOf(workAreaItems.name)).values(rows);
    const subtotal = workAreaSubtotal(rows);
    await db
      .update(tableOf(workAreas.name))
      .set({ subtotal })
      .where(eq(tableOf(workAreas.name).id, areaID));
    priced.push({ subtotal, tax: area.tax, isIncluded: true });
  }
  await db
    .update(tableOf(estimates.name))
    .set({ subtotal: estimateSubtotal(priced) })
    .where(eq(tableOf(estimates.name).id, estimateID));
  const termIDs = [];
  for (const [index, term] of STARTER_TERMS.entries()) {
    termIDs.push(await insertRecord(db, termsConditions, { ...term, isAuto: 0, order: index + 1 }));
  }
  return { estimateID, termIDs, username, password };
}
