import { useGetList, type RaRecord } from 'react-admin';
import { services } from '../../schema';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { FilterCheckboxList, type FilterOption } from '../../admin/lists/FilterCheckboxList';

/** The checkbox list of a services filter: every service, by service_name (SPEC §7). */
export function ServiceFilterOptions({ filterKey, label }: { filterKey: string; label: string }) {
  const { data, isPending } = useGetList<RaRecord>(services.name, {
    pagination: ALL_ROWS,
    sort: { field: services.defaultSort.key, order: 'ASC' },
  });
  const options: FilterOption[] | undefined = data?.map((service) => ({ value: service.id as number, label: String(service.name) }));
  return <FilterCheckboxList filterKey={filterKey} label={label} options={options} isPending={isPending} />;
}
