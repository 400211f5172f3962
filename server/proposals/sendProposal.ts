import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { ESTIMATE_STATUS } from '../../src/domain/estimates';
import type { ProposalToSend } from '../../src/schema/actions/proposals';
import type { PublicUser } from '../auth/users';
import * as tables from '../db/entityTables';
import { proposals } from '../db/tables/proposals';
import { userOwner } from '../work/heavyWork';
import { HttpError, conflict, formInvalid } from '../errors';
import { lockEstimate } from '../estimates/locks';
import { freezeCurrentRevision } from '../estimates/revisions';
import { resolveMail } from '../mail/mailSettings';
import { enqueueMail } from '../mail/outbox';
import { seal } from '../mail/secretBox';
import { companyEmail, replyAddress } from '../company/replyTo';
import type { ProposalContext } from './context';
import { proposalMail } from './proposalMail';
import { snapshotData, takeSnapshot, type ProposalSnapshot } from './snapshot';
import { hashToken, newProposalToken, proposalLink, sha256 } from './tokens';

export interface SentProposal {
  id: number;
  link: string;
  mailConfigured: boolean;
}

/** The office's address (notices go there): the company's email when it has one. */
export async function officeAddress(ctx: ProposalContext): Promise<string | null> {
  return companyEmail(ctx.db);
}

/** Renders tried before giving up when the estimate keeps changing while its PDF is made. */
const SEND_TRIES = 3;
export const CHANGED_WHILE_SENDING = 'The estimate changed while its proposal was being prepared. Review it and send again.';

async function snapshotOf(db: ProposalContext['db'], estimateID: number, request: ProposalToSend) {
  try {
    return await takeSnapshot(db, estimateID, request.tcIDs, request.printType, request.approval);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) throw formInvalid({ tcIDs: error.message });
    throw error;
  }
}

/**
 * POST /api/estimates/:id/proposals (issue 22), its body checked by its declaration
 * (src/schema/actions/proposals.ts). The snapshot is taken and its PDF rendered
 * (on a worker thread) outside any transaction, so that nobody's edits or lists wait for the
 * render (issue 36). Then, in one short transaction under the estimate's lock, the snapshot
 * is taken again: when the estimate changed meanwhile the PDF is made again (up to SEND_TRIES
 * times, then 409); otherwise the current revision is frozen (issue 23; kept as it is when
 * already frozen), the proposal stored with its PDF and SHA-256, the earlier open proposals
 * withdrawn as superseded, the estimate moved to Client Proposal Phase when In Progress, and
 * the mail queued (when mail is set up). Nothing is written before the PDF exists, so a
 * document refused (422, 429) leaves nothing behind. The link's token is returned here and
 * kept only as a hash and sealed.
 */
export async function sendProposal(
  ctx: ProposalContext,
  estimateID: number,
  request: ProposalToSend,
  user: PublicUser,
  linkBase: string,
): Promise<SentProposal> {
  const mail = await resolveMail(ctx.db, ctx.secret, ctx.mail);
  const replyTo = await replyAddress(ctx.db, estimateID);
  const token = newProposalToken();
  const link = proposalLink(linkBase, token);
  for (let tries = 1; ; tries++) {
    const draft = await snapshotOf(ctx.db, estimateID, request);
    const pdf = await ctx.heavyWork.proposalPdf(userOwner(user), snapshotData(draft), {
      type: request.printType,
      approval: request.approval,
    });
    const id = await storeProposal(ctx, { estimateID, draft, pdf, request, user, token, mail: mail ? { link, replyTo } : null });
    if (id !== undefined) {
      if (mail) ctx.kick();
      return { id, link, mailConfigured: Boolean(mail) };
    }
    if (tries === SEND_TRIES) throw conflict(CHANGED_WHILE_SENDING);
  }
}

interface ProposalToStore {
  estimateID: number;
  /** The snapshot the PDF was made from. */
  draft: ProposalSnapshot;
  pdf: Buffer;
  request: ProposalToSend;
  user: PublicUser;
  token: string;
  mail: { link: string; replyTo: string | null } | null;
}

/** The send's one short transaction; undefined when the estimate no longer matches the PDF. */
async function storeProposal(ctx: ProposalContext, { estimateID, draft, pdf, request, user, token, mail }: ProposalToStore) {
  return ctx.db.transaction(async (tx) => {
    await lockEstimate(tx, estimateID);
    const snapshot = await snapshotOf(tx, estimateID, request);
    if (!isDeepStrictEqual(snapshot, draft)) return undefined;
    const sentByName = `${user.firstName} ${user.lastName}`.trim();
    const revision = await freezeCurrentRevision(tx, estimateID, { id: user.id, name: sentByName });
    await tx
      .update(proposals)
      .set({ status: 'withdrawn', withdrawnReason: 'superseded', updatedAt: sql`now()`, version: sql`${proposals.version} + 1` })
      .where(and(eq(proposals.estimateID, estimateID), inArray(proposals.status, ['sent', 'viewed'])));
    const [row] = await tx
      .insert(proposals)
      .values({
        estimateID,
        revision,
        tokenHash: hashToken(token),
        tokenSealed: seal(ctx.secret, 'proposal-token', token),
        sentAt: new Date(ctx.now()),
        sentBy: user.id,
        sentByName,
        to: request.to,
        cc: request.cc,
        subject: request.subject,
        message: request.message,
        printType: request.printType,
        approval: request.approval,
        tcIDs: request.tcIDs,
        validUntil: request.validUntil,
        snapshot,
        pdf,
        pdfSha256: sha256(pdf),
      })
      .returning({ id: proposals.id });
    const estimates = tables.estimates;
    await tx
      .update(estimates)
      .set({ status: ESTIMATE_STATUS.proposalPhase, version: sql`${estimates.version} + 1`, updatedAt: sql`now()`, updatedBy: user.id })
      .where(and(eq(estimates.id, estimateID), eq(estimates.status, ESTIMATE_STATUS.inProgress)));
    if (mail) {
      await enqueueMail(
        tx,
        proposalMail({
          proposalID: row.id,
          snapshot,
          revision,
          to: request.to,
          cc: request.cc,
          replyTo: mail.replyTo,
          subject: request.subject,
          message: request.message,
          link: mail.link,
          validUntil: request.validUntil,
        }),
      );
    }
    return row.id;
  });
}
