import { InputAdornment } from '@mui/material';
import { BooleanInput, DateTimeInput, NumberInput, SelectInput, TextInput, type InputProps } from 'react-admin';
import { entityByName, type Entity } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { LazyRichTextInput } from '../richText/LazyRichTextInput';
import { FlagCheckboxInput } from './FlagCheckboxInput';
import { ReferenceTypeahead } from './ReferenceTypeahead';
import { useReferencedRecord } from './useReferencedRecord';

type FieldInputProps = Omit<InputProps, 'source'> & {
  entity: Pick<Entity, 'field' | 'name'>;
  /** Field name in the entity declaration; also the form source. */
  name: string;
  multiline?: boolean;
  rows?: number;
};

/** A datetime-local value (browser time) as the ISO instant the API stores. */
export const toInstant = (value: string) => (value ? new Date(value).toISOString() : null);

/**
 * The input of one declared field, chosen by its kind: text (one line or several), rich text,
 * whole numbers, amounts (money with a $), yes/no, a 1/0 flag, a date and time, one of its
 * choices, or a typeahead over the entity a reference points to. Label from the declaration.
 */
export function FieldInput({ entity, name, ...rest }: FieldInputProps) {
  const field = entity.field(name);
  if (!field) throw new Error(`${entity.name} has no field ${name}`);
  const label = field.label;
  if (field.choices?.length) {
    return (
      <SelectInput source={name} label={label} choices={field.choices.map((choice) => ({ id: choice, name: String(choice) }))} {...rest} />
    );
  }
  switch (field.kind) {
    case 'integer':
      return <NumberInput source={name} label={label} step={1} {...rest} />;
    case 'decimal':
      return field.money ? (
        <NumberInput
          source={name}
          label={label}
          step={0.01}
          InputProps={{ startAdornment: <InputAdornment position="start">$</InputAdornment> }}
          {...rest}
        />
      ) : (
        <NumberInput source={name} label={label} {...rest} />
      );
    case 'text':
      return <TextInput source={name} label={label} multiline {...rest} />;
    case 'richText':
      return <LazyRichTextInput source={name} label={label} />;
    case 'boolean':
      return <BooleanInput source={name} label={label} />;
    case 'flag':
      return <FlagCheckboxInput source={name} label={label} />;
    case 'datetime':
      return <DateTimeInput source={name} label={label} parse={toInstant} {...rest} />;
    case 'reference':
      return <ReferenceFieldInput source={name} label={label} target={field.references!.entity} />;
    default:
      return <TextInput source={name} label={label} {...rest} />;
  }
}

/** A typeahead over the referenced entity, showing the record already chosen by its name. */
function ReferenceFieldInput({ source, label, target }: { source: string; label: string; target: string }) {
  const entity = entityByName(target);
  const { record, isPending } = useReferencedRecord(entity.name, source);
  // Mounted once the chosen record is known, so that it shows by name from the start.
  if (isPending) return null;
  return (
    <ReferenceTypeahead
      entity={entity}
      optionText={resolveScreens(entity).titleField}
      source={source}
      label={label}
      initialRecord={record}
    />
  );
}

/** The label declared for a field (for inputs that are not plain, e.g. selects and radios). */
export function fieldLabel(entity: Pick<Entity, 'field' | 'name'>, name: string): string {
  const field = entity.field(name);
  if (!field) throw new Error(`${entity.name} has no field ${name}`);
  return field.label;
}
