import { useCallback } from 'react';
import type { ValidateForm } from 'react-admin';
import { checkCustomValues, CUSTOM_PREFIX, type CustomFieldEntity } from '../../schema/customFields';
import { useCustomFields } from './useCustomFields';

type Errors = Partial<Record<string, unknown>>;

/**
 * A form's own validator with the entity's custom fields checked too (issue 38): a form-level
 * validator is all react-hook-form runs, so the inputs' own checks would never stop a save.
 * Their messages go under `custom`, as the inputs' sources are (`custom.po_number`).
 */
export function useCustomFieldsValidator(entity: { name: string; customFields?: boolean }, validate: ValidateForm): ValidateForm {
  const { data: definitions = [] } = useCustomFields(entity.name as CustomFieldEntity, { enabled: entity.customFields === true });
  return useCallback(
    (values: Record<string, unknown>) => {
      const withCustom = (errors: Errors | undefined) => {
        const custom: Record<string, string> = {};
        for (const [key, message] of Object.entries(checkCustomValues(definitions, values.custom, undefined).errors)) {
          if (key.startsWith(CUSTOM_PREFIX)) custom[key.slice(CUSTOM_PREFIX.length)] = message;
        }
        return Object.keys(custom).length ? { ...errors, custom } : errors;
      };
      const errors = validate(values);
      if (!definitions.length) return errors;
      return errors instanceof Promise ? errors.then(withCustom) : withCustom(errors);
    },
    [definitions, validate],
  ) as ValidateForm;
}
