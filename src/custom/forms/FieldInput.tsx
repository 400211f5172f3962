import { NumberInput, TextInput, type InputProps } from 'react-admin';
import type { Entity } from '../../schema';

type FieldInputProps = Omit<InputProps, 'source'> & {
  entity: Pick<Entity, 'field' | 'name'>;
  /** Field name in the entity declaration; also the form source. */
  name: string;
  multiline?: boolean;
  rows?: number;
};

/** A plain input for one declared field: its label and kind come from the schema. */
export function FieldInput({ entity, name, ...rest }: FieldInputProps) {
  const field = entity.field(name);
  if (!field) throw new Error(`${entity.name} has no field ${name}`);
  switch (field.kind) {
    case 'integer':
    case 'decimal':
      return <NumberInput source={name} label={field.label} {...rest} />;
    case 'text':
      return <TextInput source={name} label={field.label} multiline {...rest} />;
    default:
      return <TextInput source={name} label={field.label} {...rest} />;
  }
}

/** The label declared for a field (for inputs that are not plain, e.g. selects and radios). */
export function fieldLabel(entity: Pick<Entity, 'field' | 'name'>, name: string): string {
  const field = entity.field(name);
  if (!field) throw new Error(`${entity.name} has no field ${name}`);
  return field.label;
}
