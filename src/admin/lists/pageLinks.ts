/** The list constants of SPEC §9. */
export const PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];
export const MAX_PAGE_LINKS = 10;

/** Pagination asking for every row: the data provider sends no limit for a page size of 0. */
export const ALL_ROWS = { page: 1, perPage: 0 } as const;

export type PageLink = number | 'ellipsis';

/**
 * Page numbers to show (1-based) for a paginator with rotation, ellipses and boundary pages:
 * a window of at most `maxLinks` pages that keeps the current page centred once it has moved
 * past the middle, plus the first and last page when the window leaves them out. A gap of one
 * page shows that page instead of an ellipsis (an ellipsis would hide nothing).
 */
export function pageLinks(page: number, pageCount: number, maxLinks: number = MAX_PAGE_LINKS): PageLink[] {
  if (pageCount <= 0) return [];
  const current = Math.min(Math.max(page, 1), pageCount);
  if (pageCount <= maxLinks) return range(1, pageCount);

  const before = Math.floor(maxLinks / 2);
  const after = maxLinks % 2 === 0 ? before - 1 : before;
  let first: number;
  let last: number;
  if (current <= before) {
    first = 1;
    last = maxLinks;
  } else if (pageCount - current < before) {
    first = pageCount - maxLinks + 1;
    last = pageCount;
  } else {
    first = current - before;
    last = current + after;
  }

  const links: PageLink[] = range(first, last);
  if (first > 1) {
    if (first > 3) links.unshift('ellipsis');
    else if (first === 3) links.unshift(2);
    links.unshift(1);
  }
  if (last < pageCount) {
    if (last < pageCount - 2) links.push('ellipsis');
    else if (last === pageCount - 2) links.push(pageCount - 1);
    links.push(pageCount);
  }
  return links;
}

/** Number of pages needed for `total` rows (at least one, so an empty list has a page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
