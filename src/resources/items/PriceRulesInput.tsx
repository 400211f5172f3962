import { Typography } from '@mui/material';
import { ArrayInput, FormDataConsumer, NumberInput, SelectInput, SimpleFormIterator } from 'react-admin';
import { priceRules } from '../../schema';
import {
  PRICE_RULE_TYPE_FIELDS,
  PRICE_RULE_TYPE_LABELS,
  PRICE_RULE_TYPES,
  isPriceRuleType,
  type PriceRuleType,
} from '../../domain/priceRules';
import { fieldLabel } from '../../custom/forms/FieldInput';
import { RULES_SOURCE } from './itemForm';

const typeChoices = PRICE_RULE_TYPES.map((id) => ({ id, name: PRICE_RULE_TYPE_LABELS[id] }));

/** What each type does, in the words of SPEC §9, under the rule's inputs. */
export const PRICE_RULE_TYPE_HELP: Record<PriceRuleType, string> = {
  LESS_THAN_OR_EQUAL: 'Size ≤ Range End: the item price.',
  BETWEEN_EXCLUSIVE: 'Range Start < size < Range End: item price + (size − Range Start) ÷ Step × Secondary Price.',
  GREATER_THAN:
    'Step 0 and size ≥ Range Start: size × Secondary Price. Otherwise item price + (size − Range Start) ÷ Step × Secondary Price.',
  STATIC: 'Size ÷ Step × the item price.',
};

const numberInputSx = { width: { xs: '100%', sm: 140 } };

/** One rule's inputs: its type, then only the numbers that type reads. */
function PriceRuleInputs() {
  return (
    <FormDataConsumer>
      {({ scopedFormData }) => {
        const type = scopedFormData?.type;
        const uses = isPriceRuleType(type) ? PRICE_RULE_TYPE_FIELDS[type].uses : [];
        return (
          <>
            {uses.map((name) => (
              <NumberInput key={name} source={name} label={fieldLabel(priceRules, name)} sx={numberInputSx} helperText={false} />
            ))}
            {isPriceRuleType(type) && (
              <Typography variant="caption" color="text.secondary" sx={{ flexBasis: '100%', mb: 1 }}>
                {PRICE_RULE_TYPE_HELP[type]}
              </Typography>
            )}
          </>
        );
      }}
    </FormDataConsumer>
  );
}

/**
 * The Price Rules section of the Item Editor (beyond SPEC): add, edit and remove the item's
 * size-based rules; each row shows the inputs its type reads.
 */
export function PriceRulesInput() {
  return (
    <ArrayInput source={RULES_SOURCE} label="Price Rules" helperText={false}>
      <SimpleFormIterator inline disableReordering disableClear fullWidth>
        <SelectInput
          source="type"
          label={fieldLabel(priceRules, 'type')}
          choices={typeChoices}
          sx={{ minWidth: 260 }}
          helperText={false}
        />
        <PriceRuleInputs />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
