/**
 * Moving focus to the new screen's heading after a route change (WCAG 2.4.3 "Focus Order"):
 * a screen reader then announces the new page, and Tab continues from its top instead of from
 * the link that was clicked (often gone). The layout notes a change of path; the next page
 * heading to mount (or the one already shown) takes focus. Headings arrive late on detail
 * pages (after their record), hence a flag rather than an effect of the router alone.
 */
let pendingPath: string | null = null;
const listeners = new Set<() => void>();

export function noteRouteChange(pathname: string): void {
  pendingPath = pathname;
  for (const listener of listeners) listener();
}

/** True once per route change: the first heading that asks takes the focus. */
export function takeRouteFocus(pathname: string): boolean {
  if (pendingPath !== pathname) return false;
  pendingPath = null;
  return true;
}

export function onRouteChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
