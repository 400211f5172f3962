import { desc, eq, inArray, max, sql } from 'drizzle-orm';
import { exactOrZero, roundToNumber, sum } from '../../src/domain/decimal';
import { displayNameCollisions, quickBooksInvoices } from '../../src/domain/quickBooksExport';
import { billingMessages } from '../../src/schema/actions/billing';
import type { Db } from '../db/connection';
import { customers } from '../db/entityTables';
import { billedLines, billingExports as exportsTable, invoiceNumbers } from '../db/tables/agreements';
import type { PublicUser } from '../auth/users';
import { conflict, notFound } from '../errors';
import { monthBilling } from './monthBilling';

/** Exports take turns (one statement of numbers and lines at a time), across servers. */
const EXPORT_LOCK = sql`pg_advisory_xact_lock(hashtext('yardstick billing export'))`;

const fileName = (id: number, month: string) => `quickbooks-invoices-${month}-export-${id}.csv`;

/**
 * POST /api/billing/exports (issue 40): every billing line of the month not exported yet, as
 * QuickBooks Online invoices (one per customer) numbered from a sequence that never gives a
 * number twice; the lines recorded as exported in that file. 409 when nothing is left, or when
 * two customers of the file would share a display name (named).
 */
export async function createBillingExport(db: Db, month: string, user: PublicUser | undefined) {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`select ${EXPORT_LOCK}`);
    const open = (await monthBilling(tx, month)).filter((line) => line.exportID === null);
    if (!open.length) throw conflict(billingMessages.nothing(month));
    const customerIDs = [...new Set(open.map((line) => line.customerID))];
    const names = await tx
      .select({ id: customers.id, displayName: customers.name })
      .from(customers)
      .where(inArray(customers.id, customerIDs));
    const collisions = displayNameCollisions(names);
    if (collisions.length) throw conflict(billingMessages.collision(collisions));
    const displayName = new Map(names.map((customer) => [customer.id, customer.displayName.trim()]));
    const numbers = await tx.execute(
      sql`select nextval(${sql.raw(`'${invoiceNumbers.seqName}'`)})::int as n from generate_series(1, ${customerIDs.length})`,
    );
    const taken = (numbers as unknown as { rows: { n: number }[] }).rows.map((row) => Number(row.n)).sort((a, b) => a - b);
    const invoices = quickBooksInvoices(
      open.map((line) => ({
        ...line,
        customerDisplayName: displayName.get(line.customerID) ?? line.customerName,
        agreementNumber: String(line.agreementNumber),
      })),
      month,
      taken[0],
    );
    const total = roundToNumber(sum(open.map((line) => exactOrZero(line.amount))), 2);
    const [made] = await tx
      .insert(exportsTable)
      .values({
        month,
        invoices: invoices.invoices,
        lines: open.length,
        total,
        firstInvoice: taken[0],
        lastInvoice: taken[0] + invoices.invoices - 1,
        csv: invoices.csv,
        createdBy: user?.id ?? null,
        createdByName: user ? `${user.firstName} ${user.lastName}`.trim() : '',
      })
      .returning({ id: exportsTable.id });
    await tx.insert(billedLines).values(
      open.map((line) => ({
        key: line.id,
        exportID: made.id,
        customerID: line.customerID,
        agreementID: line.agreementID,
        lineID: line.lineID,
        visitID: visitOf(line.id),
        invoiceNumber: invoices.invoiceNumbers.get(line.customerID)!,
        date: line.date,
        description: line.description,
        quantity: line.quantity,
        rate: line.rate,
        amount: line.amount,
        tax: line.tax,
        source: line.source,
      })),
    );
    return { id: made.id, invoices: invoices.invoices, lines: open.length };
  });
}

/** The visit a billing line came from, by its key (`visit-12`, `labor-12`, `materials-12`). */
function visitOf(key: string): number | null {
  const match = /^(visit|labor|materials)-(\d+)$/.exec(key);
  return match ? Number(match[2]) : null;
}

/** GET /api/billing/exports: newest first, the newest undoable. */
export async function billingExports(db: Db) {
  const rows = await db
    .select({
      id: exportsTable.id,
      month: exportsTable.month,
      invoices: exportsTable.invoices,
      lines: exportsTable.lines,
      total: exportsTable.total,
      firstInvoice: exportsTable.firstInvoice,
      lastInvoice: exportsTable.lastInvoice,
      createdAt: exportsTable.createdAt,
      createdByName: exportsTable.createdByName,
    })
    .from(exportsTable)
    .orderBy(desc(exportsTable.id));
  return rows.map((row, index) => ({ ...row, createdAt: row.createdAt.toISOString(), undoable: index === 0 }));
}

export async function exportFile(db: Db, id: number): Promise<{ csv: string; name: string }> {
  const [row] = await db.select({ csv: exportsTable.csv, month: exportsTable.month }).from(exportsTable).where(eq(exportsTable.id, id));
  if (!row) throw notFound(billingMessages.exportNotFound);
  return { csv: row.csv, name: fileName(id, row.month) };
}

/** DELETE /api/billing/exports/:id: the newest export only; its lines are open again (their numbers are not given again). */
export async function undoBillingExport(db: Db, id: number): Promise<{ id: number; lines: number }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx.execute(sql`select ${EXPORT_LOCK}`);
    const [row] = await tx.select({ id: exportsTable.id, lines: exportsTable.lines }).from(exportsTable).where(eq(exportsTable.id, id));
    if (!row) throw notFound(billingMessages.exportNotFound);
    const [newest] = await tx.select({ id: max(exportsTable.id) }).from(exportsTable);
    if (newest.id !== id) throw conflict(billingMessages.notLast(newest.id!));
    await tx.delete(exportsTable).where(eq(exportsTable.id, id));
    return { id, lines: row.lines };
  });
}
