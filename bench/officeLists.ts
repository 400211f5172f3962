/**
 * The office lists as the screens ask for them (src/providers/listParams.ts over each
 * screen's ListBase): the screen's default sort, 20 rows a page (page 3, offset 40, of a broad
 * search; page 1 of a rare one), the term typed into the list's search box, and the filters
 * the screen sends by default:
 * - /customers, /sites: the generic entity list, no filter;
 * - /estimates: newest number first, archived hidden (filter:estimate_is_archived=[0]);
 * - /operations: customer name ascending; its Site Services filter popover keeps the search.
 */
import { OFFICE_BROAD_TERM, OFFICE_RARE_TERM } from './seedOffice';

export interface OfficeList {
  label: string;
  /** The API path under /api, also the naive peer's path and the response's list key. */
  list: 'customers' | 'sites' | 'estimates' | 'operations';
  query: URLSearchParams;
  /** json-server 0.17's query for the same page, when it has one. */
  jsonServer?: string;
}

const PAGE_SIZE = 20;

/** Page 3 for a broad search; a rare one has a page or two, so the user stays on page 1. */
function screenQuery(searchTerm: string, sortBy: string, sortDirection: 'ASC' | 'DESC', filters: Record<string, unknown> = {}) {
  const page = searchTerm === OFFICE_RARE_TERM ? 1 : 3;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) query.set(`filter:${key}`, JSON.stringify(value));
  query.set('searchTerm', searchTerm);
  query.set('sortBy', sortBy);
  query.set('sortDirection', sortDirection);
  query.set('limit', String(PAGE_SIZE));
  query.set('offset', String(PAGE_SIZE * (page - 1)));
  return query;
}

/** The lists measured, broad search first; `serviceId` is the service the operations filter picks. */
export function officeLists(serviceId: number): OfficeList[] {
  const broad = OFFICE_BROAD_TERM;
  const rare = OFFICE_RARE_TERM;
  const hideArchived = { estimate_is_archived: [0] };
  return [
    {
      label: `customers "${broad}"`,
      list: 'customers',
      query: screenQuery(broad, 'customer_name', 'ASC'),
      jsonServer: `q=${broad}&_sort=name&_page=3&_limit=20`,
    },
    { label: `sites "${broad}"`, list: 'sites', query: screenQuery(broad, 'site_name', 'ASC') },
    { label: `sites "${rare}"`, list: 'sites', query: screenQuery(rare, 'site_name', 'ASC') },
    { label: `estimates "${broad}", unarchived`, list: 'estimates', query: screenQuery(broad, 'estimate_number', 'DESC', hideArchived) },
    { label: `estimates "${rare}", unarchived`, list: 'estimates', query: screenQuery(rare, 'estimate_number', 'DESC', hideArchived) },
    { label: `operations "${broad}"`, list: 'operations', query: screenQuery(broad, 'customer_name', 'ASC') },
    {
      label: `operations "${broad}" + 1 service`,
      list: 'operations',
      query: screenQuery(broad, 'customer_name', 'ASC', { services: [serviceId] }),
    },
    { label: `operations "${rare}"`, list: 'operations', query: screenQuery(rare, 'customer_name', 'ASC') },
  ];
}
