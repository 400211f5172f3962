import type { Entity, FieldDef } from './defineEntity';

/**
 * Types derived from a declaration, so no screen or route declares an entity's fields again:
 * `RecordOf<typeof workAreas>` is a work area as the API answers it.
 */

/** The JSON value of a field (choices give their union; a lookup reads a name). */
export type ValueOf<F> = F extends { kind: 'string' | 'text' | 'richText' }
  ? F extends { choices: readonly (infer C)[] }
    ? C
    : string
  : F extends { kind: 'integer' | 'decimal' | 'reference' }
    ? number
    : F extends { kind: 'flag' }
      ? 0 | 1
      : F extends { kind: 'boolean' }
        ? boolean
        : F extends { kind: 'datetime' }
          ? string
          : F extends { kind: 'lookup' }
            ? string
            : unknown;

/** Whether a stored value is never null: required, a default, a boolean or a flag. */
export type AlwaysSet<F> = F extends { required: true } | { kind: 'boolean' | 'flag' } | { defaultValue: {} } ? true : false;

/** A field's value in a record: null where the field may be empty (a lookup of an empty reference too). */
export type StoredValueOf<F> =
  AlwaysSet<F> extends true ? (F extends { kind: 'lookup' } ? ValueOf<F> | null : ValueOf<F>) : ValueOf<F> | null;

/** What every stored record has (DESIGN "Writes"). */
export interface SystemValues {
  id: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** The fields of an entity's declaration. */
export type FieldsOf<E> = E extends Entity<infer F> ? F : never;

/** A record of an entity as the API answers it: its system values and one value per field. */
export type RecordOf<E extends Entity<Record<string, FieldDef>>> = SystemValues & {
  -readonly [K in keyof FieldsOf<E>]: StoredValueOf<FieldsOf<E>[K]>;
};
