import type { z } from 'zod';
import { VISITS_QUERY, type visitSchema } from '../../schema/actions/agreements';

/** A visit as GET /api/visits answers it (src/schema/actions/agreements.ts). */
export type Visit = z.infer<typeof visitSchema>;

/** What the Schedule narrows the visits to: line names and crews (none: all). */
export interface VisitFilters {
  services: string[];
  crews: string[];
}

/** GET /api/visits' path for the days `from` to `to` (inclusive), each filter value repeated. */
export function visitsPath(from: string, to: string, { services, crews }: VisitFilters): string {
  const query = new URLSearchParams({ from, to });
  for (const service of services) query.append('filter:service', service);
  for (const crew of crews) query.append('filter:crew', crew);
  return `/visits?${query}`;
}

/** The react-query key of a range's visits: under VISITS_QUERY, which a visit's change invalidates. */
export const visitsKey = (from: string, to: string, filters: VisitFilters) =>
  [VISITS_QUERY, from, to, filters.services, filters.crews] as const;

/** The calendar day (YYYY-MM-DD) of `date` in the browser's time zone: the Schedule's days. */
export function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The visit's line and customer, as the calendar and the dialog name it. */
export const visitTitle = (visit: Pick<Visit, 'lineName' | 'customerName'>) => `${visit.lineName} — ${visit.customerName}`;
