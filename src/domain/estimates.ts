import { choiceLabel, choiceLabelsOf, NOT_AVAILABLE } from './choiceLabels';

/** Estimate statuses (SPEC §4 "Estimate status"): any other value shows as N/A. */
export const ESTIMATE_STATUSES = [
  { id: 0, name: 'In Progress' },
  { id: 1, name: 'Client Proposal Phase' },
  { id: 2, name: 'Contract Signed' },
  { id: 3, name: 'Estimate Lost' },
] as const;

export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number]['id'];

export const ESTIMATE_STATUS_IDS: readonly number[] = ESTIMATE_STATUSES.map((s) => s.id);

const statusNamed = (name: (typeof ESTIMATE_STATUSES)[number]['name']): EstimateStatus =>
  ESTIMATE_STATUSES.find((s) => s.name === name)!.id;

/** The statuses by name for code that sets or tests one (the ids are ESTIMATE_STATUSES'). */
export const ESTIMATE_STATUS = {
  inProgress: statusNamed('In Progress'),
  proposalPhase: statusNamed('Client Proposal Phase'),
  contractSigned: statusNamed('Contract Signed'),
  lost: statusNamed('Estimate Lost'),
} as const;

/** A new estimate starts In Progress. */
export const NEW_ESTIMATE_STATUS: EstimateStatus = ESTIMATE_STATUS.inProgress;

export const STATUS_NOT_AVAILABLE = NOT_AVAILABLE;

/** The statuses' labels, declared on the estimates' status field (src/schema/estimates.ts). */
export const ESTIMATE_STATUS_LABELS = choiceLabelsOf(ESTIMATE_STATUSES);

export function statusLabel(status: unknown): string {
  return choiceLabel(ESTIMATE_STATUS_LABELS, status);
}

/** Discount is a percentage (DESIGN "Pricing rules"). */
export const DISCOUNT_MIN = 0;
export const DISCOUNT_MAX = 100;

/**
 * An estimate's number as people see it (issue 23): `#<number>-R<revision>`, the revision
 * being 1 until a sent proposal froze one and the estimate changed after it.
 */
export function estimateLabel(number: unknown, revision: unknown = 1): string {
  const shown = typeof revision === 'number' && Number.isSafeInteger(revision) && revision >= 1 ? revision : 1;
  return `#${String(number ?? '')}-R${shown}`;
}
