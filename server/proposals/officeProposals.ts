import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  isOpenProposal,
  PDF_NOT_MADE,
  PDF_PENDING,
  SIGNED_PDF_PENDING,
  type PdfStatus,
  type ProposalStatus,
  type SignedPdfStatus,
} from '../../src/domain/proposals';
import { estimateLabel } from '../../src/domain/estimates';
import { estimates as estimateEntity } from '../../src/schema';
import * as tables from '../db/entityTables';
import { mailOutbox } from '../db/tables/mail';
import { proposals } from '../db/tables/proposals';
import { jobs } from '../db/tables/jobs';
import { signedPdfJob } from './signedPdfJob';
import { proposalPdfJob } from './proposalPdfJob';
import { conflict, notFound, notFoundMessage } from '../errors';
import { MAIL_NOT_CONFIGURED, resolveMail } from '../mail/mailSettings';
import { enqueueMail } from '../mail/outbox';
import { unseal } from '../mail/secretBox';
import type { ProposalContext } from './context';
import { addDays, calendarDateIn, daysBetween } from '../../src/domain/officeDate';
import { followUpSettings, officeTimeZone } from '../db/officeSettings';
import { nextReminder } from '../../src/domain/followUps';
import { reminderColumns, reminderSubject } from './reminderState';
import { proposalMail } from './proposalMail';
import { replyAddress } from '../company/replyTo';
import type { ProposalSnapshot } from './snapshot';
import { proposalLink } from './tokens';

export const PROPOSAL_NOT_FOUND = 'Proposal not found.';
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'notConfigured';

type ProposalRow = typeof proposals.$inferSelect;

/** The status as shown: an open proposal past its last day is expired. */
export function shownStatus(row: Pick<ProposalRow, 'status' | 'validUntil'>, todayDate: string): ProposalStatus {
  const status = row.status as ProposalStatus;
  return isOpenProposal(status) && row.validUntil < todayDate ? 'expired' : status;
}

/** Every column but the large ones (snapshot, PDFs, signature). */
const summaryColumns = {
  id: proposals.id,
  estimateID: proposals.estimateID,
  revision: proposals.revision,
  tokenSealed: proposals.tokenSealed,
  sentAt: proposals.sentAt,
  sentBy: proposals.sentBy,
  sentByName: proposals.sentByName,
  to: proposals.to,
  cc: proposals.cc,
  subject: proposals.subject,
  printType: proposals.printType,
  approval: proposals.approval,
  validUntil: proposals.validUntil,
  status: proposals.status,
  withdrawnReason: proposals.withdrawnReason,
  viewedAt: proposals.viewedAt,
  viewCount: proposals.viewCount,
  respondedAt: proposals.respondedAt,
  deliveryError: proposals.deliveryError,
  pdfSha256: proposals.pdfSha256,
  signedPdfSha256: proposals.signedPdfSha256,
  signerName: proposals.signerName,
  responseMessage: proposals.responseMessage,
  acceptedWorkAreaIDs: proposals.acceptedWorkAreaIDs,
  remindersFrom: reminderColumns.remindersFrom,
  remindersPaused: reminderColumns.remindersPaused,
  reminders: reminderColumns.reminders,
};

/** GET /api/estimates/:id/proposals: newest first, with their delivery and the link to copy. */
export async function listProposals(ctx: ProposalContext, estimateID: number, linkBase: string) {
  const estimates = tables.estimates;
  const [estimate] = await ctx.db.select({ id: estimates.id }).from(estimates).where(eq(estimates.id, estimateID));
  if (!estimate) throw notFound(notFoundMessage(estimateEntity));
  const rows = await ctx.db
    .select(summaryColumns)
    .from(proposals)
    .where(eq(proposals.estimateID, estimateID))
    .orderBy(desc(proposals.sentAt), desc(proposals.id));
  const deliveries = new Map<
    number,
    { status: DeliveryStatus; sentAt: Date | null; lastError: string | null; nextAttemptAt: Date | null }
  >();
  if (rows.length) {
    const mails = await ctx.db
      .select({
        proposalID: mailOutbox.proposalID,
        status: mailOutbox.status,
        sentAt: mailOutbox.sentAt,
        lastError: mailOutbox.lastError,
        nextAttemptAt: mailOutbox.nextAttemptAt,
      })
      .from(mailOutbox)
      .where(
        and(
          inArray(
            mailOutbox.proposalID,
            rows.map((row) => row.id),
          ),
          eq(mailOutbox.kind, 'proposal'),
        ),
      )
      .orderBy(asc(mailOutbox.id));
    for (const mail of mails) deliveries.set(mail.proposalID!, { ...mail, status: mail.status as DeliveryStatus });
  }
  const [pdfFailed, signedPdfFailed] = await Promise.all([
    failedPdfs(
      ctx,
      proposalPdfJob.kind,
      rows.filter((row) => !row.pdfSha256).map((row) => row.id),
    ),
    failedPdfs(
      ctx,
      signedPdfJob.kind,
      rows.filter((row) => row.status === 'accepted' && !row.signedPdfSha256).map((row) => row.id),
    ),
  ]);
  const pdfStatus = (row: (typeof rows)[number]): PdfStatus => {
    if (row.pdfSha256) return 'ready';
    return pdfFailed.has(row.id) ? 'failed' : 'pending';
  };
  const signedPdfStatus = (row: (typeof rows)[number]): SignedPdfStatus => {
    if (row.signedPdfSha256) return 'ready';
    if (row.status !== 'accepted') return 'none';
    return signedPdfFailed.has(row.id) ? 'failed' : 'pending';
  };
  const [timeZone, settings, reminderDeliveries] = await Promise.all([
    officeTimeZone(ctx.db),
    followUpSettings(ctx.db),
    failedReminders(
      ctx,
      rows.flatMap((row) => row.reminders.map((reminder) => reminder.mailID ?? 0)),
    ),
  ]);
  const todayDate = calendarDateIn(timeZone, new Date(ctx.now()));
  return rows.map((row) => {
    const token = unseal(ctx.secret, 'proposal-token', row.tokenSealed);
    const delivery = deliveries.get(row.id);
    return {
      id: row.id,
      revision: row.revision,
      sentAt: row.sentAt.toISOString(),
      sentBy: { id: row.sentBy, name: row.sentByName },
      to: row.to,
      cc: row.cc,
      subject: row.subject,
      printType: row.printType,
      approval: row.approval,
      validUntil: row.validUntil,
      status: shownStatus(row, todayDate),
      superseded: row.withdrawnReason === 'superseded',
      viewedAt: row.viewedAt?.toISOString() ?? null,
      viewCount: row.viewCount,
      respondedAt: row.respondedAt?.toISOString() ?? null,
      deliveryError: row.deliveryError,
      deliveryStatus: delivery?.status ?? ('notConfigured' as DeliveryStatus),
      deliveredAt: delivery?.sentAt?.toISOString() ?? null,
      // Waiting out its back-off after a passing failure (issue 35): why, and when it is tried next.
      retryError: delivery?.status === 'queued' ? delivery.lastError : null,
      nextAttemptAt: delivery?.status === 'queued' ? (delivery.nextAttemptAt?.toISOString() ?? null) : null,
      pdfSha256: row.pdfSha256,
      signedPdfSha256: row.signedPdfSha256,
      pdfStatus: pdfStatus(row),
      signedPdfStatus: signedPdfStatus(row),
      link: token ? proposalLink(linkBase, token) : null,
      signerName: row.signerName,
      responseMessage: row.responseMessage,
      acceptedWorkAreaIDs: row.acceptedWorkAreaIDs,
      remindersPaused: row.remindersPaused,
      reminders: row.reminders.map(({ sentAt, kind, mailID }) => {
        const deliveryError = mailID === null ? undefined : reminderDeliveries.get(mailID);
        return { sentAt, kind, ...(deliveryError ? { deliveryError } : {}) };
      }),
      nextReminderAt: isOpenProposal(shownStatus(row, todayDate))
        ? (nextReminder(reminderSubject(row), settings, timeZone)?.at.toISOString() ?? null)
        : null,
    };
  });
}

/** Why each of these reminder mails finally failed, by its outbox id. */
async function failedReminders(ctx: ProposalContext, mailIDs: number[]): Promise<Map<number, string>> {
  const ids = mailIDs.filter((id) => id > 0);
  if (!ids.length) return new Map();
  const failed = await ctx.db
    .select({ id: mailOutbox.id, lastError: mailOutbox.lastError })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'failed')));
  return new Map(failed.map((mail) => [mail.id, mail.lastError ?? 'Not delivered.']));
}

/** GET /api/proposals/:id: the proposal as its estimate's list shows it. */
export async function getProposal(ctx: ProposalContext, id: number, linkBase: string) {
  const { estimateID } = await findProposal(ctx, id);
  const proposal = (await listProposals(ctx, estimateID, linkBase)).find((row) => row.id === id);
  if (!proposal) throw notFound(PROPOSAL_NOT_FOUND);
  return proposal;
}

/** Of these accepted proposals, those whose signed PDF's job failed for good. */
/** Which of the proposals' PDFs (of the job kind that makes them) failed for good. */
async function failedPdfs(ctx: ProposalContext, kind: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const failed = await ctx.db
    .select({ proposalID: sql<number>`(${jobs.payload}->>'proposalID')::int` })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'failed'), inArray(sql`(${jobs.payload}->>'proposalID')::int`, ids)));
  return new Set(failed.map((row) => Number(row.proposalID)));
}

async function findProposal(ctx: ProposalContext, id: number) {
  const [row] = await ctx.db.select(summaryColumns).from(proposals).where(eq(proposals.id, id));
  if (!row) throw notFound(PROPOSAL_NOT_FOUND);
  return row;
}

/** POST /api/proposals/:id/withdraw: only an open one (409 otherwise). */
export async function withdrawProposal(ctx: ProposalContext, id: number): Promise<void> {
  await findProposal(ctx, id);
  const updated = await ctx.db
    .update(proposals)
    .set({ status: 'withdrawn', withdrawnReason: 'withdrawn', updatedAt: sql`now()`, version: sql`${proposals.version} + 1` })
    .where(and(eq(proposals.id, id), inArray(proposals.status, ['sent', 'viewed'])))
    .returning({ id: proposals.id });
  if (!updated.length) throw conflict('Only a proposal that is still open can be withdrawn.');
}

/** POST /api/proposals/:id/resend: the proposal's mail queued again (an open proposal, mail set up). */
export async function resendProposal(ctx: ProposalContext, id: number, linkBase: string): Promise<void> {
  const row = await findProposal(ctx, id);
  if (!isOpenProposal(row.status as ProposalStatus)) throw conflict('Only a proposal that is still open can be sent again.');
  // Its mail would wait for ever for a PDF that will not be made.
  if (!row.pdfSha256 && (await failedPdfs(ctx, proposalPdfJob.kind, [id])).size) throw conflict(PDF_NOT_MADE);
  if (!(await resolveMail(ctx.db, ctx.secret, ctx.mail))) throw conflict(MAIL_NOT_CONFIGURED);
  const token = unseal(ctx.secret, 'proposal-token', row.tokenSealed);
  if (!token) throw conflict('The link of this proposal cannot be read with the server secret in use: send a new proposal.');
  const [{ snapshot, message, revision }] = await ctx.db
    .select({ snapshot: proposals.snapshot, message: proposals.message, revision: proposals.revision })
    .from(proposals)
    .where(eq(proposals.id, id));
  const replyTo = await replyAddress(ctx.db, row.estimateID);
  await ctx.db.transaction(async (tx) => {
    // Mailed again: its reminders start again from now (issue 39), to the link it was mailed with.
    await tx
      .update(proposals)
      .set({ deliveryError: null, remindersFrom: new Date(ctx.now()), linkBase: linkBase.slice(0, 300) })
      .where(eq(proposals.id, id));
    await enqueueMail(
      tx,
      proposalMail({
        proposalID: id,
        snapshot: snapshot as ProposalSnapshot,
        revision,
        to: row.to,
        cc: row.cc,
        replyTo,
        subject: row.subject,
        message,
        link: proposalLink(linkBase, token),
        validUntil: row.validUntil,
      }),
    );
  });
  ctx.kick();
}

/** The stored PDF as sent, or the signed one (404 until signed). */
export async function proposalPdf(ctx: ProposalContext, id: number, which: 'sent' | 'signed') {
  const [row] = await ctx.db
    .select({ pdf: which === 'sent' ? proposals.pdf : proposals.signedPdf, snapshot: proposals.snapshot, status: proposals.status })
    .from(proposals)
    .where(eq(proposals.id, id));
  if (!row) throw notFound(PROPOSAL_NOT_FOUND);
  if (!row.pdf && which === 'sent') throw conflict((await failedPdfs(ctx, proposalPdfJob.kind, [id])).size ? PDF_NOT_MADE : PDF_PENDING);
  if (!row.pdf && row.status === 'accepted') throw conflict(SIGNED_PDF_PENDING);
  if (!row.pdf) throw notFound('This proposal has not been signed.');
  return { pdf: row.pdf, estimateNumber: (row.snapshot as ProposalSnapshot).data.estimate.number };
}

/** Days before its last day that a proposal counts as expiring soon. */
export const EXPIRES_SOON_DAYS = 7;

/** GET /api/proposals/awaiting: open proposals not yet past their last day, oldest first. */
export async function awaitingProposals(ctx: ProposalContext) {
  const estimates = tables.estimates;
  const timeZone = await officeTimeZone(ctx.db);
  const todayDate = calendarDateIn(timeZone, new Date(ctx.now()));
  const rows = await ctx.db
    .select({
      id: proposals.id,
      estimateID: proposals.estimateID,
      estimateNumber: estimates.number,
      revision: proposals.revision,
      customerName: estimates.customerName,
      projectName: estimates.projectName,
      sentAt: proposals.sentAt,
      viewedAt: proposals.viewedAt,
      validUntil: proposals.validUntil,
    })
    .from(proposals)
    .innerJoin(estimates, eq(estimates.id, proposals.estimateID))
    .where(and(inArray(proposals.status, ['sent', 'viewed']), sql`${proposals.validUntil} >= ${todayDate}`))
    .orderBy(asc(proposals.sentAt), asc(proposals.id));
  return rows.map((row) => ({
    id: row.id,
    estimateID: row.estimateID,
    estimateNumber: row.estimateNumber as number,
    revision: row.revision,
    estimateLabel: estimateLabel(row.estimateNumber, row.revision),
    customerName: (row.customerName as string | null) ?? '',
    projectName: String(row.projectName ?? ''),
    sentAt: row.sentAt.toISOString(),
    daysSinceSent: Math.max(0, daysBetween(calendarDateIn(timeZone, row.sentAt), todayDate)),
    opened: row.viewedAt !== null,
    validUntil: row.validUntil,
    expiresSoon: row.validUntil <= addDays(todayDate, EXPIRES_SOON_DAYS),
  }));
}
