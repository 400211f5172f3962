import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { sites } from '../db/entityTables';
import { snowSites, snowVisits } from '../db/tables/snow';
import { formInvalid } from '../errors';
import { snowMessages } from '../../src/schema/actions/snow';
import { contractedSites, snowContractsOn } from './contracts';
import { snowVisitRecords, standingVisits, stormOf } from './visitLog';

/** GET /api/storms/:id/board: the storm and its contracted snow sites in route order, each with the visits logged so far. */
export async function stormBoard(db: Db, stormID: number) {
  const storm = await stormOf(db, stormID);
  const sitesOnRoute = contractedSites(await snowContractsOn(db, storm.date));
  const entries = await snowVisitRecords(db, eq(snowVisits.stormID, stormID));
  return {
    storm: {
      id: storm.id,
      name: storm.name,
      start: storm.start.toISOString(),
      end: storm.end?.toISOString() ?? null,
      depth: storm.depth,
      source: storm.source ?? '',
      closedOutAt: storm.closedOutAt?.toISOString() ?? null,
    },
    sites: sitesOnRoute.map((site) => ({
      siteID: site.siteID,
      siteName: site.siteName,
      customerName: site.customerName,
      address: site.address,
      agreementID: site.agreementID,
      agreementNumber: site.agreementNumber,
      services: site.services,
      routePosition: site.routePosition,
      pavedArea: site.pavedArea,
      visits: entries.filter((entry) => entry.siteID === site.siteID),
      standing: standingVisits(entries.filter((entry) => entry.siteID === site.siteID)).map((entry) => entry.id),
    })),
  };
}

async function assertSites(db: Db, siteIDs: readonly number[], field: string, message: string) {
  if (!siteIDs.length) return;
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(inArray(sites.id, [...siteIDs]));
  if (found.length !== new Set(siteIDs).size) throw formInvalid({ [field]: message });
}

/** PUT /api/snowRoute: positions 1…n in the order given; every other site leaves the route. */
export async function setSnowRoute(db: Db, siteIDs: readonly number[]) {
  await assertSites(db, siteIDs, 'siteIDs', snowMessages.routeSites);
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.update(snowSites).set({ routePosition: null, updatedAt: sql`now()` });
    if (!siteIDs.length) return;
    await tx
      .insert(snowSites)
      .values(siteIDs.map((siteID, index) => ({ siteID, routePosition: index + 1 })))
      .onConflictDoUpdate({
        target: snowSites.siteID,
        set: { routePosition: sql`excluded.snow_site_route_position`, updatedAt: sql`now()` },
      });
  });
  return { siteIDs: [...siteIDs] };
}

/** PUT /api/snowSites/:id: the paved area salted at a site. */
export async function updateSnowSite(db: Db, siteID: number, pavedArea: number | null) {
  await assertSites(db, [siteID], 'siteID', 'Site does not exist.');
  const [row] = await db
    .insert(snowSites)
    .values({ siteID, pavedArea })
    .onConflictDoUpdate({ target: snowSites.siteID, set: { pavedArea, updatedAt: sql`now()` } })
    .returning();
  return { siteID, pavedArea: row.pavedArea === null ? null : Number(row.pavedArea), routePosition: row.routePosition };
}
