import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import type { ProposalType } from '../../src/domain/printing';
import { failMailWaitingForPdf, releasePdfMail } from '../mail/outbox';
import { proposals } from '../db/tables/proposals';
import { defineJobKind, JobFailure, JobRetry, UNTIL_RELEASED } from '../jobs/kinds';
import { proposalPdfJob } from './proposalPdfJob';
import { jobs } from '../db/tables/jobs';
import { JOB_KINDS } from '../../src/domain/jobs';
import { snapshotData, type ProposalSnapshot } from './snapshot';
import { sha256 } from './tokens';

/** When an acceptance's signed PDF job runs: now, or once the PDF as sent is made (proposalPdfJob releases it). */
export const signedPdfRunAt = (sentPdfMade: boolean, now: number) => (sentPdfMade ? now : UNTIL_RELEASED);

export interface SignedPdfPayload {
  proposalID: number;
  /** Whose share of the worker threads the render takes: the client address that signed. */
  owner: string;
}

/** The signed copy's mail (and the office's notice with it) cannot go: why, on the proposal. */
export const signedPdfFailed = (error: string) => `The signed PDF could not be made: ${error}`;

/** Whether the job that makes the proposal's PDF as sent has failed for good. */
async function sentPdfFailed(db: Db, proposalID: number): Promise<boolean> {
  const failed = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, proposalPdfJob.kind), eq(jobs.status, 'failed'), sql`(${jobs.payload}->>'proposalID')::int = ${proposalID}`));
  return failed.length > 0;
}

/**
 * The signed PDF of an accepted proposal (issue 36): the acceptance page followed by the pages
 * that were sent, made after the acceptance committed — no lock is held while it renders.
 * Made from what the acceptance stored, so running it again makes the same document; once it
 * is stored the mails waiting for it are due.
 */
export const signedPdfJob = defineJobKind<SignedPdfPayload, { signedPdfSha256: string }>({
  kind: JOB_KINDS.signedProposalPdf,
  async run({ proposalID, owner }, { db, services }) {
    const [row] = await services.readInTurn(() => db.select().from(proposals).where(eq(proposals.id, proposalID)));
    if (!row) throw new JobFailure('The proposal no longer exists.');
    if (row.signedPdfSha256) return { signedPdfSha256: row.signedPdfSha256 };
    if (row.status !== 'accepted' || !row.respondedAt || !row.signerName) throw new JobFailure('The proposal has not been accepted.');
    // Its pages are those of the PDF as sent, which a job of its own makes after the send.
    if (!row.pdf || !row.pdfSha256) {
      if (await sentPdfFailed(db, proposalID)) throw new JobFailure('The PDF as sent could not be made.');
      throw new JobRetry('Waiting for the PDF as sent.', UNTIL_RELEASED);
    }
    const signedPdf = await services.heavyWork.signedProposalPdf(
      owner,
      snapshotData(row.snapshot as ProposalSnapshot),
      {
        proposalID: row.id,
        printType: row.printType as ProposalType,
        acceptedWorkAreaIDs: row.acceptedWorkAreaIDs ?? [],
        signerName: row.signerName,
        signatureImage: row.signature,
        typedSignature: row.signatureTyped,
        signedAt: row.respondedAt,
        sentPdfSha256: row.pdfSha256,
      },
      row.pdf,
    );
    const signedPdfSha256 = sha256(signedPdf);
    await db
      .update(proposals)
      .set({ signedPdf, signedPdfSha256 })
      .where(and(eq(proposals.id, proposalID), isNull(proposals.signedPdfSha256)));
    await releasePdfMail(db, proposalID, 'signedPdf');
    return { signedPdfSha256 };
  },
  async failed({ proposalID }, error, db) {
    const why = signedPdfFailed(error);
    await failMailWaitingForPdf(db, proposalID, 'signedPdf', why);
    await db.update(proposals).set({ deliveryError: why }).where(eq(proposals.id, proposalID));
  },
});
