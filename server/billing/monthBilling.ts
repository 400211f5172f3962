import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { billingLines } from '../../src/domain/billing';
import { addDays } from '../../src/domain/officeDate';
import type { billingLineSchema } from '../../src/schema/actions/billing';
import type { Db } from '../db/connection';
import { agreements } from '../db/entityTables';
import { agreementLines, billedLines } from '../db/tables/agreements';
import { loadCosting } from '../estimates/profitability';
import { billingSettings } from './billingInputs';
import { loadBillingInputs } from './billingInputs';

export type MonthBillingLine = z.input<typeof billingLineSchema>;

/** The first and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number);
  const next = number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
  return { from: `${month}-01`, to: addDays(next, -1) };
}

/**
 * A month's billing lines (GET /api/billing): what src/domain/billing.ts computes of the
 * agreements whose term meets the month, except what was exported — those lines are shown as
 * they went to accounting, with their export.
 */
export async function monthBilling(db: Db, month: string): Promise<MonthBillingLine[]> {
  const range = monthRange(month);
  // One after another: inside the export's transaction they share one connection.
  const inputs = await loadBillingInputs(db, range);
  const costing = await loadCosting(db);
  const exported = await db
    .select({
      id: billedLines.key,
      customerID: billedLines.customerID,
      customerName: sql<string>`coalesce(${agreements.customerName}, '')`,
      agreementID: billedLines.agreementID,
      agreementNumber: agreements.number,
      lineID: billedLines.lineID,
      lineName: agreementLines.name,
      date: billedLines.date,
      description: billedLines.description,
      quantity: billedLines.quantity,
      rate: billedLines.rate,
      amount: billedLines.amount,
      tax: billedLines.tax,
      source: billedLines.source,
      exportID: billedLines.exportID,
    })
    .from(billedLines)
    .innerJoin(agreements, eq(agreements.id, billedLines.agreementID))
    .innerJoin(agreementLines, eq(agreementLines.id, billedLines.lineID))
    .where(and(gte(billedLines.date, range.from), lte(billedLines.date, range.to)))
    .orderBy(asc(billedLines.date), asc(billedLines.key));
  const computed = billingLines(month, inputs.agreements, inputs.lines, inputs.visits, billingSettings(costing), inputs.charges);
  const exportedKeys = await exportedAmong(
    db,
    computed.map((line) => line.id),
  );
  const byAgreement = new Map(inputs.agreements.map((agreement) => [agreement.id, agreement]));
  const byLine = new Map(inputs.lines.map((line) => [line.id, line]));
  const open = computed
    .filter((line) => !exportedKeys.has(line.id))
    .map((line) => ({
      ...line,
      customerName: byAgreement.get(line.agreementID)?.customerName ?? '',
      agreementNumber: byAgreement.get(line.agreementID)?.number ?? 0,
      lineName: byLine.get(line.lineID)?.name ?? '',
      exportID: null,
    }));
  const sent = exported.map((line) => ({
    ...line,
    agreementNumber: Number(line.agreementNumber),
    source: line.source as MonthBillingLine['source'],
  }));
  return [...sent, ...open].sort(
    (a, b) => a.date.localeCompare(b.date) || a.customerName.localeCompare(b.customerName) || a.id.localeCompare(b.id),
  );
}

/** The keys of billing lines already exported, in any month (a `once` line's completion may move to another). */
async function exportedAmong(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .select({ key: billedLines.key })
    .from(billedLines)
    .where(inArray(billedLines.key, [...keys]));
  return new Set(rows.map((row) => row.key));
}
