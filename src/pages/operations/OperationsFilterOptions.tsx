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
