import fc from 'fast-check';
import type { ResolvedField } from '../../src/schema/defineEntity';
import { decimalLimit, INT4_MAX } from '../../src/schema/validate';

/** Ids that exist, by entity name (`users` too), so some references are right. */
export type KnownIds = Map<string, number[]>;

/** Values of no field's type: objects where scalars go, arrays, NaN-ish text, huge numbers. */
export const wrongShapes: unknown[] = [
  {},
  [],
  [1],
  { value: 1 },
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  true,
  false,
  '',
  ' ',
  'abc',
  'NaN',
  'Infinity',
  '1e20',
  1.5,
  -1,
  0,
  1e20,
  -1e20,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  'a\u0000b',
  '\u0000',
];

/** Dates PostgreSQL or JavaScript cannot hold, and text that is no date at all. */
export const hostileDates = [
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '+010000-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00.000Z',
  '0001-01-01T00:00:00.000Z',
  '1899-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999Z',
  '2026-02-30',
  '2026-13-01',
  'yesterday',
  '1',
  '20260101',
];

const lengthOf = (f: ResolvedField) => f.max ?? 1000;

/** A value of the field's own type and within its declared bounds. */
export function rightValue(f: ResolvedField, ids: KnownIds): fc.Arbitrary<unknown> {
  if (f.choices?.length) return fc.constantFrom(...f.choices);
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'richText':
      return fc.string({ minLength: f.required ? 1 : 0, maxLength: Math.min(lengthOf(f), 40) });
    case 'integer':
      return fc.integer({ min: f.min ?? 0, max: Math.min(f.max ?? 1000, INT4_MAX) });
    case 'decimal': {
      const top = Math.min(f.max ?? 1000, decimalLimit(f) - 1);
      return fc.double({ min: f.min ?? 0, max: top, noNaN: true, noDefaultInfinity: true }).map((n) => Math.round(n * 100) / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'flag':
      return fc.constantFrom(0, 1);
    case 'datetime':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'reference': {
      const known = ids.get(f.references!.entity) ?? [];
      return known.length ? fc.constantFrom(...known) : fc.constant(1);
    }
    default:
      return fc.constant(null);
  }
}

/** A value out of the field's bounds: too long, too large, below its minimum, unknown id. */
export function outOfRangeValue(f: ResolvedField): fc.Arbitrary<unknown> {
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'richText':
      return fc.constantFrom('x'.repeat(lengthOf(f) + 1), `a${'\u0000'}b`, 'é'.repeat(lengthOf(f) + 1));
    case 'integer':
    case 'decimal':
    case 'flag':
      return fc.constantFrom(
        (f.max ?? decimalLimit(f)) + 1,
        (f.min ?? -INT4_MAX) - 1,
        decimalLimit(f),
        INT4_MAX + 1,
        -INT4_MAX - 2,
        2,
        0.001,
        1e-7,
      );
    case 'datetime':
      return fc.constantFrom(...hostileDates);
    case 'reference':
      return fc.constantFrom(0, 999_999, INT4_MAX, INT4_MAX + 1, 1.5, -1);
    default:
      return fc.constantFrom(...wrongShapes);
  }
}

/** Any value for one field: right, wrong type, out of range. */
export function fieldValue(f: ResolvedField, ids: KnownIds): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: rightValue(f, ids) },
    { weight: 2, arbitrary: fc.constantFrom(...wrongShapes) },
    { weight: 2, arbitrary: outOfRangeValue(f) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

/** A body built from the fields' declarations, each field present or missing. */
export function recordBody(fields: ResolvedField[], ids: KnownIds, extra: Record<string, fc.Arbitrary<unknown>> = {}) {
  const shape: Record<string, fc.Arbitrary<unknown>> = { ...extra };
  for (const f of fields) shape[f.name] = fieldValue(f, ids);
  return fc.record(shape, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A body of only right values (every required field present): most of these are accepted. */
export function validBody(fields: ResolvedField[], ids: KnownIds) {
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fields) if (!f.readOnly && f.kind !== 'lookup') shape[f.name] = rightValue(f, ids);
  return fc.record(shape) as fc.Arbitrary<Record<string, unknown>>;
}

export const versionValue = fc.constantFrom<unknown>(undefined, null, '', {}, [], 1.5, -1, 0, 2147483648, 1e20, 'abc', '1', true);
