import { PaginationItem, Stack } from '@mui/material';
import { useListContext } from 'react-admin';
import { pageCount, pageLinks } from './pageLinks';

/**
 * Paginator of SPEC §9: first/previous/next/last links around up to ten page links that rotate
 * with the current page, with the first and last page and ellipses when they are out of view.
 */
export function ListPaginator() {
  const { page, perPage, total, setPage } = useListContext();
  if (total === undefined) return null;
  const pages = pageCount(total, perPage);
  const current = Math.min(page, pages);
  const go = (target: number) => {
    if (target !== current) setPage(target);
  };

  return (
    <Stack component="nav" aria-label="Pagination" direction="row" spacing={0.5} alignItems="center">
      <PaginationItem type="first" disabled={current === 1} onClick={() => go(1)} aria-label="Go to first page" />
      <PaginationItem type="previous" disabled={current === 1} onClick={() => go(current - 1)} aria-label="Go to previous page" />
      {pageLinks(current, pages).map((link, index) =>
        link === 'ellipsis' ? (
          <PaginationItem key={`ellipsis-${index}`} type="start-ellipsis" />
        ) : (
          <PaginationItem
            key={link}
            page={link}
            selected={link === current}
            onClick={() => go(link)}
            aria-label={`Go to page ${link}`}
            aria-current={link === current ? 'page' : undefined}
          />
        ),
      )}
      <PaginationItem type="next" disabled={current === pages} onClick={() => go(current + 1)} aria-label="Go to next page" />
      <PaginationItem type="last" disabled={current === pages} onClick={() => go(pages)} aria-label="Go to last page" />
    </Stack>
  );
}
