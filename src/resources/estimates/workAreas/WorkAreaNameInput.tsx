import { useCallback, useState } from 'react';
import { Autocomplete } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useInput } from 'react-admin';
import { workAreas } from '../../../schema';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { fieldLabel } from '../../../admin/forms/FieldInput';
import { renderOptionText, TypeaheadTextField } from '../../../admin/forms/typeaheadParts';
import { useDebouncedSearch } from '../../../admin/forms/useDebouncedSearch';
import { namesFromResponse, suggestWorkAreaNames, WORK_AREA_NAMES_PATH } from './workAreaNameSuggestions';

const renderName = renderOptionText<string>((name) => name);

/** Under the work areas' key, so every area write marks the names stale. */
const NAMES_QUERY_KEY = [workAreas.name, 'uniqueNames'];

/**
 * The work area's name (SPEC §5): suggests existing work area names containing what is typed
 * (case-insensitive, up to 10) 200 ms after typing pauses, and all of them on focus. Any
 * text can be kept: a suggestion only saves typing.
 */
export function WorkAreaNameInput() {
  const label = fieldLabel(workAreas, 'name');
  const { field, fieldState, id, isRequired } = useInput({ source: 'name' });
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  // null while the input is not in use: nothing is offered.
  const [query, setQuery] = useState<string | null>(null);

  const loadNames = useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: NAMES_QUERY_KEY,
        queryFn: async () => namesFromResponse(await dataProvider.request<unknown>('GET', WORK_AREA_NAMES_PATH)),
        staleTime: 60_000,
      }),
    [dataProvider, queryClient],
  );
  const { results } = useDebouncedSearch<string>(query, async (typed) => suggestWorkAreaNames(await loadNames(), typed));
  const text: string = field.value ?? '';

  return (
    <Autocomplete<string, false, false, true>
      id={id}
      freeSolo
      options={query === null ? [] : results}
      filterOptions={(options) => options}
      value={null}
      inputValue={text}
      onFocus={() => setQuery(text)}
      onBlur={() => {
        setQuery(null);
        field.onBlur();
      }}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') {
          field.onChange(value);
          setQuery(value);
        }
      }}
      onChange={(_, name) => {
        if (typeof name === 'string') {
          field.onChange(name);
          // A picked name is complete: no further suggestions until the user types again.
          setQuery(null);
        }
      }}
      renderOption={renderName}
      renderInput={(params) => (
        <TypeaheadTextField params={params} field={field} fieldState={fieldState} source="name" label={label} isRequired={isRequired} />
      )}
    />
  );
}
