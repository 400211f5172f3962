import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { lineAmounts } from '../../src/domain/billing';
import { seasonCharges, type SnowStormFacts, type SnowVisitFacts } from '../../src/domain/snowCharges';
import { type SnowMaterialUnit, type SnowService } from '../../src/domain/snowPricing';
import type { closeOutLineSchema } from '../../src/schema/actions/snow';
import type { Db } from '../db/connection';
import { storms } from '../db/entityTables';
import { billedLines } from '../db/tables/agreements';
import { snowVisits, stormCharges } from '../db/tables/snow';
import { contractedSites, snowContractsOn, type SnowContractLine } from './contracts';
import { snowVisitRecords, standingVisits, stormOf, stormsOf, type SnowVisitRecord } from './visitLog';

export type CloseOutLine = z.input<typeof closeOutLineSchema>;

/** Hours between arrival and departure, to the hundredth (0 without a departure). */
export function visitHours(visit: Pick<SnowVisitRecord, 'arrival' | 'departure'>): number {
  if (!visit.departure) return 0;
  const hours = (new Date(visit.departure).getTime() - new Date(visit.arrival).getTime()) / 3_600_000;
  return Math.max(0, Math.round(hours * 100) / 100);
}

/** A logged visit as the price sheets read it. */
export function visitFacts(visit: SnowVisitRecord): SnowVisitFacts {
  const unit = visit.material?.unit as SnowMaterialUnit | undefined;
  return {
    id: visit.id,
    services: visit.services as SnowService[],
    passes: visit.passes,
    depth: visit.depth,
    hours: visitHours(visit),
    material: visit.material && unit ? { quantity: visit.material.quantity, unit } : null,
  };
}

/**
 * The storms of a season at some sites, each with the standing visits at each site:
 * `{storm facts by site}` — what season caps are counted over.
 */
export async function seasonStormFacts(db: Db, season: number, siteIDs: readonly number[]): Promise<Map<number, SnowStormFacts[]>> {
  const bySite = new Map<number, SnowStormFacts[]>(siteIDs.map((id) => [id, []]));
  if (!siteIDs.length) return bySite;
  const entries = await snowVisitRecords(db, and(eq(snowVisits.season, season), inArray(snowVisits.siteID, [...siteIDs])));
  const stormIDs = [...new Set(entries.map((entry) => entry.stormID))];
  const stormRows = await stormsOf(db, stormIDs);
  const standing = standingVisits(entries);
  for (const siteID of siteIDs) {
    const own = standing.filter((visit) => visit.siteID === siteID && visit.services.length > 0);
    bySite.set(
      siteID,
      stormRows
        .map((storm) => ({
          id: storm.id,
          date: storm.date,
          depth: storm.depth,
          visits: own.filter((visit) => visit.stormID === storm.id).map(visitFacts),
        }))
        .filter((storm) => storm.visits.length > 0),
    );
  }
  return bySite;
}

interface ComputedCharge {
  key: string;
  contract: SnowContractLine;
  date: string;
  description: string;
  quantity: number;
  rate: number;
  visitIDs: number[];
}

/** What a storm costs at each contracted site, by each site's signed sheet and the season so far. */
async function computeStormCharges(db: Db, stormID: number) {
  const storm = await stormOf(db, stormID);
  const contracts = await snowContractsOn(db, storm.date);
  const sites = contractedSites(contracts);
  const facts = await seasonStormFacts(
    db,
    storm.season,
    sites.map((site) => site.siteID),
  );
  const priced = contracts.flatMap((contract) =>
    seasonCharges(contract.sheet, facts.get(contract.siteID) ?? [])
      .filter((charge) => charge.stormID === stormID)
      .map((charge) => ({ contract, charge })),
  );
  // Each line names the storm and the log entries it bills (their place in the site's log).
  const sequences = await entrySequences(db, [...new Set(priced.flatMap(({ charge }) => charge.visitIDs))]);
  const charges: ComputedCharge[] = priced.map(({ contract, charge }) => {
    const entries = charge.visitIDs.map((id) => `#${sequences.get(id) ?? id}`).join(', ');
    return {
      key: `event-${stormID}-${contract.lineID}-${charge.lineIndex}-${charge.part}`,
      contract,
      date: storm.date,
      description:
        `${storm.name}: ${contract.lineName}, ${charge.description} (log ${charge.visitIDs.length === 1 ? 'entry' : 'entries'} ${entries})`.slice(
          0,
          400,
        ),
      quantity: charge.quantity,
      rate: charge.rate,
      visitIDs: charge.visitIDs,
    };
  });
  const missing = sites.filter((site) => !(facts.get(site.siteID) ?? []).some((fact) => fact.id === stormID)).map((site) => site.siteID);
  return { storm, sites, charges, missing };
}

async function entrySequences(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: snowVisits.id, sequence: snowVisits.sequence })
    .from(snowVisits)
    .where(inArray(snowVisits.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.sequence]));
}

async function exportsOf(db: Db, keys: readonly string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const rows = await db
    .select({ key: billedLines.key, exportID: billedLines.exportID })
    .from(billedLines)
    .where(inArray(billedLines.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.exportID]));
}

function asLine(charge: ComputedCharge, exportID: number | null): CloseOutLine {
  const { contract } = charge;
  return {
    id: charge.key,
    siteID: contract.siteID,
    siteName: contract.siteName,
    customerName: contract.customerName,
    agreementID: contract.agreementID,
    agreementNumber: contract.agreementNumber,
    lineName: contract.lineName,
    date: charge.date,
    description: charge.description,
    quantity: charge.quantity,
    rate: charge.rate,
    ...lineAmounts(charge.quantity, charge.rate, contract.taxCode),
    visitIDs: charge.visitIDs,
    exportID,
  };
}

/** GET /api/storms/:id/closeOut: the contracted sites with their visits, those with none, and the lines a close-out makes. */
export async function closeOutPreview(db: Db, stormID: number) {
  const { storm, sites, charges, missing } = await computeStormCharges(db, stormID);
  const entries = standingVisits(await snowVisitRecords(db, eq(snowVisits.stormID, stormID)));
  const exported = await exportsOf(
    db,
    charges.map((charge) => charge.key),
  );
  return {
    closedOutAt: storm.closedOutAt?.toISOString() ?? null,
    sites: sites.map((site) => ({
      siteID: site.siteID,
      siteName: site.siteName,
      customerName: site.customerName,
      agreementNumber: site.agreementNumber,
      visits: entries.filter((entry) => entry.siteID === site.siteID),
    })),
    missing,
    lines: charges.map((charge) => asLine(charge, exported.get(charge.key) ?? null)),
  };
}

/**
 * POST /api/storms/:id/closeOut: the storm's charges kept as billing lines, in one transaction.
 * Lines already exported stay as they went; the others are made again from the log as it
 * stands (a correction logged after a close-out is billed by closing out again).
 */
export async function closeOutStorm(db: Db, stormID: number, now: number): Promise<{ lines: CloseOutLine[]; missing: number[] }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.select({ id: storms.id }).from(storms).where(eq(storms.id, stormID)).for('update');
    const { charges, missing } = await computeStormCharges(tx, stormID);
    const exported = await exportsOf(
      tx,
      charges.map((charge) => charge.key),
    );
    const billedKeys = (
      await tx
        .select({ key: billedLines.key })
        .from(billedLines)
        .where(sql`${billedLines.key} like ${`event-${stormID}-%`}`)
    ).map((row) => row.key);
    await tx
      .delete(stormCharges)
      .where(and(eq(stormCharges.stormID, stormID), billedKeys.length ? notInArray(stormCharges.key, billedKeys) : undefined));
    const fresh = charges.filter((charge) => !exported.has(charge.key));
    if (fresh.length) {
      await tx.insert(stormCharges).values(
        fresh.map((charge) => ({
          key: charge.key,
          stormID,
          agreementID: charge.contract.agreementID,
          lineID: charge.contract.lineID,
          siteID: charge.contract.siteID,
          date: charge.date,
          description: charge.description,
          quantity: charge.quantity,
          rate: charge.rate,
          visitIDs: charge.visitIDs,
        })),
      );
    }
    await tx
      .update(storms)
      .set({ closedOutAt: new Date(now) })
      .where(eq(storms.id, stormID));
    return { lines: charges.map((charge) => asLine(charge, exported.get(charge.key) ?? null)), missing };
  });
}
