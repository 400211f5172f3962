import { Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ArrayInput, FormDataConsumer, NumberInput, SelectInput, SimpleFormIterator, useSimpleFormIterator } from 'react-admin';
import { priceRules } from '../../schema';
import {
  PRICE_RULE_NUMBERS,
  PRICE_RULE_TYPE_FIELDS,
  PRICE_RULE_TYPE_LABELS,
  PRICE_RULE_TYPES,
  isPriceRuleType,
  type PriceRuleType,
} from '../../domain/priceRules';
import { entityDefaults } from '../../admin/forms/entityDefaults';
import { fieldLabel } from '../../admin/forms/FieldInput';
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

/** A new, empty rule: the declared defaults (output type UNIT_PRICE), no type chosen yet. */
const newRule = () => ({
  ...entityDefaults(priceRules),
  type: null,
  ...Object.fromEntries(PRICE_RULE_NUMBERS.map((name) => [name, null])),
});

function AddRuleButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button size="small" startIcon={<AddIcon />} onClick={() => add(newRule())}>
      Add Rule
    </Button>
  );
}

/** One rule: its type, then only the numbers that type reads, then what the type does. */
function PriceRuleRow() {
  return (
    <FormDataConsumer>
      {({ scopedFormData }) => {
        const type = scopedFormData?.type;
        const uses = isPriceRuleType(type) ? PRICE_RULE_TYPE_FIELDS[type].uses : [];
        return (
          <Stack sx={{ width: '100%' }}>
            <Stack direction="row" flexWrap="wrap" columnGap={2}>
              <SelectInput
                source="type"
                label={fieldLabel(priceRules, 'type')}
                choices={typeChoices}
                sx={{ width: { xs: '100%', sm: 220 } }}
              />
              {uses.map((name) => (
                <NumberInput
                  key={name}
                  source={name}
                  label={fieldLabel(priceRules, name)}
                  sx={{ width: { xs: '100%', sm: 130 }, flexShrink: 0 }}
                />
              ))}
            </Stack>
            {isPriceRuleType(type) && (
              <Typography variant="caption" color="text.secondary">
                {PRICE_RULE_TYPE_HELP[type]}
              </Typography>
            )}
          </Stack>
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
    <ArrayInput source={RULES_SOURCE} label={false} helperText={false}>
      <SimpleFormIterator
        disableReordering
        disableClear
        fullWidth
        addButton={<AddRuleButton />}
        // Remove buttons stay visible: hidden-until-hover would hide them from the keyboard.
        sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
      >
        <PriceRuleRow />
      </SimpleFormIterator>
    </ArrayInput>
  );
}
