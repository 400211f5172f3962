import { and, asc, eq } from 'drizzle-orm';
import { compareRevisions, type RevisionComparison, type RevisionSnapshot } from '../../src/domain/revisions';
import type { Db } from '../db/connection';
import { proposals } from '../db/tables/proposals';
import { estimateRevisions } from '../db/tables/revisions';
import { notFound } from '../errors';
import { estimateRevisionRow, liveSnapshot } from './revisions';

export const REVISION_NOT_FOUND = 'Revision not found.';

/** One line of the History panel. */
export interface RevisionSummary {
  revision: number;
  frozenAt: string | null;
  frozenBy: string | null;
  subtotal: number;
  total: number;
  proposalIDs: number[];
}

/** One revision with its snapshot; `current` for the estimate's current one (live until frozen). */
export interface RevisionDetail {
  revision: number;
  frozenAt: string | null;
  frozenBy: string | null;
  current: boolean;
  snapshot: RevisionSnapshot;
}

const frozenByName = (name: string) => (name.trim() ? name : null);

/**
 * GET /api/estimates/:id/revisions: the frozen revisions in order with the proposals sent of
 * each, and the current one last while it is not frozen (its figures live).
 */
export async function listRevisions(db: Db, estimateID: number): Promise<{ revisions: RevisionSummary[] }> {
  const { revision: current } = await estimateRevisionRow(db, estimateID);
  const [frozen, sent] = await Promise.all([
    db
      .select({
        revision: estimateRevisions.revision,
        frozenAt: estimateRevisions.frozenAt,
        frozenByName: estimateRevisions.frozenByName,
        subtotal: estimateRevisions.subtotal,
        total: estimateRevisions.total,
      })
      .from(estimateRevisions)
      .where(eq(estimateRevisions.estimateID, estimateID))
      .orderBy(asc(estimateRevisions.revision)),
    db
      .select({ id: proposals.id, revision: proposals.revision })
      .from(proposals)
      .where(eq(proposals.estimateID, estimateID))
      .orderBy(asc(proposals.id)),
  ]);
  const proposalIDs = (revision: number) => sent.filter((row) => row.revision === revision).map((row) => row.id);
  const revisions: RevisionSummary[] = frozen.map((row) => ({
    revision: row.revision,
    frozenAt: row.frozenAt.toISOString(),
    frozenBy: frozenByName(row.frozenByName),
    subtotal: Number(row.subtotal),
    total: Number(row.total),
    proposalIDs: proposalIDs(row.revision),
  }));
  if (!frozen.some((row) => row.revision === current)) {
    const { pricing } = await liveSnapshot(db, estimateID);
    revisions.push({
      revision: current,
      frozenAt: null,
      frozenBy: null,
      subtotal: pricing.subtotal,
      total: pricing.total,
      proposalIDs: [],
    });
  }
  return { revisions };
}

/** A revision of the estimate: the stored snapshot once frozen, the live estimate while current and not. 404 for any other. */
export async function revisionDetail(db: Db, estimateID: number, revision: number): Promise<RevisionDetail> {
  const { revision: current } = await estimateRevisionRow(db, estimateID);
  const [row] = await db
    .select({ frozenAt: estimateRevisions.frozenAt, frozenByName: estimateRevisions.frozenByName, snapshot: estimateRevisions.snapshot })
    .from(estimateRevisions)
    .where(and(eq(estimateRevisions.estimateID, estimateID), eq(estimateRevisions.revision, revision)));
  if (row) {
    return {
      revision,
      frozenAt: row.frozenAt.toISOString(),
      frozenBy: frozenByName(row.frozenByName),
      current: revision === current,
      snapshot: row.snapshot,
    };
  }
  if (revision !== current) throw notFound(REVISION_NOT_FOUND);
  return { revision, frozenAt: null, frozenBy: null, current: true, snapshot: await liveSnapshot(db, estimateID) };
}

/** GET /api/estimates/:id/revisions/compare?from=&to=: src/domain/revisions.ts compareRevisions of the two. */
export async function compareEstimateRevisions(db: Db, estimateID: number, from: number, to: number): Promise<RevisionComparison> {
  const before = await revisionDetail(db, estimateID, from);
  const after = from === to ? before : await revisionDetail(db, estimateID, to);
  return { from, to, ...compareRevisions(before.snapshot, after.snapshot) };
}
