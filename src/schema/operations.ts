/**
 * Operations (SPEC §2, §3, §7, §9): one row per site with its customer and its assigned
 * services. Not a stored entity but a read-only view over sites, customers and site services;
 * declared once here so the API, the screen and the XLSX export share one column list.
 */

/** A row of GET /api/operations (SPEC §3 "Operation row"); `id` is the site's id. */
export interface OperationRow {
  id: number;
  customerID: number;
  customerName: string;
  siteName: string;
  siteAddress1: string;
  siteCity: string;
  siteState: string;
  siteZip: string | null;
  /** Assigned services, by name. */
  services: { id: number; name: string }[];
}

/** The view's own text columns: which table and column each comes from. */
export type OperationsTextSource = Exclude<keyof OperationRow, 'id' | 'customerID' | 'services'>;

export interface OperationsColumn {
  source: OperationsTextSource | 'services';
  label: string;
  /** sortBy key (SPEC §9 naming), when sortable. */
  sortKey?: string;
  /** `filter:<key>` accepted by the API, when filterable. */
  filterKey?: string;
  /** Matched by searchTerm. */
  search?: boolean;
  /** Width of the column in the XLSX export, in characters. */
  width: number;
}

/** The columns in screen and export order. */
export const operationsColumns: readonly OperationsColumn[] = [
  { source: 'customerName', label: 'Customer Name', sortKey: 'customer_name', filterKey: 'customer_name', search: true, width: 32 },
  { source: 'siteName', label: 'Site Name', sortKey: 'site_name', search: true, width: 32 },
  { source: 'siteAddress1', label: 'Site Address', sortKey: 'site_address_1', search: true, width: 34 },
  { source: 'siteCity', label: 'Site City', sortKey: 'site_city', filterKey: 'site_city', search: true, width: 20 },
  { source: 'siteState', label: 'Site State', sortKey: 'site_state', filterKey: 'site_state', width: 10 },
  { source: 'siteZip', label: 'Site Zip', sortKey: 'site_zip', filterKey: 'site_zip', search: true, width: 11 },
  { source: 'services', label: 'Site Services', filterKey: 'services', width: 48 },
];

/** An operation as the export writes it: each column's text (services by name, joined). */
export type OperationsExportRow = Record<OperationsColumn['source'], string | null>;

/** Between a site's service names in the export. */
export const SERVICES_SEPARATOR = ', ';

/** The filter holding service ids (sites having any of them); the others hold column values. */
export const SERVICES_FILTER = 'services';

/** Filter keys whose distinct values GET /api/operations/filterValues/:column lists. */
export const operationsValueFilters: readonly string[] = operationsColumns
  .filter((c) => c.filterKey && c.filterKey !== SERVICES_FILTER)
  .map((c) => c.filterKey!);

export const operations = {
  name: 'operations',
  route: 'operations',
  listKey: 'operations',
  singular: 'operation',
  plural: 'operations',
  /** SPEC §9: operations by customer name ascending. */
  defaultSort: { key: 'customer_name', direction: 'ASC' as 'ASC' | 'DESC' },
  columns: operationsColumns,
  /** sortBy key → row field. */
  sortKeys: new Map<string, OperationsColumn['source']>(
    operationsColumns.filter((c) => c.sortKey).map((c) => [c.sortKey!, c.source] as const),
  ),
  /** filter key → row field. */
  filterKeys: new Map<string, OperationsColumn['source']>(
    operationsColumns.filter((c) => c.filterKey).map((c) => [c.filterKey!, c.source] as const),
  ),
} as const;

/** The XLSX export's file name on the office's calendar day (SPEC §7: operations--{YYYY-MM-DD}.xlsx). */
export function operationsFileName(officeDate: string): string {
  return `operations--${officeDate}.xlsx`;
}
