import { and, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { BillingAgreement, BillingAgreementLine, BillingEventCharge, BillingSettings, BillingVisit } from '../../src/domain/billing';
import { exactOrZero, toNumber } from '../../src/domain/decimal';
import type { Costing } from '../../src/domain/profitability';
import type { Db } from '../db/connection';
import { agreements } from '../db/entityTables';
import { agreementLines, visits } from '../db/tables/agreements';
import { stormCharges } from '../db/tables/snow';

export interface BillingInputs {
  agreements: BillingAgreement[];
  lines: BillingAgreementLine[];
  visits: BillingVisit[];
  /** Storm close-outs' charges dated in the range (issue 41). */
  charges: BillingEventCharge[];
}

/**
 * What billing lines are computed from (src/domain/billing.ts): the agreements whose term meets
 * [from, to] (only the given ones among them, when given), their lines, and their visits not skipped (a
 * `once` line is billed when the last of them is done).
 */
export async function loadBillingInputs(db: Db, range: { from: string; to: string }, only?: readonly number[]): Promise<BillingInputs> {
  const conditions: SQL[] = [lte(agreements.startDate, range.to), gte(agreements.endDate, range.from)];
  if (only) conditions.push(only.length ? inArray(agreements.id, [...only]) : sql`false`);
  const agreementRows = await db
    .select({
      id: agreements.id,
      customerID: agreements.customerID,
      customerName: agreements.customerName,
      number: agreements.number,
      startDate: agreements.startDate,
      endDate: agreements.endDate,
      status: agreements.status,
      cancelledOn: agreements.cancelledOn,
    })
    .from(agreements)
    .where(and(...conditions));
  const ids = agreementRows.map((row) => row.id);
  if (!ids.length) return { agreements: [], lines: [], visits: [], charges: [] };
  // One after another: inside a transaction they share one connection.
  const lineRows = await db
    .select({
      id: agreementLines.id,
      agreementID: agreementLines.agreementID,
      name: agreementLines.name,
      amount: agreementLines.amount,
      taxCode: agreementLines.taxCode,
      basis: agreementLines.basis,
      installments: agreementLines.installments,
      visitPrice: agreementLines.visitPrice,
      snowPricing: agreementLines.snowPricing,
    })
    .from(agreementLines)
    .where(inArray(agreementLines.agreementID, ids));
  const visitRows = await db
    .select({
      id: visits.id,
      lineID: visits.lineID,
      date: visits.date,
      status: visits.status,
      actualHours: visits.actualHours,
      materials: visits.materials,
    })
    .from(visits)
    .where(and(inArray(visits.agreementID, ids), ne(visits.status, 'skipped')));
  const charges = await db
    .select({
      key: stormCharges.key,
      lineID: stormCharges.lineID,
      date: stormCharges.date,
      description: stormCharges.description,
      quantity: stormCharges.quantity,
      rate: stormCharges.rate,
    })
    .from(stormCharges)
    .where(and(inArray(stormCharges.agreementID, ids), gte(stormCharges.date, range.from), lte(stormCharges.date, range.to)));
  return {
    agreements: agreementRows.map((row) => ({
      ...row,
      customerID: Number(row.customerID),
      customerName: String(row.customerName ?? ''),
      number: Number(row.number),
      startDate: String(row.startDate),
      endDate: String(row.endDate),
      status: row.status as BillingAgreement['status'],
    })),
    lines: lineRows.map((row) => ({ ...row, basis: row.basis as BillingAgreementLine['basis'] })),
    visits: visitRows.map((row) => ({ ...row, status: row.status as BillingVisit['status'] })),
    charges,
  };
}

/** Time and materials bill crew hours at the company's labour rate (Settings › Company › Costing). */
export const billingSettings = (costing: Costing): BillingSettings => ({ laborRate: toNumber(exactOrZero(costing.laborRate)) });
