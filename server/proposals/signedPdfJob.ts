import { and, eq, isNull } from 'drizzle-orm';
import type { ProposalType } from '../../src/domain/printing';
import { failMailWaitingForSignedPdf, releaseSignedPdfMail } from '../mail/outbox';
import { proposals } from '../db/tables/proposals';
import { defineJobKind, JobFailure } from '../jobs/kinds';
import { JOB_KINDS } from '../../src/domain/jobs';
import { snapshotData, type ProposalSnapshot } from './snapshot';
import { sha256 } from './tokens';

export interface SignedPdfPayload {
  proposalID: number;
  /** Whose share of the worker threads the render takes: the client address that signed. */
  owner: string;
}

/** How long a client's acceptance waits for its signed PDF before answering anyway. */
export const SIGNED_PDF_WAIT_MS = 15_000;

/** The signed copy's mail (and the office's notice with it) cannot go: why, on the proposal. */
export const signedPdfFailed = (error: string) => `The signed PDF could not be made: ${error}`;

/**
 * The signed PDF of an accepted proposal (issue 36): the acceptance page followed by the pages
 * that were sent, made after the acceptance committed — no lock is held while it renders.
 * Made from what the acceptance stored, so running it again makes the same document; once it
 * is stored the mails waiting for it are due.
 */
export const signedPdfJob = defineJobKind<SignedPdfPayload, { signedPdfSha256: string }>({
  kind: JOB_KINDS.signedProposalPdf,
  async run({ proposalID, owner }, { db, services }) {
    const [row] = await db.select().from(proposals).where(eq(proposals.id, proposalID));
    if (!row) throw new JobFailure('The proposal no longer exists.');
    if (row.signedPdfSha256) return { signedPdfSha256: row.signedPdfSha256 };
    if (row.status !== 'accepted' || !row.respondedAt || !row.signerName) throw new JobFailure('The proposal has not been accepted.');
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
    await releaseSignedPdfMail(db, proposalID);
    return { signedPdfSha256 };
  },
  async failed({ proposalID }, error, db) {
    const why = signedPdfFailed(error);
    await failMailWaitingForSignedPdf(db, proposalID, why);
    await db.update(proposals).set({ deliveryError: why }).where(eq(proposals.id, proposalID));
  },
});
