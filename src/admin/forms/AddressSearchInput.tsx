import { useState } from 'react';
import { Autocomplete } from '@mui/material';
import { useDataProvider, useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { Entity } from '../../schema';
import { addressLine1, isAddressSearchable, type AddressCandidate } from '../../domain/addressSearch';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { fieldLabel } from './FieldInput';
import { renderOptionText, TypeaheadTextField } from './typeaheadParts';
import { useDebouncedSearch } from './useDebouncedSearch';

/** The address fields a picked candidate fills, besides address line 1. */
const FILLED = ['city', 'county', 'state', 'zip'] as const;
const renderCandidate = renderOptionText<AddressCandidate>((candidate) => candidate.label);

/**
 * Address line 1 with the address-search typeahead (SPEC §2, §5): after a 200 ms pause in
 * typing, and not for empty or digits-only text, it offers addresses; picking one fills
 * address 1, city, county, state and zip. Typing stays free: any text can be kept.
 */
export function AddressSearchInput({ entity }: { entity: Pick<Entity, 'field' | 'name'> }) {
  const label = fieldLabel(entity, 'address1');
  const { field, fieldState, id, isRequired } = useInput({ source: 'address1' });
  const { setValue } = useFormContext();
  const dataProvider = useDataProvider<YardstickDataProvider>();
  // Only what the user types is searched, not what picking a candidate writes.
  const [typed, setTyped] = useState<string | null>(null);
  const { results, loading } = useDebouncedSearch<AddressCandidate>(
    typed,
    (searchString) => dataProvider.request<AddressCandidate[]>('GET', '/searchForAddress', { query: { searchString } }),
    isAddressSearchable,
  );

  const pick = (candidate: AddressCandidate) => {
    field.onChange(addressLine1(candidate));
    for (const name of FILLED) setValue(name, candidate[name], { shouldDirty: true, shouldValidate: fieldState.isTouched });
    setTyped(null);
  };

  return (
    <Autocomplete<AddressCandidate, false, false, true>
      id={id}
      freeSolo
      options={typed === null ? [] : results}
      loading={loading}
      filterOptions={(options) => options}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.label)}
      value={null}
      inputValue={field.value ?? ''}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') {
          field.onChange(value);
          setTyped(value);
        }
      }}
      onChange={(_, option) => {
        if (option && typeof option !== 'string') pick(option);
      }}
      onBlur={field.onBlur}
      renderOption={renderCandidate}
      renderInput={(params) => (
        <TypeaheadTextField
          params={params}
          field={field}
          fieldState={fieldState}
          source={field.name}
          label={label}
          isRequired={isRequired}
        />
      )}
    />
  );
}
