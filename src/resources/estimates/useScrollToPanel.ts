import { useEffect } from 'react';
import type { EstimatePanel } from './estimatePaths';

/** Element ids of the page's panels: the work areas panel, and the notes editor inside it. */
export const WORK_AREAS_ELEMENT_ID = 'work-areas';
export const NOTES_ELEMENT_ID = 'notes';

/** How long a panel that loads later (the notes of a selected area) is waited for. */
const WAIT_FOR_PANEL_MS = 5000;

function scrollTo(element: Element | null): boolean {
  if (!element) return false;
  // Not every environment scrolls (jsdom has no scrollIntoView).
  element.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  return true;
}

/**
 * /estimates/:id/workAreas and /notes open the estimate page scrolled to that panel. The
 * notes editor shows once its area is selected and loaded, so until it appears the page
 * scrolls to the work areas.
 */
export function useScrollToPanel(panel: EstimatePanel, ready: boolean): void {
  useEffect(() => {
    if (!ready || panel === 'detail') return;
    scrollTo(document.getElementById(WORK_AREAS_ELEMENT_ID));
    if (panel !== 'notes' || scrollTo(document.getElementById(NOTES_ELEMENT_ID))) return;

    const observer = new MutationObserver(() => {
      if (scrollTo(document.getElementById(NOTES_ELEMENT_ID))) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_FOR_PANEL_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [panel, ready]);
}
