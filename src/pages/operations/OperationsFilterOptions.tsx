import { useGetList, type RaRecord } from 'react-admin';
import { services } from '../../schema';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { FilterCheckboxList, type FilterOption } from '../../admin/lists/FilterCheckboxList';
import { useOperationsFilterValues } from './useOperationsFilterValues';

/** What a value without text (a site without a zip) is called in a filter. */
export const BLANK_VALUE_LABEL = '(Blank)';

/** The checkbox list of a text column: its distinct values. */
export function ColumnValueOptions({ filterKey, label }: { filterKey: string; label: string }) {
  const { data, isPending } = useOperationsFilterValues(filterKey);
  const options: FilterOption[] | undefined = data?.map((value) => ({ value, label: value ?? BLANK_VALUE_LABEL }));
  return <FilterCheckboxList filterKey={filterKey} label={label} options={options} isPending={isPending} />;
}

/** The checkbox list of the services filter: every service, by service_name (SPEC §7). */
export function ServiceOptions({ filterKey, label }: { filterKey: string; label: string }) {
  const { data, isPending } = useGetList<RaRecord>(services.name, {
    pagination: ALL_ROWS,
    sort: { field: services.defaultSort.key, order: 'ASC' },
  });
  const options: FilterOption[] | undefined = data?.map((service) => ({ value: service.id as number, label: String(service.name) }));
  return <FilterCheckboxList filterKey={filterKey} label={label} options={options} isPending={isPending} />;
}
