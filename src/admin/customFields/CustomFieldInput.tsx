import { InputAdornment } from '@mui/material';
import { BooleanInput, CheckboxGroupInput, DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { checkCustomValue, customErrorKey, type CustomFieldDefinition } from '../../schema/customFields';

/** The form's check of a custom value: the message the server would answer (src/schema/customFields.ts). */
const validatorOf = (definition: CustomFieldDefinition) => (value: unknown) => {
  const outcome = checkCustomValue(definition, value);
  return 'error' in outcome ? outcome.error : undefined;
};

/** The input of one custom field, chosen by its kind, at `custom.<key>` in the record. */
export function CustomFieldInput({ definition }: { definition: CustomFieldDefinition }) {
  const props = {
    source: customErrorKey(definition.key),
    label: definition.label,
    helperText: definition.help ?? undefined,
    validate: validatorOf(definition),
  };
  const choices = definition.choices.map((choice) => ({ id: choice, name: choice }));
  switch (definition.kind) {
    case 'longText':
      return <TextInput {...props} multiline minRows={2} />;
    case 'number':
      return <NumberInput {...props} />;
    case 'money':
      return <NumberInput {...props} step={0.01} InputProps={{ startAdornment: <InputAdornment position="start">$</InputAdornment> }} />;
    case 'date':
      return <DateInput {...props} />;
    case 'yesNo':
      return <BooleanInput {...props} />;
    case 'choice':
      return <SelectInput {...props} choices={choices} emptyText="—" />;
    case 'multiChoice':
      return <CheckboxGroupInput {...props} choices={choices} />;
    case 'email':
      // No type="email" or "url": the browser's own bubbles would speak before the field's messages.
      return <TextInput {...props} inputProps={{ inputMode: 'email' }} />;
    case 'phone':
      return <TextInput {...props} type="tel" />;
    case 'url':
      return <TextInput {...props} inputProps={{ inputMode: 'url' }} />;
    default:
      return <TextInput {...props} />;
  }
}
