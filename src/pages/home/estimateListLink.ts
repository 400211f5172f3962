import { estimates } from '../../schema';
import type { EstimateInsightList } from '../../domain/insights';
import { PROPOSAL_STAGE_FILTER, type ProposalStage } from '../../domain/pipeline';

const statusKey = estimates.field('status')!.key;
const archivedKey = estimates.field('isArchived')!.key;
const createdAtKey = [...estimates.sortKeys].find(([, field]) => field === 'createdAt')![0];

/**
 * The estimates list showing the estimates a status row counts, in react-admin's list URL
 * (`filter` as JSON, read by the list like any other): Current keeps archived estimates
 * hidden (SPEC §4 "Archive": estimate_is_archived = 0), All Time shows them too. The list
 * cannot filter by date, so Last 30 Days shows the status with the newest first.
 */
export function estimateListLink(list: EstimateInsightList, status: number): string {
  const filter: Record<string, unknown[]> = { [statusKey]: [status] };
  if (list === 'current') filter[archivedKey] = [0];
  const query = new URLSearchParams({ filter: JSON.stringify(filter) });
  if (list === 'last30Days') {
    query.set('sort', createdAtKey);
    query.set('order', 'DESC');
  }
  return `/${estimates.route}?${query.toString()}`;
}

/** The estimates list showing the (not archived) estimates whose newest proposal is in the stage (issue 39, Home's pipeline). */
export function proposalStageLink(stage: ProposalStage): string {
  const filter = { [PROPOSAL_STAGE_FILTER]: [stage], [archivedKey]: [0] };
  return `/${estimates.route}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
}
