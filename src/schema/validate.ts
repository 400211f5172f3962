import type { Entity, ResolvedField } from './defineEntity';
import { roundTo } from '../domain/money';

export const FORM_INVALID = 'Form is invalid.';

/** A write made from an older version than the one stored (409). */
export function staleMessage(entity: Pick<Entity, 'singular'>): string {
  return `This ${entity.singular} was changed by someone else since you opened it. Reload it to see their changes.`;
}

/** The same, on a screen that has loaded the stored version under the user's edits. */
export function staleReloadedMessage(entity: Pick<Entity, 'singular'>): string {
  return `This ${entity.singular} was changed by someone else since you opened it. Their changes are on screen now and yours are kept: Save again to apply yours.`;
}

export function requiredMessage(f: Pick<ResolvedField, 'label' | 'messages'>): string {
  return f.messages?.required ?? `${f.label} is required.`;
}

export function maxMessage(f: Pick<ResolvedField, 'label' | 'messages' | 'max' | 'kind'>): string {
  if (f.messages?.max) return f.messages.max;
  return isNumberKind(f.kind) ? `${f.label} cannot exceed ${f.max}.` : `${f.label} cannot exceed ${f.max} characters.`;
}

const isNumberKind = (kind: ResolvedField['kind']) => kind === 'integer' || kind === 'decimal';

export function minMessage(f: Pick<ResolvedField, 'label' | 'messages' | 'min'>): string {
  return f.messages?.min ?? (f.min === 0 ? `${f.label} cannot be negative.` : `${f.label} cannot be less than ${f.min}.`);
}

export function invalidMessage(f: Pick<ResolvedField, 'label' | 'messages'>): string {
  return f.messages?.invalid ?? `${f.label} is invalid.`;
}

/** Values a select uses as "nothing chosen" (SPEC §9: the state placeholder 'SAS'). */
export const STATE_PLACEHOLDER = 'SAS';
export const PLACEHOLDER_VALUES = new Set([STATE_PLACEHOLDER]);

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && (value.trim() === '' || PLACEHOLDER_VALUES.has(value)));
}

type Outcome = { value: unknown } | { error: string };

/** The largest value of a PostgreSQL integer column (ids, numbers, statuses). */
export const INT4_MAX = 2_147_483_647;

/** A record's `version` that is not one (a positive integer). */
export const VERSION_INVALID = 'Version is invalid.';
/** Every PUT carries the version it was read at (DESIGN "Writes"). */
export const VERSION_REQUIRED = 'Version is required.';

/** The first magnitude a decimal column cannot hold: numeric(12,2) holds up to 9,999,999,999.99. */
export function decimalLimit(f: Pick<ResolvedField, 'precision' | 'scale'>): number {
  return 10 ** ((f.precision ?? 12) - (f.scale ?? 2));
}

/**
 * The dates a field accepts: years 1900 to 9999. JavaScript and PostgreSQL both hold far
 * more (but not the same: -271821 is beyond PostgreSQL, +275760 beyond four-digit ISO text),
 * and no date of this business falls outside these.
 */
export const DATETIME_MIN_YEAR = 1900;
export const DATETIME_MAX_YEAR = 9999;
const DATETIME_MIN = Date.UTC(DATETIME_MIN_YEAR, 0, 1);
const DATETIME_MAX = Date.UTC(DATETIME_MAX_YEAR + 1, 0, 1) - 1;

export function isStorableDate(d: Date): boolean {
  return d.getTime() >= DATETIME_MIN && d.getTime() <= DATETIME_MAX;
}

export function dateRangeMessage(f: Pick<ResolvedField, 'label'>): string {
  return `${f.label} must be between the years ${DATETIME_MIN_YEAR} and ${DATETIME_MAX_YEAR}.`;
}

/** Checks one value and returns it in its stored form (numbers parsed, blanks as null). */
export function checkField(f: ResolvedField, raw: unknown): Outcome {
  if (f.kind === 'json') return raw === undefined || raw === null ? { value: null } : (f.parse?.(raw) ?? { error: invalidMessage(f) });
  if (isBlank(raw)) {
    if (f.required) return { error: requiredMessage(f) };
    if (f.kind === 'boolean') return { value: false };
    if (f.kind === 'flag') return { value: 0 };
    return { value: null };
  }
  let value: unknown = raw;
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'richText':
      if (typeof raw === 'number') value = String(raw);
      else if (typeof raw !== 'string') return { error: invalidMessage(f) };
      // PostgreSQL text cannot hold a NUL character.
      if ((value as string).includes('\u0000')) return { error: invalidMessage(f) };
      if (f.canonical) value = f.canonical(value as string);
      if (f.max !== undefined && (value as string).length > f.max) return { error: maxMessage(f) };
      break;
    case 'integer':
    case 'reference': {
      const n = typeof raw === 'string' ? Number(raw.trim()) : raw;
      // Integer columns and ids are 32-bit in the database.
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || Math.abs(n) > INT4_MAX) return { error: invalidMessage(f) };
      if (f.kind === 'reference' && n < 1) return { error: invalidMessage(f) };
      if (f.min !== undefined && n < f.min) return { error: minMessage(f) };
      if (f.kind === 'integer' && f.max !== undefined && n > f.max) return { error: maxMessage(f) };
      value = n;
      break;
    }
    case 'decimal': {
      const n = typeof raw === 'string' ? Number(raw.trim()) : raw;
      if (typeof n !== 'number' || !Number.isFinite(n)) return { error: invalidMessage(f) };
      // As the column stores it, so what is computed from it (item totals) matches what is stored;
      // the bound applies to the rounded value (9,999,999,999.995 rounds up past numeric(12,2)).
      const rounded = roundTo(n, f.scale ?? 2);
      if (Math.abs(rounded) >= decimalLimit(f)) return { error: invalidMessage(f) };
      if (f.min !== undefined && n < f.min) return { error: minMessage(f) };
      if (f.max !== undefined && n > f.max) return { error: maxMessage(f) };
      value = rounded;
      break;
    }
    case 'boolean':
      if (raw === true || raw === 1 || raw === 'true' || raw === '1') value = true;
      else if (raw === false || raw === 0 || raw === 'false' || raw === '0') value = false;
      else return { error: invalidMessage(f) };
      break;
    case 'flag':
      if (raw === true || raw === 1 || raw === '1' || raw === 'true') value = 1;
      else if (raw === false || raw === 0 || raw === '0' || raw === 'false') value = 0;
      else return { error: invalidMessage(f) };
      break;
    case 'datetime': {
      const d = raw instanceof Date ? raw : typeof raw === 'string' ? new Date(raw) : null;
      if (!d || Number.isNaN(d.getTime())) return { error: invalidMessage(f) };
      if (!isStorableDate(d)) return { error: dateRangeMessage(f) };
      value = d.toISOString();
      break;
    }
  }
  if (f.choices && !f.choices.includes(value as string | number)) return { error: invalidMessage(f) };
  return { value };
}

export interface ValidationResult {
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

/**
 * Validates a whole record (a create or a full-body update). Read-only fields and
 * system fields are ignored; missing optional fields take their default or null.
 */
export function validateRecord(
  entity: Pick<Entity, 'resolved' | 'check'>,
  input: Record<string, unknown>,
  { omit = [] as string[] } = {},
): ValidationResult {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const f of entity.resolved) {
    if (f.readOnly || omit.includes(f.name)) continue;
    const given = input[f.name];
    const raw = isBlank(given) && f.defaultValue !== undefined ? f.defaultValue : given;
    const outcome = checkField(f, raw);
    if ('error' in outcome) errors[f.name] = outcome.error;
    else values[f.name] = outcome.value;
  }
  for (const [field, message] of Object.entries(entity.check?.(values) ?? {})) errors[field] ??= message;
  return { values, errors };
}

/** react-admin form validator: the same messages as the server, keyed by field. */
export function formValidator(entity: Pick<Entity, 'resolved' | 'check'>, options?: { omit?: string[] }) {
  return (values: Record<string, unknown>) => validateRecord(entity, values, options).errors;
}
