import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { agreementLineSchema, visitSchema } from '../../src/schema/actions/agreements';
import type { Db } from '../db/connection';
import { agreements, sites } from '../db/entityTables';
import { agreementLines, billedLines, visits } from '../db/tables/agreements';

export type AgreementLineRecord = z.input<typeof agreementLineSchema>;
export type VisitRecord = z.input<typeof visitSchema>;

const lineBilled = sql<boolean>`exists (select 1 from ${billedLines} where ${billedLines.lineID} = ${agreementLines.id})`;

/** The lines of agreements (or the given lines), in their order, each saying whether it was billed. */
export async function lineRecords(db: Db, where: SQL): Promise<AgreementLineRecord[]> {
  const rows = await db
    .select({
      id: agreementLines.id,
      agreementID: agreementLines.agreementID,
      workAreaID: agreementLines.workAreaID,
      name: agreementLines.name,
      amount: agreementLines.amount,
      taxCode: agreementLines.taxCode,
      basis: agreementLines.basis,
      installments: agreementLines.installments,
      rrule: agreementLines.rrule,
      visitPrice: agreementLines.visitPrice,
      plannedHours: agreementLines.plannedHours,
      plannedVisits: agreementLines.plannedVisits,
      materialCost: agreementLines.materialCost,
      snowPricing: agreementLines.snowPricing,
      billed: lineBilled,
      version: agreementLines.version,
    })
    .from(agreementLines)
    .where(where)
    .orderBy(asc(agreementLines.agreementID), asc(agreementLines.position));
  return rows.map((row) => ({
    ...row,
    basis: row.basis as AgreementLineRecord['basis'],
    snowPricing: row.snowPricing as AgreementLineRecord['snowPricing'],
    billed: Boolean(row.billed),
  }));
}

export const linesOfAgreement = (db: Db, agreementID: number) => lineRecords(db, eq(agreementLines.agreementID, agreementID));

export async function lineRecord(db: Db, id: number): Promise<AgreementLineRecord | undefined> {
  const [line] = await lineRecords(db, eq(agreementLines.id, id));
  return line;
}

const visitBilled = sql<boolean>`exists (select 1 from ${billedLines} where ${billedLines.visitID} = ${visits.id})`;
const siteAddress = sql<string>`concat_ws(', ', nullif(${sites.address1}, ''), nullif(${sites.city}, ''), nullif(concat_ws(' ', nullif(${sites.state}, ''), nullif(${sites.zip}, '')), ''))`;

/** Visits with what the Schedule shows of them (line, customer, site), by date. */
export async function visitRecords(db: Db, where: SQL | undefined, limit?: number): Promise<VisitRecord[]> {
  const query = db
    .select({
      id: visits.id,
      agreementID: visits.agreementID,
      agreementNumber: agreements.number,
      lineID: visits.lineID,
      lineName: agreementLines.name,
      basis: agreementLines.basis,
      customerID: agreements.customerID,
      customerName: agreements.customerName,
      siteID: agreements.siteID,
      siteName: agreements.siteName,
      siteAddress,
      date: visits.date,
      plannedDate: visits.plannedDate,
      status: visits.status,
      crew: visits.crew,
      actualHours: visits.actualHours,
      materials: visits.materials,
      notes: visits.notes,
      billed: visitBilled,
      version: visits.version,
    })
    .from(visits)
    .innerJoin(agreementLines, eq(agreementLines.id, visits.lineID))
    .innerJoin(agreements, eq(agreements.id, visits.agreementID))
    .innerJoin(sites, eq(sites.id, agreements.siteID))
    .where(where)
    .orderBy(asc(visits.date), asc(agreements.customerName), asc(agreementLines.position), asc(visits.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((row) => ({
    ...row,
    agreementNumber: Number(row.agreementNumber),
    customerID: Number(row.customerID),
    siteID: Number(row.siteID),
    customerName: String(row.customerName ?? ''),
    siteName: String(row.siteName ?? ''),
    basis: row.basis as VisitRecord['basis'],
    status: row.status as VisitRecord['status'],
    billed: Boolean(row.billed),
  }));
}

export async function visitRecord(db: Db, id: number): Promise<VisitRecord | undefined> {
  const [visit] = await visitRecords(db, eq(visits.id, id));
  return visit;
}

/** The visits of some lines, for their schedules. */
export const visitsOfLines = (db: Db, lineIDs: readonly number[]) =>
  lineIDs.length ? visitRecords(db, inArray(visits.lineID, [...lineIDs])) : Promise.resolve([]);
