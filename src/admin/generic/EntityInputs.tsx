import type { Entity } from '../../schema';
import { FieldInput } from '../forms/FieldInput';

/** One input per named field of a declaration, in that order, each chosen by its kind. */
export function EntityInputs({ entity, fields }: { entity: Entity; fields: readonly string[] }) {
  return (
    <>
      {fields.map((name) => (
        <FieldInput key={name} entity={entity} name={name} />
      ))}
    </>
  );
}
