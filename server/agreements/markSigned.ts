import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ActionBody } from '../../src/schema/actions/defineAction';
import { signedOnPaperMessages, type markEstimateSigned } from '../../src/schema/actions/agreements';
import type { Db } from '../db/connection';
import { agreements } from '../db/entityTables';
import { estimateRevisions } from '../db/tables/revisions';
import { proposals } from '../db/tables/proposals';
import type { PublicUser } from '../auth/users';
import { conflict, formInvalid } from '../errors';
import { applyAcceptance } from '../estimates/acceptance';
import { lockEstimate } from '../estimates/locks';
import { freezeCurrentRevision } from '../estimates/revisions';
import { createAgreement } from './createAgreement';

type PaperSignature = ActionBody<typeof markEstimateSigned>;

/**
 * POST /api/estimates/:id/markSigned (issue 40): a paper signature does what an online one
 * does — the current revision frozen, its open proposal (if any) accepted by the signer, the
 * estimate Contract Signed with the signed areas included — and makes the agreement.
 */
export async function markSignedOnPaper(
  db: Db,
  estimateID: number,
  body: PaperSignature,
  user: PublicUser,
  now: number,
): Promise<{ id: number }> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await lockEstimate(tx, estimateID);
    const revision = await freezeCurrentRevision(tx, estimateID, { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() });
    const [made] = await tx
      .select({ id: agreements.id })
      .from(agreements)
      .where(and(eq(agreements.estimateID, estimateID), eq(agreements.revision, revision), sql`${agreements.status} <> 'cancelled'`));
    if (made) throw conflict(signedOnPaperMessages.alreadySigned);
    const [frozen] = await tx
      .select({ snapshot: estimateRevisions.snapshot })
      .from(estimateRevisions)
      .where(and(eq(estimateRevisions.estimateID, estimateID), eq(estimateRevisions.revision, revision)));
    const areaIDs = frozen.snapshot.areas.map((area) => area.id);
    const included = frozen.snapshot.areas.filter((area) => area.isIncluded).map((area) => area.id);
    const accepted = body.acceptedWorkAreaIDs ?? included;
    if (accepted.some((id) => !areaIDs.includes(id))) throw formInvalid({ acceptedWorkAreaIDs: signedOnPaperMessages.areas });
    if (!accepted.length) throw formInvalid({ acceptedWorkAreaIDs: signedOnPaperMessages.noAreas });
    const [open] = await tx
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.estimateID, estimateID), eq(proposals.revision, revision), inArray(proposals.status, ['sent', 'viewed'])))
      .orderBy(desc(proposals.sentAt))
      .limit(1);
    if (open) {
      await tx
        .update(proposals)
        .set({
          status: 'accepted',
          respondedAt: new Date(now),
          signerName: body.signerName,
          acceptedWorkAreaIDs: accepted,
          responseMessage: `Signed on paper on ${body.signedOn}; recorded by ${`${user.firstName} ${user.lastName}`.trim()}.`,
          updatedAt: sql`now()`,
          version: sql`${proposals.version} + 1`,
        })
        .where(eq(proposals.id, open.id));
    }
    await applyAcceptance(tx, estimateID, accepted);
    const id = await createAgreement(tx, {
      estimateID,
      revision,
      proposalID: open?.id ?? null,
      acceptedWorkAreaIDs: accepted,
      signedOn: body.signedOn,
    });
    return { id };
  });
}
