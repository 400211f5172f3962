import { and, eq, sql } from 'drizzle-orm';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import type { Db } from '../db/connection';
import { companyLogo, companyProfile } from '../db/tables/company';
import { demoRecords } from '../db/tables/demoRecords';
import { inTransaction } from '../crud/records';
import { conflict } from '../errors';
import { deleteDemoRecords, demoBlockers, demoCounts, type DemoBlocker, type DemoEntity } from './demoRecords';

const COMPANY = 'companyProfile';
/** Arbitrary constant: the advisory lock of a demo removal. */
const DEMO_REMOVAL_LOCK = 727_025;

/** GET /api/demoData: what the demo seed left, and what keeps it from being removed. */
export interface DemoDataStatus {
  /** Records of the demo are still there (false once removed, or when no demo was seeded). */
  present: boolean;
  counts: Record<DemoEntity, number>;
  /** The demo's letterhead is still as seeded (it goes too); a changed one is the office's own and stays. */
  companyAsSeeded: boolean;
  blockers: DemoBlocker[];
}

/** The seed's letterhead, recorded at the version it was made at. */
export async function recordDemoCompany(tx: Db, version: number): Promise<void> {
  await tx.insert(demoRecords).values({ entity: COMPANY, recordID: COMPANY_PROFILE_ID, version }).onConflictDoNothing();
}

async function companyAsSeeded(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ seeded: demoRecords.version, current: companyProfile.version })
    .from(demoRecords)
    .innerJoin(companyProfile, eq(companyProfile.id, demoRecords.recordID))
    .where(eq(demoRecords.entity, COMPANY));
  return row !== undefined && row.seeded === row.current;
}

export async function demoDataStatus(db: Db): Promise<DemoDataStatus> {
  const counts = await demoCounts(db);
  return {
    present: Object.values(counts).some((n) => n > 0),
    counts,
    companyAsSeeded: await companyAsSeeded(db),
    blockers: await demoBlockers(db),
  };
}

const describe = (blockers: DemoBlocker[]) => blockers.map((b) => `${b.name || `#${b.id}`} (${b.reason})`).join('; ');

/**
 * DELETE /api/demoData: removes exactly what the demo seed created, in one transaction, or
 * nothing: 409 naming the records changed or used since. The letterhead goes too while it is
 * still the demo's.
 */
export async function removeDemoData(db: Db): Promise<Record<DemoEntity, number>> {
  return inTransaction(db, async (tx) => {
    // Two removals at once take turns (the second finds nothing left).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_REMOVAL_LOCK})`);
    const blockers = await demoBlockers(tx);
    if (blockers.length) {
      throw conflict(`The demo company cannot be removed: ${describe(blockers)}.`);
    }
    const counts = await demoCounts(tx);
    if (await companyAsSeeded(tx)) {
      await tx.delete(companyLogo).where(eq(companyLogo.companyID, COMPANY_PROFILE_ID));
      await tx.delete(companyProfile).where(eq(companyProfile.id, COMPANY_PROFILE_ID));
    }
    await tx.delete(demoRecords).where(and(eq(demoRecords.entity, COMPANY)));
    await deleteDemoRecords(tx);
    return counts;
  });
}
