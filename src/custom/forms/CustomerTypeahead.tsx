import { useState } from 'react';
import { Autocomplete } from '@mui/material';
import { useDataProvider, useInput, type RaRecord } from 'react-admin';
import { customers } from '../../schema';
import { CUSTOMER_TYPEAHEAD_LIMIT } from '../../domain/typeahead';
import { renderOptionText, TypeaheadTextField } from './typeaheadParts';
import { useDebouncedSearch } from './useDebouncedSearch';

const renderCustomer = renderOptionText<RaRecord>((customer) => customer.name);

interface CustomerTypeaheadProps {
  source?: string;
  label?: string;
  /** The customer already chosen (a modal opened from a customer), shown by name. */
  initialCustomer?: RaRecord | null;
  /** Called with the customer the user picks. */
  onPick?: (customer: RaRecord) => void;
}

/**
 * Customer typeahead (SPEC §5): searches customers 200 ms after typing pauses, and on focus,
 * offering up to 10 by name. The form holds the customer's id.
 */
export function CustomerTypeahead({ source = 'customerID', label = 'Customer', initialCustomer = null, onPick }: CustomerTypeaheadProps) {
  const { field, fieldState, id } = useInput({ source });
  const dataProvider = useDataProvider();
  const [chosen, setChosen] = useState<RaRecord | null>(initialCustomer);
  const [inputText, setInputText] = useState<string>(initialCustomer?.name ?? '');
  // null while the input is not in use: nothing is searched.
  const [query, setQuery] = useState<string | null>(null);
  const { results, loading } = useDebouncedSearch<RaRecord>(query, async (searchTerm) => {
    const { data } = await dataProvider.getList(customers.name, {
      filter: searchTerm.trim() ? { q: searchTerm } : {},
      pagination: { page: 1, perPage: CUSTOMER_TYPEAHEAD_LIMIT },
      sort: { field: customers.defaultSort.key, order: customers.defaultSort.direction },
    });
    return data;
  });

  return (
    <Autocomplete<RaRecord>
      id={id}
      options={query === null ? [] : results}
      loading={loading}
      value={chosen && chosen.id === field.value ? chosen : null}
      inputValue={inputText}
      filterOptions={(options) => options}
      getOptionLabel={(option) => String(option.name ?? '')}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onFocus={() => setQuery(inputText)}
      onBlur={() => {
        setQuery(null);
        field.onBlur();
      }}
      onInputChange={(_, value, reason) => {
        setInputText(value);
        if (reason === 'input') setQuery(value);
      }}
      onChange={(_, customer) => {
        setChosen(customer);
        field.onChange(customer ? customer.id : null);
        if (customer) onPick?.(customer);
      }}
      renderOption={renderCustomer}
      renderInput={(params) => (
        <TypeaheadTextField params={params} field={field} fieldState={fieldState} source={source} label={label} />
      )}
    />
  );
}
