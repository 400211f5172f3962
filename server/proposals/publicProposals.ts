import { cleanSignatureOffThread } from './signatureTask';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ESTIMATE_STATUS } from '../../src/domain/estimates';
import { asksForApproval, type ProposalType } from '../../src/domain/printing';
import { isOpenProposal } from '../../src/domain/proposals';
import * as tables from '../db/entityTables';
import { proposals } from '../db/tables/proposals';
import { clientOwner } from '../work/heavyWork';
import { conflict, formInvalid, HttpError } from '../errors';
import { lockEstimate } from '../estimates/locks';
import { applyAcceptance } from '../estimates/acceptance';
import { resolveMail } from '../mail/mailSettings';
import { enqueueMail, type QueuedMail } from '../mail/outbox';
import type { ProposalContext } from './context';
import { lostReasons, officeToday } from '../db/officeSettings';
import { DECLINED_WITHOUT_REASON, findLostReason, LOST_NOTE_MAX, lostReasonMessages } from '../../src/domain/lostReasons';
import { shownStatus } from './officeProposals';
import { signedMail } from './proposalMail';
import { tellOffice } from './tellOffice';
import { replyAddress } from '../company/replyTo';
import { checkSignature } from './signature';
import { snapshotAreaIDs, type ProposalSnapshot } from './snapshot';
import { enqueueJob } from '../jobs/queue';
import { waitForJob } from '../jobs/waitForJob';
import { signedPdfJob, signedPdfRunAt } from './signedPdfJob';
import { createAgreement } from '../agreements/createAgreement';
import { proposalOfToken, type ProposalRow } from './publicView';
import type * as actions from '../../src/schema/actions/publicProposals';
import type { ActionBody } from '../../src/schema/actions/defineAction';

type AcceptBody = ActionBody<typeof actions.acceptProposal>;

export const SUPERSEDED_ANSWER =
  'A newer proposal replaces this one (the estimate was revised or sent again): please use the link in the latest email.';

/**
 * An open proposal (re-read under lock): answered or superseded → 409, expired or withdrawn → 410.
 * An expired one may still be asked to be quoted again (issue 39: `stillAsks`).
 */
function checkAnswerable(row: ProposalRow, todayDate: string, { stillAsks = false } = {}): void {
  const status = shownStatus(row, todayDate);
  if (status === 'expired' && stillAsks) return;
  if (status === 'expired') throw new HttpError(410, `This proposal expired on ${row.validUntil} and can no longer be answered.`);
  // Replaced by a newer proposal or revision of the estimate (issue 23): a conflict with the estimate as it now is.
  if (status === 'withdrawn' && row.withdrawnReason === 'superseded') throw conflict(SUPERSEDED_ANSWER);
  if (status === 'withdrawn') throw new HttpError(410, 'This proposal was withdrawn.');
  if (!isOpenProposal(status)) throw conflict('This proposal has already been answered.');
}

function clientOf(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return {
    clientIp: request.ip.slice(0, 64),
    // eslint-disable-next-line no-control-regex
    clientUserAgent: typeof ua === 'string' ? ua.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 500) : null,
  };
}

/**
 * Runs an answer under the estimate's lock with the proposal re-read FOR UPDATE (a second
 * answer waits, then finds it answered), then the mail it queued is kicked off.
 */
async function answer(
  ctx: ProposalContext,
  row: ProposalRow,
  work: (tx: ProposalContext['db'], locked: ProposalRow) => Promise<QueuedMail[]>,
  options: { stillAsks?: boolean } = {},
): Promise<void> {
  const todayDate = await officeToday(ctx.db, ctx.now());
  checkAnswerable(row, todayDate, options);
  const mail = await resolveMail(ctx.db, ctx.secret, ctx.mail);
  const queued = await ctx.db.transaction(async (tx) => {
    await lockEstimate(tx, row.estimateID);
    const [locked] = await tx.select().from(proposals).where(eq(proposals.id, row.id)).for('update');
    checkAnswerable(locked, todayDate, options);
    const messages = await work(tx, locked);
    if (mail) for (const message of messages) await enqueueMail(tx, message);
    return mail ? messages.length : 0;
  });
  if (queued) ctx.kick();
}

/** Stores the client's answer on the locked proposal: its status and what came with it, when, from where. */
async function recordAnswer(
  tx: ProposalContext['db'],
  locked: ProposalRow,
  answered: Partial<ProposalRow> & { status: ProposalRow['status'] },
  ctx: ProposalContext,
  request: FastifyRequest,
): Promise<void> {
  await tx
    .update(proposals)
    .set({
      respondedAt: new Date(ctx.now()),
      ...answered,
      ...clientOf(request),
      updatedAt: sql`now()`,
      version: sql`${proposals.version} + 1`,
    })
    .where(eq(proposals.id, locked.id));
}

/** A drawn signature whose header passed, as it will be kept: a 400 on the signature field if it cannot be decoded. */
async function cleanDrawnSignature(ctx: ProposalContext, request: FastifyRequest, png: Buffer): Promise<string> {
  const clean = await cleanSignatureOffThread(ctx.heavyWork, clientOwner(request), png);
  if ('problem' in clean) throw formInvalid({ signature: clean.problem });
  return clean.image;
}

/**
 * POST /api/public/proposals/:token/accept (issue 22). Everything is checked before anything is
 * written (400 naming each field). Then, in one transaction under the estimate's lock: the
 * proposal accepted with the signer, the cleaned signature, the areas, time, address and user
 * agent; the signed PDF made from the snapshot and its SHA-256; the estimate's areas included
 * exactly as accepted, its subtotal recomputed and its status Contract Signed (server/estimates/acceptance.ts);
 * the season's agreement made from the signed revision (issue 40); the signed PDF
 * queued to the client and a notice to the office.
 */
export async function acceptProposal(ctx: ProposalContext, token: string, body: AcceptBody, request: FastifyRequest): Promise<void> {
  const row = await proposalOfToken(ctx, token);
  const snapshot = row.snapshot as ProposalSnapshot;
  const areaIDs = snapshotAreaIDs(snapshot);
  const { acceptedWorkAreaIDs: chosen, signerName, signature } = body;
  const errors: Record<string, string> = {};
  let accepted: number[] = [];
  if (chosen.length > areaIDs.length || new Set(chosen).size !== chosen.length || chosen.some((id) => !areaIDs.includes(id))) {
    errors.acceptedWorkAreaIDs = 'Only the work areas of this proposal can be accepted, each once.';
  } else if (!chosen.length && areaIDs.length) {
    errors.acceptedWorkAreaIDs = 'Choose at least one work area to accept.';
  } else {
    const selectable = asksForApproval(row.printType as ProposalType) && row.approval;
    if (!selectable && chosen.length !== areaIDs.length)
      errors.acceptedWorkAreaIDs = 'This proposal is accepted as a whole: every work area.';
    accepted = areaIDs.filter((id) => chosen.includes(id));
  }
  let drawnSignature: Buffer | null = null;
  const typedSignature = 'typed' in signature ? signature.typed : null;
  if ('drawn' in signature) {
    const checked = checkSignature(signature.drawn);
    if ('problem' in checked) errors.signature = checked.problem;
    else drawnSignature = checked.png;
  }
  if (Object.keys(errors).length) throw formInvalid(errors);
  // A proposal that can no longer be answered is refused before any decoding. The signature is
  // decoded on a worker under the client address's share, before the transaction: no lock is
  // held while it waits.
  checkAnswerable(row, await officeToday(ctx.db, ctx.now()));
  const signatureImage = drawnSignature ? await cleanDrawnSignature(ctx, request, drawnSignature) : null;

  const signedAt = new Date(ctx.now());
  const replyTo = await replyAddress(ctx.db, row.estimateID);
  let signedPdfJobID: number | undefined;
  await answer(ctx, row, async (tx, locked) => {
    await recordAnswer(
      tx,
      locked,
      {
        status: 'accepted',
        respondedAt: signedAt,
        signerName,
        signature: signatureImage,
        signatureTyped: typedSignature,
        acceptedWorkAreaIDs: accepted,
      },
      ctx,
      request,
    );
    // The signed PDF is made after this transaction, its mails waiting for it.
    signedPdfJobID = await enqueueJob(
      tx,
      {
        kind: signedPdfJob.kind,
        payload: { proposalID: locked.id, owner: clientOwner(request) },
        runAt: signedPdfRunAt(locked.pdfSha256 !== null, ctx.now()),
      },
      ctx.now(),
    );
    await applyAcceptance(tx, locked.estimateID, accepted);
    // Issue 40: what is signed becomes the season's agreement, from the signed revision.
    await createAgreement(tx, {
      estimateID: locked.estimateID,
      revision: locked.revision,
      proposalID: locked.id,
      acceptedWorkAreaIDs: accepted,
      signedOn: await officeToday(tx, signedAt.getTime()),
    });
    return [
      signedMail({
        proposalID: locked.id,
        snapshot,
        revision: locked.revision,
        to: locked.to,
        cc: locked.cc,
        replyTo,
        signerName,
        validUntil: locked.validUntil,
      }),
      ...(await tellOffice(tx, locked, 'accepted', null, true)),
    ];
  });
  // A small document is ready before the client's page hears back; a large one follows.
  ctx.kickJobs();
  if (signedPdfJobID !== undefined) await waitForJob(ctx.db, signedPdfJobID, ctx.documentWaitMs);
}

/**
 * POST /api/public/proposals/:token/decline {lostReason?, reason?}. The chosen reason must be one
 * the page offers (400 naming `lostReason`). When no other proposal of the estimate is open, the
 * estimate becomes Estimate Lost with that reason (none chosen: DECLINED_WITHOUT_REASON) and the
 * client's text as its note.
 */
export async function declineProposal(
  ctx: ProposalContext,
  token: string,
  { lostReason: chosen = null, reason = null }: ActionBody<typeof actions.declineProposal>,
  request: FastifyRequest,
): Promise<void> {
  const row = await proposalOfToken(ctx, token);
  const offered = (await lostReasons(ctx.db)).reasons.filter((listed) => !listed.officeOnly);
  const lostReason = chosen === null ? null : findLostReason(offered, chosen)?.name;
  if (lostReason === undefined) throw formInvalid({ lostReason: lostReasonMessages.notOffered });
  const message = lostReason ? [`Reason: ${lostReason}`, reason].filter(Boolean).join('\n\n') : reason;
  await answer(ctx, row, async (tx, locked) => {
    await recordAnswer(tx, locked, { status: 'declined', responseMessage: message }, ctx, request);
    const [otherOpen] = await tx
      .select({ id: proposals.id })
      .from(proposals)
      .where(and(eq(proposals.estimateID, locked.estimateID), ne(proposals.id, locked.id), inArray(proposals.status, ['sent', 'viewed'])))
      .limit(1);
    if (!otherOpen) {
      const estimates = tables.estimates;
      await tx
        .update(estimates)
        .set({
          status: ESTIMATE_STATUS.lost,
          lostReason: lostReason ?? DECLINED_WITHOUT_REASON,
          lostNote: reason && reason.length > LOST_NOTE_MAX ? `${reason.slice(0, LOST_NOTE_MAX - 1)}…` : reason,
          version: sql`${estimates.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(estimates.id, locked.estimateID), ne(estimates.status, ESTIMATE_STATUS.lost)));
    }
    return tellOffice(tx, locked, 'declined', message);
  });
}

/** POST /api/public/proposals/:token/requestChanges {message}. */
export async function requestChanges(
  ctx: ProposalContext,
  token: string,
  { message }: ActionBody<typeof actions.requestProposalChanges>,
  request: FastifyRequest,
): Promise<void> {
  const row = await proposalOfToken(ctx, token);
  // Past its last day too: the client's page offers to ask the office for a new one (issue 39).
  await answer(
    ctx,
    row,
    async (tx, locked) => {
      await recordAnswer(tx, locked, { status: 'changesRequested', responseMessage: message }, ctx, request);
      return tellOffice(tx, locked, 'changesRequested', message);
    },
    { stillAsks: true },
  );
}
