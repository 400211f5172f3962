import { countsPhrase, type DeleteImpactPart } from './deleteImpact';

/** The bulk actions of the lists (`POST /api/<route>/bulk {action, ids, …}`). */
export const BULK_ACTIONS = [
  'deleteImpact',
  'delete',
  'archive',
  'unarchive',
  'setStatus',
  'assignService',
  'unassignService',
  'setCustomField',
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Most rows one bulk request may name (a page of 100 selected ten times over). */
export const MAX_BULK_IDS = 1000;

/** The fields the record actions set: archive/unarchive the flag, setStatus the status. */
export const ARCHIVE_FIELD = 'isArchived';
export const STATUS_FIELD = 'status';

/** A row the action left as it was, and why. */
export interface BulkKept {
  id: number;
  /** Its name as the list shows it; null when no such record exists. */
  name: string | null;
  reason: string;
}

/** The answer of a bulk action: the rows it changed and those it kept. */
export interface BulkResult {
  done: number[];
  kept: BulkKept[];
}

/** The answer of the delete preview: what would go with the deletable rows, and the rows kept. */
export interface BulkDeleteImpact extends BulkResult {
  deletes: DeleteImpactPart[];
}

export const NOT_FOUND_REASON = 'not found';

/** Why a row is kept from a delete: 'it has 2 estimates'. */
export function blockedReason(blockedBy: DeleteImpactPart[]): string {
  return `it has ${countsPhrase(blockedBy)}`;
}

/** What each action did, in the result line: '18 deleted'. */
export const BULK_DONE_WORDS: Record<Exclude<BulkAction, 'deleteImpact'>, string> = {
  delete: 'deleted',
  archive: 'archived',
  unarchive: 'unarchived',
  setStatus: 'updated',
  assignService: 'assigned',
  unassignService: 'unassigned',
  setCustomField: 'updated',
};

/** '18 deleted, 2 kept: it has 2 estimates (Acme); not found (#9)'. */
export function bulkResultMessage(action: Exclude<BulkAction, 'deleteImpact'>, result: BulkResult): string {
  const done = `${result.done.length} ${BULK_DONE_WORDS[action]}`;
  if (!result.kept.length) return done;
  return `${done}, ${result.kept.length} kept: ${keptSummary(result.kept)}`;
}

/** The kept rows grouped by reason: 'it has 1 estimate (Acme, Birch Co); not found (#9)'. */
export function keptSummary(kept: BulkKept[]): string {
  const byReason = new Map<string, string[]>();
  for (const row of kept) byReason.set(row.reason, [...(byReason.get(row.reason) ?? []), row.name ?? `#${row.id}`]);
  return [...byReason].map(([reason, names]) => `${reason} (${names.join(', ')})`).join('; ');
}

/**
 * The confirmation of a bulk delete: how many go and what goes with them, then the rows that
 * stay and why. 'Delete 3 customers? Their 4 sites and 2 contacts will be deleted too.
 * 1 will be kept: it has 2 estimates (Acme).'
 */
export function bulkDeleteConfirmation(names: { singular: string; plural: string }, impact: BulkDeleteImpact): string {
  const n = impact.done.length;
  const parts: string[] = [];
  if (n) {
    parts.push(`Delete ${n} ${n === 1 ? names.singular : names.plural}?`);
    const along = countsPhrase(impact.deletes);
    if (along) parts.push(`${n === 1 ? 'Its' : 'Their'} ${along} will be deleted too.`);
  } else {
    parts.push(`None of the selected ${names.plural} can be deleted.`);
  }
  if (impact.kept.length) parts.push(`${impact.kept.length} will be kept: ${keptSummary(impact.kept)}.`);
  return parts.join(' ');
}
