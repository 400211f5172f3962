import type { EstimateStatus } from '../../domain/estimates';

/** One colour per estimate status, shared by the rows and the charts of the Home page. */
export const STATUS_COLORS: Record<EstimateStatus, string> = {
  0: '#1e88e5', // In Progress: blue
  1: '#f9a825', // Client Proposal Phase: amber
  2: '#2e7d32', // Contract Signed: the theme's green
  3: '#c62828', // Estimate Lost: red
};

export const NO_STATUS_COLOR = '#9e9e9e';

export function statusColor(status: number): string {
  return STATUS_COLORS[status as EstimateStatus] ?? NO_STATUS_COLOR;
}
