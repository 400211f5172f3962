import { useEffect } from 'react';

export const APP_NAME = 'Yardstick';

/** "Customers — Yardstick": what the browser's tab and history name for a screen. */
export function documentTitleOf(pageTitle: string | undefined): string {
  return pageTitle ? `${pageTitle} — ${APP_NAME}` : APP_NAME;
}

/** Names the browser tab after the screen while it is shown (WCAG 2.4.2 "Page Titled"). */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    if (pageTitle === undefined) return;
    document.title = documentTitleOf(pageTitle);
  }, [pageTitle]);
}
