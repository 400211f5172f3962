import { eq } from 'drizzle-orm';
import { INT4_MAX } from '../../src/schema/validate';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';

type Row = Record<string, unknown>;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The id a body names, when it is a storable one (anything else is left to validation's 400). */
function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 && n <= INT4_MAX ? n : null;
}

/**
 * A line that names a catalogue item (`itemID`) and leaves its kind or hours per unit blank
 * gets them from that item, as the item editor copies units, cost and price (issue 24). What
 * the body gives is kept; an unknown item is left to validation (400 naming itemID).
 */
export async function withCatalogueKind(db: Db, body: Row): Promise<Row> {
  if (!blank(body.kind) && !blank(body.hoursPerUnit)) return body;
  const id = idOf(body.itemID);
  if (id === null) return body;
  const table = tables.items;
  const [item] = await db.select({ kind: table.kind, hoursPerUnit: table.hoursPerUnit }).from(table).where(eq(table.id, id));
  if (!item) return body;
  return {
    ...body,
    kind: blank(body.kind) ? item.kind : body.kind,
    hoursPerUnit: blank(body.hoursPerUnit) ? item.hoursPerUnit : body.hoursPerUnit,
  };
}

/** An update copies from the catalogue only when it picks another item than the stored one. */
export async function withNewCatalogueKind(db: Db, body: Row, existing: Row): Promise<Row> {
  const id = idOf(body.itemID);
  if (id === null || id === existing.itemID) return body;
  return withCatalogueKind(db, body);
}
