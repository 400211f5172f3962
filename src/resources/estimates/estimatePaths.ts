import type { Identifier } from 'react-admin';
import { estimates } from '../../schema';

/**
 * The estimate detail's routes (SPEC §2): one page, opened at the top or scrolled to its work
 * areas or notes.
 */
export const ESTIMATE_PANELS = ['detail', 'workAreas', 'notes'] as const;
export type EstimatePanel = (typeof ESTIMATE_PANELS)[number];

export function isEstimatePanel(value: unknown): value is EstimatePanel {
  return ESTIMATE_PANELS.includes(value as EstimatePanel);
}

/** `/estimates/{id}/detail` (or `/workAreas`, `/notes`). */
export function estimatePath(id: Identifier, panel: EstimatePanel = 'detail'): string {
  return `/${estimates.route}/${encodeURIComponent(String(id))}/${panel}`;
}

/** What every path of one estimate's page starts with: moving between its panels stays on the page. */
export function estimatePathPrefix(id: Identifier): string {
  return `/${estimates.route}/${encodeURIComponent(String(id))}/`;
}
