import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { jobs } from '../db/tables/jobs';
import type { ProposalType } from '../../src/domain/printing';
import { JOB_KINDS } from '../../src/domain/jobs';
import { proposals } from '../db/tables/proposals';
import { defineJobKind, JobFailure } from '../jobs/kinds';
import { failMailWaitingForPdf, releasePdfMail } from '../mail/outbox';
import { planDrawer, withPrintImages } from '../photos/printedPhotos';
import { snapshotData, type ProposalSnapshot } from './snapshot';
import { sha256 } from './tokens';

export interface ProposalPdfPayload {
  proposalID: number;
  /** Whose share of the worker threads the render takes: the user who sent it. */
  owner: string;
}

/** The proposal's mail cannot go without its PDF: why, on the proposal. */
export const proposalPdfFailed = (error: string) => `The PDF could not be made: ${error}`;

/** The signed PDF of a client who accepted before the PDF as sent was made: its job is due. */
async function releaseSignedPdf(db: Db, proposalID: number): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: new Date(0) })
    .where(
      and(
        eq(jobs.kind, JOB_KINDS.signedProposalPdf),
        eq(jobs.status, 'queued'),
        sql`(${jobs.payload}->>'proposalID')::int = ${proposalID}`,
      ),
    );
}

/**
 * The PDF as sent (issue 36): rendered from the snapshot the send froze, after the send
 * committed, so that no lock is held while it renders. Running it again makes the same
 * document; once it is stored, the proposal's mail (which waited for it) is due.
 */
export const proposalPdfJob = defineJobKind<ProposalPdfPayload, { pdfSha256: string }>({
  kind: JOB_KINDS.proposalPdf,
  async run({ proposalID, owner }, { db, services }) {
    const [row] = await services.readInTurn(() =>
      db
        .select({
          snapshot: proposals.snapshot,
          printType: proposals.printType,
          approval: proposals.approval,
          pdfSha256: proposals.pdfSha256,
        })
        .from(proposals)
        .where(eq(proposals.id, proposalID)),
    );
    if (!row) throw new JobFailure('The proposal no longer exists.');
    if (row.pdfSha256) return { pdfSha256: row.pdfSha256 };
    const data = () => withPrintImages(db, snapshotData(row.snapshot as ProposalSnapshot), planDrawer(db, services.heavyWork, owner));
    const pdf = await services.heavyWork.proposalPdf(owner, data, {
      type: row.printType as ProposalType,
      approval: row.approval,
    });
    const pdfSha256 = sha256(pdf);
    await db
      .update(proposals)
      .set({ pdf, pdfSha256 })
      .where(and(eq(proposals.id, proposalID), isNull(proposals.pdfSha256)));
    await releasePdfMail(db, proposalID, 'proposalPdf');
    await releaseSignedPdf(db, proposalID);
    return { pdfSha256 };
  },
  async failed({ proposalID }, error, db) {
    const why = proposalPdfFailed(error);
    await failMailWaitingForPdf(db, proposalID, 'proposalPdf', why);
    await db.update(proposals).set({ deliveryError: why }).where(eq(proposals.id, proposalID));
    // A client who signed meanwhile: its signed PDF, made of these pages, fails in turn and says so.
    await releaseSignedPdf(db, proposalID);
  },
});
