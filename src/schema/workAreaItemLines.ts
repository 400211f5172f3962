import type { RevisionItem } from '../domain/revisions';
import type { ResolvedField } from './defineEntity';
import { workAreaItems } from './workAreaItems';

/**
 * The fields of a line that copies, revisions and their comparisons carry: every declared field
 * of ./workAreaItems.ts but the work area it is in, so a field declared there is carried by itself.
 */
export const LINE_FIELDS: readonly ResolvedField[] = workAreaItems.resolved.filter((field) => field.name !== workAreaItems.parent!.field);

/** What a revision keeps of a line and compares (besides its id). */
export const ITEM_FIELDS: readonly string[] = LINE_FIELDS.map((field) => field.name);

/** What a copy or a restore takes from a line; the server computes the read-only ones again. */
export const ITEM_INPUT_FIELDS: readonly string[] = LINE_FIELDS.filter((field) => !field.readOnly).map((field) => field.name);

const amount = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0);

/** How a snapshot keeps a field's value: numbers as numbers, an absent optional value as null. */
export type SnapshotType = 'number' | 'number?' | 'id?' | 'boolean' | 'string' | 'string?' | 'json?';

export function snapshotType(field: ResolvedField): SnapshotType {
  const always = field.required || field.defaultValue !== undefined;
  if (field.kind === 'decimal' || field.kind === 'integer' || field.kind === 'flag') return always ? 'number' : 'number?';
  if (field.kind === 'reference') return 'id?';
  if (field.kind === 'boolean') return 'boolean';
  if (field.kind === 'json') return 'json?';
  return always ? 'string' : 'string?';
}

function snapshotValue(field: ResolvedField, value: unknown): unknown {
  const absent = value === null || value === undefined;
  switch (snapshotType(field)) {
    case 'number':
      return amount(value);
    case 'number?':
      return absent ? null : amount(value);
    case 'id?':
      return absent ? null : Number(value);
    case 'boolean':
      return value === true;
    case 'string':
      return String(value ?? '');
    case 'json?':
      return absent ? null : value;
    default:
      return typeof value === 'string' ? value : null;
  }
}

/** A stored line (its row, by field name) as a revision keeps it: its id and every field of ITEM_FIELDS. */
export function revisionItem(row: { id: number } & Record<string, unknown>): RevisionItem {
  const fields = Object.fromEntries(LINE_FIELDS.map((field) => [field.name, snapshotValue(field, row[field.name])]));
  return { id: row.id, ...fields } as unknown as RevisionItem;
}

/** The figures of a line (a stored row or a revision's) that a copy takes; its totals are computed again. */
export function lineInputs(line: object): Record<string, unknown> {
  const values = line as Record<string, unknown>;
  return Object.fromEntries(ITEM_INPUT_FIELDS.filter((field) => field in values).map((field) => [field, values[field]]));
}
