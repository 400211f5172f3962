import { SelectInput, type SelectInputProps } from 'react-admin';
import { US_STATES } from '../../domain/states';
import { STATE_PLACEHOLDER } from '../../schema';

export const STATE_PLACEHOLDER_TEXT = 'Select a State';

/**
 * State select: full names shown, abbreviations stored, 'Select a State' until one is picked.
 * The placeholder value counts as blank in validate.ts, hence 'State is required.'.
 */
export function StateSelect(props: Omit<SelectInputProps, 'choices'>) {
  return (
    <SelectInput
      source="state"
      choices={US_STATES}
      optionText="name"
      optionValue="abbreviation"
      emptyText={STATE_PLACEHOLDER_TEXT}
      emptyValue={STATE_PLACEHOLDER}
      defaultValue={STATE_PLACEHOLDER}
      format={(value: string | null | undefined) => value || STATE_PLACEHOLDER}
      parse={(value: string) => value}
      {...props}
    />
  );
}
