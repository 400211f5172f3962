import { useState } from 'react';
import { Autocomplete } from '@mui/material';
import { useDataProvider, useInput, type RaRecord } from 'react-admin';
import type { Entity } from '../../schema';
import { CUSTOMER_TYPEAHEAD_LIMIT } from '../../domain/typeahead';
import { renderOptionText, TypeaheadTextField } from './typeaheadParts';
import { useDebouncedSearch } from './useDebouncedSearch';

export interface ReferenceTypeaheadProps {
  /** The entity searched (its list route, search columns and default sort). */
  entity: Pick<Entity, 'name' | 'defaultSort'>;
  /** The field that names an option, e.g. `name`. */
  optionText: string;
  source: string;
  label: string;
  /** The record already chosen, shown by name. */
  initialRecord?: RaRecord | null;
  /** Called with the record the user picks. */
  onPick?: (record: RaRecord) => void;
}

/**
 * A typeahead over another entity's records (SPEC §5's customer typeahead, and any declared
 * reference): searches 200 ms after typing pauses, and on focus, offering up to 10 by name.
 * The form holds the picked record's id.
 */
export function ReferenceTypeahead({ entity, optionText, source, label, initialRecord = null, onPick }: ReferenceTypeaheadProps) {
  const { field, fieldState, id, isRequired } = useInput({ source });
  const dataProvider = useDataProvider();
  const textOf = (record: RaRecord) => String(record[optionText] ?? '');
  const [chosen, setChosen] = useState<RaRecord | null>(initialRecord);
  const [inputText, setInputText] = useState<string>(initialRecord ? textOf(initialRecord) : '');
  // null while the input is not in use: nothing is searched.
  const [query, setQuery] = useState<string | null>(null);
  const { results, loading } = useDebouncedSearch<RaRecord>(query, async (searchTerm) => {
    const { data } = await dataProvider.getList(entity.name, {
      filter: searchTerm.trim() ? { q: searchTerm } : {},
      pagination: { page: 1, perPage: CUSTOMER_TYPEAHEAD_LIMIT },
      sort: { field: entity.defaultSort.key, order: entity.defaultSort.direction },
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
      getOptionLabel={textOf}
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
      onChange={(_, record) => {
        setChosen(record);
        field.onChange(record ? record.id : null);
        if (record) onPick?.(record);
      }}
      renderOption={renderOptionText<RaRecord>(textOf)}
      renderInput={(params) => (
        <TypeaheadTextField params={params} field={field} fieldState={fieldState} source={source} label={label} isRequired={isRequired} />
      )}
    />
  );
}
