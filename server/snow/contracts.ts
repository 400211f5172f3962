import { and, asc, eq, gte, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { isSnowSheet, type SnowPricing, type SnowService } from '../../src/domain/snowPricing';
import type { Db } from '../db/connection';
import { agreements, sites } from '../db/entityTables';
import { agreementLines } from '../db/tables/agreements';
import { snowSites } from '../db/tables/snow';

/** A signed snow line in force on a day: its agreement, its site and the price sheet it bills by. */
export interface SnowContractLine {
  agreementID: number;
  agreementNumber: number;
  customerID: number;
  customerName: string;
  siteID: number;
  siteName: string;
  address: string;
  lineID: number;
  lineName: string;
  taxCode: string;
  sheet: SnowPricing;
  routePosition: number | null;
  pavedArea: number | null;
}

/**
 * The snow lines in force on an office day: `perEvent` lines with a price sheet, of agreements
 * whose term holds the day and that were not cancelled before it. In route order (sites the
 * route leaves out after it, by name), then by agreement and line.
 */
export async function snowContractsOn(db: Db, day: string, siteIDs?: readonly number[]): Promise<SnowContractLine[]> {
  const rows = await db
    .select({
      agreementID: agreements.id,
      agreementNumber: agreements.number,
      customerID: agreements.customerID,
      customerName: agreements.customerName,
      siteID: sites.id,
      siteName: sites.name,
      address1: sites.address1,
      city: sites.city,
      lineID: agreementLines.id,
      lineName: agreementLines.name,
      taxCode: agreementLines.taxCode,
      sheet: agreementLines.snowPricing,
      routePosition: snowSites.routePosition,
      pavedArea: snowSites.pavedArea,
    })
    .from(agreementLines)
    .innerJoin(agreements, eq(agreements.id, agreementLines.agreementID))
    .innerJoin(sites, eq(sites.id, agreements.siteID))
    .leftJoin(snowSites, eq(snowSites.siteID, sites.id))
    .where(
      and(
        eq(agreementLines.basis, 'perEvent'),
        isNotNull(agreementLines.snowPricing),
        lte(agreements.startDate, day),
        gte(agreements.endDate, day),
        or(ne(agreements.status, 'cancelled'), gte(agreements.cancelledOn, day)),
        siteIDs ? inArray(sites.id, [...siteIDs]) : undefined,
      ),
    )
    .orderBy(
      sql`${snowSites.routePosition} asc nulls last`,
      asc(sites.name),
      asc(sites.id),
      asc(agreements.id),
      asc(agreementLines.position),
    );
  return rows
    .filter((row) => isSnowSheet(row.sheet))
    .map((row) => ({
      ...row,
      agreementNumber: Number(row.agreementNumber),
      customerID: Number(row.customerID),
      customerName: String(row.customerName ?? ''),
      siteName: String(row.siteName ?? ''),
      address: [row.address1, row.city].filter(Boolean).join(', '),
      sheet: row.sheet as SnowPricing,
      pavedArea: row.pavedArea === null ? null : Number(row.pavedArea),
    }));
}

/** The contracted sites of a set of snow lines, in their order, with the services their sheets cover. */
export function contractedSites(lines: readonly SnowContractLine[]) {
  const bySite = new Map<number, SnowContractLine & { services: SnowService[] }>();
  for (const line of lines) {
    const site = bySite.get(line.siteID) ?? { ...line, services: [] };
    for (const sheetLine of line.sheet.lines) if (!site.services.includes(sheetLine.service)) site.services.push(sheetLine.service);
    bySite.set(line.siteID, site);
  }
  return [...bySite.values()];
}
