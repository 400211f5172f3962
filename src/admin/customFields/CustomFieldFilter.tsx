import { useState } from 'react';
import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useListContext } from 'react-admin';
import { customErrorKey, type CustomFieldDefinition } from '../../schema/customFields';
import { FilterCheckboxList, selectedValues, type FilterOption } from '../lists/FilterCheckboxList';
import { ListFilterButton } from '../lists/ListFilterButton';

const NONE: FilterOption = { value: null, label: '(No value)' };

/** The values a person picks from: a choice field's choices, Yes and No; none for the others (typed). */
function optionsOf(definition: CustomFieldDefinition): FilterOption[] | undefined {
  if (definition.kind === 'choice' || definition.kind === 'multiChoice') {
    return [...definition.choices.map((choice) => ({ value: choice, label: choice })), NONE];
  }
  if (definition.kind === 'yesNo') return [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }, NONE];
  return undefined;
}

/** A typed value to match exactly (a gate code, a PO number), or none. */
function TypedValueFilter({ filterKey, label }: { filterKey: string; label: string }) {
  const { filterValues, setFilters } = useListContext();
  const applied = selectedValues(filterValues, filterKey)[0];
  const [typed, setTyped] = useState(applied === undefined || applied === null ? '' : String(applied));
  const apply = (value: string) => {
    const { [filterKey]: _previous, ...others } = filterValues ?? {};
    setFilters(value.trim() ? { ...others, [filterKey]: [value.trim()] } : others, undefined, false);
  };
  return (
    <Box
      component="form"
      sx={{ p: 2, width: 300 }}
      role="group"
      aria-label={`${label} filter`}
      onSubmit={(event) => {
        event.preventDefault();
        apply(typed);
      }}
    >
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Filter by {label}
      </Typography>
      <TextField size="small" fullWidth label={`${label} is`} value={typed} onChange={(event) => setTyped(event.target.value)} />
      <Stack direction="row" justifyContent="flex-end" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={() => (setTyped(''), apply(''))} disabled={applied === undefined}>
          Clear
        </Button>
        <Button size="small" type="submit" variant="contained">
          Apply
        </Button>
      </Stack>
    </Box>
  );
}

/** A custom field's filter popover (issue 38): its choices to tick, or a value to type. */
export function CustomFieldFilter({ definition, labelled = false }: { definition: CustomFieldDefinition; labelled?: boolean }) {
  const filterKey = customErrorKey(definition.key);
  const options = optionsOf(definition);
  return (
    <ListFilterButton filterKey={filterKey} label={definition.label} labelled={labelled}>
      {options ? (
        <FilterCheckboxList filterKey={filterKey} label={definition.label} options={options} />
      ) : (
        <TypedValueFilter filterKey={filterKey} label={definition.label} />
      )}
    </ListFilterButton>
  );
}
