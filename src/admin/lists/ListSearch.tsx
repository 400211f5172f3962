import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useListContext } from 'react-admin';

/** Pause after the last keystroke before the list is queried. */
export const SEARCH_DELAY_MS = 300;

/**
 * Search box of a list: sets the `q` filter (sent as searchTerm) and, per SPEC §4, drops every
 * column filter. Filters the page fixes itself (the list's `filter` prop) are not touched.
 */
export function ListSearch({ placeholder = 'Search' }: { placeholder?: string }) {
  const { filterValues, setFilters } = useListContext();
  const current = typeof filterValues?.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const term = value.trim();
      setFilters(term ? { q: term } : {}, {});
    }, SEARCH_DELAY_MS);
  };

  return (
    <TextField
      value={text}
      onChange={onChange}
      placeholder={placeholder}
      size="small"
      type="search"
      slotProps={{
        htmlInput: { 'aria-label': placeholder },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
