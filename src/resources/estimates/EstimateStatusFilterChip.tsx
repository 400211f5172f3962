import { Chip } from '@mui/material';
import { useListContext } from 'react-admin';
import { estimates } from '../../schema';
import { statusLabel } from '../../domain/estimates';

const statusKeys = ['status', estimates.field('status')!.key];

/**
 * The status filter a link brought (Home's status rows), named so the user sees why the list
 * is short, with a cross that clears it.
 */
export function EstimateStatusFilterChip() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const key = statusKeys.find((k) => filterValues?.[k] !== undefined);
  if (!key) return null;
  const statuses = ([] as unknown[]).concat(filterValues[key]);
  const clear = () => setFilters(Object.fromEntries(Object.entries(filterValues).filter(([k]) => k !== key)), displayedFilters);
  return <Chip label={`Status: ${statuses.map(statusLabel).join(', ')}`} onDelete={clear} sx={{ alignSelf: 'center' }} />;
}
