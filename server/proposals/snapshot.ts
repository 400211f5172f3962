import type { Db } from '../db/connection';
import type { ProposalData } from '../documents/documentData';
import { loadProposalData } from '../estimates/loadDocumentData';
import type { ProposalType } from '../../src/domain/printing';

/**
 * What a sent proposal froze (issue 22): everything its PDF, the client's page and the signed
 * PDF are made from — letterhead, customer, site, salesperson, the included work areas (with
 * their ids, notes, taxes and subtotals), the discount and the chosen terms — and how it was
 * printed. Stored as JSON; later edits to the estimate never reach it.
 */
export interface ProposalSnapshot {
  version: 1;
  printType: ProposalType;
  approval: boolean;
  /** ProposalData with the estimate's creation time as an ISO string. */
  data: Omit<ProposalData, 'estimate'> & { estimate: Omit<ProposalData['estimate'], 'createdAt'> & { createdAt: string } };
}

export async function takeSnapshot(
  db: Db,
  estimateID: number,
  termIDs: readonly number[],
  printType: ProposalType,
  approval: boolean,
): Promise<ProposalSnapshot> {
  const data = await loadProposalData(db, estimateID, termIDs);
  return {
    version: 1,
    printType,
    approval,
    data: { ...data, estimate: { ...data.estimate, createdAt: data.estimate.createdAt.toISOString() } },
  };
}

/** The snapshot as the document builders take it. */
export function snapshotData(snapshot: ProposalSnapshot): ProposalData {
  const { estimate } = snapshot.data;
  return { ...snapshot.data, estimate: { ...estimate, revision: snapshotRevision(snapshot), createdAt: new Date(estimate.createdAt) } };
}

/** The estimate revision a proposal froze: 1 for proposals sent before revisions existed (their snapshots lack it). */
export function snapshotRevision(snapshot: ProposalSnapshot): number {
  return snapshot.data.estimate.revision ?? 1;
}

/** The ids of the work areas the proposal was sent with, in order. */
export function snapshotAreaIDs(snapshot: ProposalSnapshot): number[] {
  return snapshot.data.areas.map((area) => area.id).filter((id): id is number => typeof id === 'number');
}
