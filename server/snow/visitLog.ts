import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { calendarDateIn } from '../../src/domain/officeDate';
import { snowSeasonOf, type SnowService } from '../../src/domain/snowPricing';
import { storms as stormEntity } from '../../src/schema';
import { snowMessages, type logSnowVisit, type snowVisitSchema } from '../../src/schema/actions/snow';
import type { ActionBody } from '../../src/schema/actions/defineAction';
import type { PublicUser } from '../auth/users';
import type { Db } from '../db/connection';
import { sites, storms } from '../db/entityTables';
import { officeTimeZone } from '../db/officeSettings';
import { snowVisits } from '../db/tables/snow';
import { conflict, formInvalid, notFound, notFoundMessage } from '../errors';
import { entryHash, GENESIS_HASH } from './snowChain';

export type SnowVisitRecord = z.input<typeof snowVisitSchema>;
type VisitBody = ActionBody<typeof logSnowVisit>;

/** Storms as the snow log reads them, with the office day each starts on and the season it falls in. */
export async function stormsOf(db: Db, stormIDs: readonly number[]) {
  if (!stormIDs.length) return [];
  const rows = await db
    .select()
    .from(storms)
    .where(inArray(storms.id, [...stormIDs]));
  const timeZone = await officeTimeZone(db);
  return rows.map((storm) => {
    const date = calendarDateIn(timeZone, storm.start);
    return { ...storm, depth: Number(storm.depth ?? 0), date, season: snowSeasonOf(date) };
  });
}

/** One storm as the snow log reads it (404 when there is none). */
export async function stormOf(db: Db, stormID: number) {
  const [storm] = await stormsOf(db, [stormID]);
  if (!storm) throw notFound(notFoundMessage(stormEntity));
  return storm;
}

/** Snow log entries with their site's name and the entry correcting each (if any), in chain order. */
export async function snowVisitRecords(db: Db, where: SQL | undefined): Promise<SnowVisitRecord[]> {
  const rows = await db
    .select({
      visit: snowVisits,
      siteName: sites.name,
      stormName: storms.name,
      correctedBy: sql<
        number | null
      >`(select min(correction.snow_visit_id) from snow_visits correction where correction.snow_visit_corrects = ${snowVisits.id})`,
    })
    .from(snowVisits)
    .innerJoin(sites, eq(sites.id, snowVisits.siteID))
    .innerJoin(storms, eq(storms.id, snowVisits.stormID))
    .where(where)
    .orderBy(asc(snowVisits.siteID), asc(snowVisits.season), asc(snowVisits.sequence));
  return rows.map(({ visit, siteName, stormName, correctedBy }) => ({
    id: visit.id,
    stormID: visit.stormID,
    stormName: String(stormName),
    siteID: visit.siteID,
    siteName: String(siteName ?? ''),
    season: visit.season,
    sequence: visit.sequence,
    arrival: visit.arrival.toISOString(),
    departure: visit.departure?.toISOString() ?? null,
    services: visit.services,
    passes: visit.passes,
    material: visit.material,
    depth: visit.depth === null ? null : Number(visit.depth),
    crew: visit.crew,
    notes: visit.notes,
    corrects: visit.corrects,
    reason: visit.reason,
    recordedAt: visit.recordedAt.toISOString(),
    recordedBy: visit.recordedBy,
    recordedByName: visit.recordedByName,
    prevHash: visit.prevHash,
    hash: visit.hash,
    correctedBy: correctedBy === null ? null : Number(correctedBy),
  }));
}

/** Seconds are kept; what a clock gives beyond milliseconds is not (the column and the hash agree). */
const toInstant = (iso: string) => new Date(new Date(iso).getTime());

/**
 * POST /api/storms/:id/visits: appends an entry to the site's chain for the storm's season, in
 * one transaction under a lock of that chain (two crews logging at once take turns, so the
 * chain never forks). A correction must name an entry of the same storm and site that no other
 * entry corrected yet.
 */
export async function appendSnowVisit(
  db: Db,
  stormID: number,
  body: VisitBody,
  user: PublicUser | null,
  now: number,
): Promise<SnowVisitRecord> {
  const id = await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const storm = await stormOf(tx, stormID);
    const [site] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.id, body.siteID));
    if (!site) throw formInvalid({ siteID: 'Site does not exist.' });
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`snow-log:${body.siteID}:${storm.season}`}))`);
    if (body.corrects) {
      const [corrected] = await tx
        .select({ id: snowVisits.id })
        .from(snowVisits)
        .where(and(eq(snowVisits.id, body.corrects), eq(snowVisits.stormID, stormID), eq(snowVisits.siteID, body.siteID)));
      if (!corrected) throw formInvalid({ corrects: snowMessages.corrects });
      const [already] = await tx.select({ id: snowVisits.id }).from(snowVisits).where(eq(snowVisits.corrects, body.corrects)).limit(1);
      if (already) throw conflict(snowMessages.alreadyCorrected);
    }
    const [last] = await tx
      .select({ sequence: snowVisits.sequence, hash: snowVisits.hash })
      .from(snowVisits)
      .where(and(eq(snowVisits.siteID, body.siteID), eq(snowVisits.season, storm.season)))
      .orderBy(desc(snowVisits.sequence))
      .limit(1);
    const entry = {
      stormID,
      siteID: body.siteID,
      season: storm.season,
      sequence: (last?.sequence ?? 0) + 1,
      arrival: toInstant(body.arrival),
      departure: body.departure ? toInstant(body.departure) : null,
      services: body.services as SnowService[],
      passes: body.passes ?? 1,
      material: body.material
        ? { kind: body.material.kind, quantity: Number(body.material.quantity.toFixed(2)), unit: body.material.unit }
        : null,
      depth: body.depth === null || body.depth === undefined ? null : Number(body.depth.toFixed(2)),
      crew: body.crew ?? '',
      notes: body.notes ?? '',
      corrects: body.corrects ?? null,
      reason: body.reason ?? null,
      recordedAt: new Date(now),
      recordedBy: user?.id ?? null,
      recordedByName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    const [inserted] = await tx
      .insert(snowVisits)
      .values({ ...entry, hash: entryHash(entry) })
      .returning({ id: snowVisits.id });
    return inserted.id;
  });
  const [record] = await snowVisitRecords(db, eq(snowVisits.id, id));
  return record;
}

/** The entries that stand: each corrected entry replaced by its correction (a chain of corrections by its last). */
export function standingVisits<V extends { id: number; corrects: number | null }>(entries: readonly V[]): V[] {
  const corrected = new Set(entries.map((entry) => entry.corrects).filter((id): id is number => id !== null));
  return entries.filter((entry) => !corrected.has(entry.id));
}

/** The visits of storms at sites, all entries. */
export const ofStorms = (stormIDs: readonly number[], siteIDs?: readonly number[]) =>
  and(inArray(snowVisits.stormID, [...stormIDs]), siteIDs ? inArray(snowVisits.siteID, [...siteIDs]) : undefined);
