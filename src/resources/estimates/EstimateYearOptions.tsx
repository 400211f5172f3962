import { useGetList } from 'react-admin';
import { ESTIMATE_CREATED_YEAR, estimates } from '../../schema';
import { officeDate } from '../../domain/officeDate';
import { FilterCheckboxList } from '../../admin/lists/FilterCheckboxList';

const createdAtSortKey = Object.entries(estimates.systemSortKeys ?? {}).find(([, field]) => field === 'createdAt')![0];

/** The year an instant falls in on the office's calendar (the server filters by the same). */
export function officeYear(instant: string | Date): number {
  return Number(officeDate(new Date(instant)).slice(0, 4));
}

/** Every year from the oldest estimate's to this one, newest first. */
export function yearsSince(oldest: number, now = new Date()): number[] {
  const current = officeYear(now);
  const from = Math.min(oldest, current);
  return Array.from({ length: current - from + 1 }, (_, i) => current - i);
}

/** The Date column's filter (issue 23, a season picked for renewal): the years estimates were made in. */
export function EstimateYearOptions({ label }: { label: string }) {
  const { data, isPending } = useGetList(estimates.name, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: createdAtSortKey, order: 'ASC' },
  });
  const oldest = data?.[0]?.createdAt;
  const options = isPending
    ? undefined
    : yearsSince(oldest ? officeYear(oldest) : officeYear(new Date())).map((year) => ({
        value: year,
        label: String(year),
      }));
  return <FilterCheckboxList filterKey={ESTIMATE_CREATED_YEAR} label={label} options={options} isPending={isPending} />;
}
