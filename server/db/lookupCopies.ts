import { sql } from 'drizzle-orm';
import { entities, entityByName, lookedUpField } from '../../src/schema';
import type { Entity, ResolvedField } from '../../src/schema/defineEntity';
import type { Db } from './connection';

/**
 * Copied lookups (`lookup(…, { copy: true })`, an estimate's customer name): the migrations
 * add their columns, and the database keeps them, whoever writes, with two triggers each:
 * - on the copying table, before a row is inserted or its reference (or copy) changes, the
 *   copy is read from the row the reference points to;
 * - on the copied table, after the field changes, every row pointing to it gets the new value.
 * Derived from the schema and applied after the migrations at every start (CREATE OR
 * REPLACE); the copies are filled in the first time their triggers appear.
 */
export interface LookupCopy {
  table: string;
  column: string;
  reference: string;
  sourceTable: string;
  sourceId: string;
  sourceColumn: string;
}

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

function copyOf(entity: Entity, field: ResolvedField): LookupCopy {
  const via = entity.field(field.lookup!.via)!;
  const source = entityByName(via.references!.entity);
  return {
    table: entity.table,
    column: field.column,
    reference: via.column,
    sourceTable: source.table,
    sourceId: `${source.prefix}_id`,
    sourceColumn: lookedUpField(entity, field)!.column,
  };
}

export const lookupCopies = (): LookupCopy[] =>
  entities.flatMap((entity) => entity.resolved.filter((f) => f.kind === 'lookup' && f.copy).map((f) => copyOf(entity, f)));

/** The names of a copy's functions (and triggers): at most 63 characters, as PostgreSQL keeps them. */
export function copyRoutines(copy: LookupCopy): { read: string; spread: string } {
  const base = `${copy.table}_${copy.column}`.slice(0, 50);
  return { read: `${base}_read_copy`, spread: `${base}_spread_copy` };
}

/** The statements that define a copy's functions and triggers (idempotent). */
export function copyStatements(copy: LookupCopy): string[] {
  const { read, spread } = copyRoutines(copy);
  const [table, column, reference] = [quoted(copy.table), quoted(copy.column), quoted(copy.reference)];
  const [sourceTable, sourceId, sourceColumn] = [quoted(copy.sourceTable), quoted(copy.sourceId), quoted(copy.sourceColumn)];
  return [
    `CREATE OR REPLACE FUNCTION ${quoted(read)}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.${column} := (SELECT ${sourceColumn} FROM ${sourceTable} WHERE ${sourceId} = NEW.${reference});
  RETURN NEW;
END $$`,
    `CREATE OR REPLACE TRIGGER ${quoted(read)} BEFORE INSERT OR UPDATE OF ${reference}, ${column} ON ${table}
FOR EACH ROW EXECUTE FUNCTION ${quoted(read)}()`,
    `CREATE OR REPLACE FUNCTION ${quoted(spread)}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ${table} SET ${column} = NEW.${sourceColumn} WHERE ${reference} = NEW.${sourceId};
  RETURN NULL;
END $$`,
    `CREATE OR REPLACE TRIGGER ${quoted(spread)} AFTER UPDATE OF ${sourceColumn} ON ${sourceTable}
FOR EACH ROW WHEN (OLD.${sourceColumn} IS DISTINCT FROM NEW.${sourceColumn}) EXECUTE FUNCTION ${quoted(spread)}()`,
  ];
}

/** Fills a copy from its source in one statement (rows already right are not written). */
export function fillStatement(copy: LookupCopy): string {
  const [table, column, reference] = [quoted(copy.table), quoted(copy.column), quoted(copy.reference)];
  return `UPDATE ${table} SET ${column} = source.${quoted(copy.sourceColumn)}
FROM ${quoted(copy.sourceTable)} AS source
WHERE source.${quoted(copy.sourceId)} = ${table}.${reference} AND ${table}.${column} IS DISTINCT FROM source.${quoted(copy.sourceColumn)}`;
}

/**
 * Defines every copy's triggers, and fills the copies whose triggers are new, all in one
 * transaction (a start cut off midway leaves none, and the next one fills them). Run after
 * the migrations, under their lock.
 */
export async function applyLookupCopies(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const copy of lookupCopies()) {
      const { rows } = (await tx.execute(
        sql`SELECT to_regproc(${copyRoutines(copy).spread}) IS NOT NULL AS defined, to_regclass(${copy.table}) IS NOT NULL AS present`,
      )) as unknown as { rows: { defined: boolean; present: boolean }[] };
      // A database migrated only so far (a migration's test) may not have the table yet.
      if (!rows[0].present) continue;
      for (const statement of copyStatements(copy)) await tx.execute(sql.raw(statement));
      if (!rows[0].defined) await tx.execute(sql.raw(fillStatement(copy)));
    }
  });
}
