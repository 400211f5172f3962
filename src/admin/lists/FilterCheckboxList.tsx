import { useEffect, useMemo, useState } from 'react';
import { Box, Button, Checkbox, FormControlLabel, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useListContext } from 'react-admin';

export type FilterValue = string | number | null;

export interface FilterOption {
  value: FilterValue;
  label: string;
}

/** Past this many choices a box to narrow them shows; past SHOWN_MAX only the first are drawn. */
const NARROW_FROM = 10;
const SHOWN_MAX = 200;

const keyOf = (value: FilterValue) => JSON.stringify(value);

/** The values of a list filter as an array (react-admin keeps whatever was set). */
export function selectedValues(filterValues: Record<string, unknown> | undefined, filterKey: string): FilterValue[] {
  const current = filterValues?.[filterKey];
  if (current === undefined) return [];
  return (Array.isArray(current) ? current : [current]) as FilterValue[];
}

export interface FilterCheckboxListProps {
  filterKey: string;
  /** The column's label, for the accessible names. */
  label: string;
  options: FilterOption[] | undefined;
  isPending?: boolean;
}

/**
 * A checkbox per value of a list filter: ticking adds the value (any ticked value matches),
 * unticking removes it, Clear removes them all. The search term stays.
 */
export function FilterCheckboxList({ filterKey, label, options, isPending }: FilterCheckboxListProps) {
  const { filterValues, setFilters } = useListContext();
  const applied = selectedValues(filterValues, filterKey);
  // What was just ticked shows at once; the list's filters catch up a moment later.
  const [ticked, setTicked] = useState<FilterValue[] | null>(null);
  const appliedKey = JSON.stringify(applied);
  useEffect(() => setTicked(null), [appliedKey]);
  const selected = ticked ?? applied;
  const selectedKeys = new Set(selected.map(keyOf));
  const [narrow, setNarrow] = useState('');

  const matching = useMemo(() => {
    const term = narrow.trim().toLowerCase();
    return term ? (options ?? []).filter((o) => o.label.toLowerCase().includes(term)) : (options ?? []);
  }, [options, narrow]);
  const shown = matching.slice(0, SHOWN_MAX);

  const apply = (values: FilterValue[]) => {
    setTicked(values);
    const { [filterKey]: _previous, ...others } = filterValues ?? {};
    setFilters(values.length ? { ...others, [filterKey]: values } : others, undefined, false);
  };
  const toggle = (value: FilterValue) =>
    apply(selectedKeys.has(keyOf(value)) ? selected.filter((v) => keyOf(v) !== keyOf(value)) : [...selected, value]);

  return (
    <Box sx={{ p: 2, width: 300 }} role="group" aria-label={`${label} filter`}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 1 }}>
        <Typography variant="subtitle2">Filter by {label}</Typography>
        <Button size="small" onClick={() => apply([])} disabled={selected.length === 0}>
          Clear
        </Button>
      </Stack>
      {(options?.length ?? 0) > NARROW_FROM && (
        <TextField
          size="small"
          fullWidth
          value={narrow}
          onChange={(event) => setNarrow(event.target.value)}
          placeholder="Find a value"
          slotProps={{ htmlInput: { 'aria-label': `Find a ${label} value` } }}
          sx={{ mb: 1 }}
        />
      )}
      {isPending && <LinearProgress aria-label={`Loading ${label} values`} />}
      <Stack sx={{ maxHeight: 320, overflowY: 'auto' }}>
        {shown.map((option) => (
          <FormControlLabel
            key={keyOf(option.value)}
            control={<Checkbox size="small" checked={selectedKeys.has(keyOf(option.value))} onChange={() => toggle(option.value)} />}
            label={option.label}
          />
        ))}
      </Stack>
      {!isPending && options && matching.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No values.
        </Typography>
      )}
      {matching.length > shown.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {matching.length - shown.length} more: type to narrow.
        </Typography>
      )}
    </Box>
  );
}
