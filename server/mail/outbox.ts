import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { mailOutbox, type OutboxAttachment } from '../db/tables/mail';
import { instant } from '../db/instants';
import { proposals } from '../db/tables/proposals';
import { defineJobKind, JobFailure, JobRetry, UNTIL_RELEASED } from '../jobs/kinds';
import { enqueueJob } from '../jobs/queue';
import { JOB_KINDS } from '../../src/domain/jobs';
import { mailTexts, retryDelayMs, stillRetrying } from '../../src/domain/mailDelivery';
import { MAIL_NOT_CONFIGURED, resolveMail } from './mailSettings';
import type { DeliveryOptions } from './options';
import { isPassingFailure, sendNow, smtpErrorText, SMTP_TIMEOUT_MS } from './transport';

/** What kind of message: the proposal to the client, a reminder of it, the signed copy to the client, a notice to the office. */
export type MailKind = 'proposal' | 'reminder' | 'signed' | 'notice' | 'test';
/** Kinds that go to the client: their failure is the proposal's deliveryError. */
const CLIENT_KINDS = new Set<string>(['proposal', 'signed']);

export interface QueuedMail {
  proposalID: number | null;
  kind: MailKind;
  to: string[];
  cc?: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: OutboxAttachment[];
}

/** A mail job due since always: ahead of other work, whatever the app's clock says. */
const DUE_AT_ONCE = 0;
/**
 * A mail carrying a PDF of its proposal that is not made yet waits until the job that makes it
 * has stored it (server/proposals/proposalPdfJob.ts, signedPdfJob.ts).
 */
const WAITING_FOR_PDF = UNTIL_RELEASED;

/** The proposal's PDFs a mail may carry, and the column that holds each once it is made. */
export type ProposalPdfSource = 'proposalPdf' | 'signedPdf';
const PDF_MADE = { proposalPdf: proposals.pdfSha256, signedPdf: proposals.signedPdfSha256 } as const;
const attachmentOf = (source: ProposalPdfSource) => sql`${JSON.stringify([{ source }])}::jsonb`;

/** Tries of a mail's job: its passing refusals (six hours of back-off) and a few interruptions. */
const MAIL_JOB_TRIES = 30;

/**
 * Whether the mail must wait for a PDF of its proposal. The proposal's row is read FOR SHARE: a
 * job storing the PDF meanwhile waits for this transaction, and then releases this mail too.
 */
async function waitsForPdf(tx: Db, mail: Pick<QueuedMail, 'attachments' | 'proposalID'>): Promise<boolean> {
  const sources = (mail.attachments ?? []).map((a) => a.source).filter((source): source is ProposalPdfSource => source in PDF_MADE);
  if (!sources.length || mail.proposalID === null) return false;
  const [row] = await tx
    .select({ proposalPdf: PDF_MADE.proposalPdf, signedPdf: PDF_MADE.signedPdf })
    .from(proposals)
    .where(eq(proposals.id, mail.proposalID))
    .for('share');
  return Boolean(row) && sources.some((source) => row[source] === null);
}

/** Queues the job that delivers a stored message (in the caller's transaction). */
async function enqueueDelivery(tx: Db, mailID: number, waiting: boolean): Promise<void> {
  await enqueueJob(tx, {
    kind: JOB_KINDS.mail,
    payload: { mailID } satisfies MailPayload,
    runAt: waiting ? WAITING_FOR_PDF : DUE_AT_ONCE,
    maxAttempts: MAIL_JOB_TRIES,
  });
}

/**
 * Puts a message in the outbox and queues the job that delivers it (issue 36: mail is one kind
 * of job), in the caller's transaction: it exists exactly when the change it tells of committed.
 * A message carrying a PDF not made yet waits for it.
 */
export async function enqueueMail(tx: Db, mail: QueuedMail): Promise<number> {
  const waiting = await waitsForPdf(tx, mail);
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      proposalID: mail.proposalID,
      kind: mail.kind,
      to: mail.to,
      cc: mail.cc ?? [],
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments ?? [],
    })
    .returning({ id: mailOutbox.id });
  await enqueueDelivery(tx, row.id, waiting);
  return row.id;
}

/** A failed message queued again (POST /api/mail/:id/resend), in the caller's transaction. */
export async function enqueueResend(tx: Db, mailID: number): Promise<void> {
  await enqueueDelivery(tx, mailID, false);
}

/** A message whose sender stopped mid-way (crash) is tried again this many times in all. */
const MAX_INTERRUPTIONS = 3;

/** The mails of a proposal that waited for one of its PDFs, now stored: their jobs are due. */
export async function releasePdfMail(db: Db, proposalID: number, source: ProposalPdfSource): Promise<void> {
  await db.execute(sql`
    UPDATE jobs SET job_run_at = ${instant(DUE_AT_ONCE)}
     WHERE job_kind = ${JOB_KINDS.mail} AND job_status = 'queued' AND job_run_at = ${instant(WAITING_FOR_PDF)}
       AND (job_payload->>'mailID')::int IN (
         SELECT mail_id FROM mail_outbox
          WHERE mail_proposal_id = ${proposalID} AND mail_status = 'queued' AND mail_attachments @> ${attachmentOf(source)})`);
}

/** The queued mail of a proposal that carries one of its PDFs, which will not be made: failed with `why`, its jobs cancelled. */
export async function failMailWaitingForPdf(db: Db, proposalID: number, source: ProposalPdfSource, why: string): Promise<void> {
  const failed = await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: why, failedAt: sql`now()`, lockedUntil: null, nextAttemptAt: null })
    .where(
      and(
        eq(mailOutbox.proposalID, proposalID),
        eq(mailOutbox.status, 'queued'),
        sql`${mailOutbox.attachments} @> ${attachmentOf(source)}`,
      ),
    )
    .returning({ id: mailOutbox.id });
  if (!failed.length) return;
  const ids = sql.join(
    failed.map(({ id }) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE jobs SET job_status = 'cancelled', job_error = ${why}, job_finished_at = now()
     WHERE job_kind = ${JOB_KINDS.mail} AND job_status = 'queued' AND (job_payload->>'mailID')::int IN (${ids})`);
}

type OutboxRow = typeof mailOutbox.$inferSelect;

async function markFailed(db: Db, row: OutboxRow, error: string, now: number): Promise<void> {
  const { id, proposalID, kind } = row;
  await db
    .update(mailOutbox)
    .set({
      status: 'failed',
      lastError: error,
      lockedUntil: null,
      nextAttemptAt: null,
      failures: row.failures + 1,
      firstFailedAt: row.firstFailedAt ?? new Date(now),
      failedAt: new Date(now),
    })
    // A message still on its way: being sent, or waiting out a back-off when its job gave up.
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['queued', 'sending'])));
  if (proposalID !== null && CLIENT_KINDS.has(kind)) {
    await db.update(proposals).set({ deliveryError: error }).where(eq(proposals.id, proposalID));
  }
}

/**
 * A passing failure: queued again after its back-off (its job is tried again then: JobRetry),
 * unless it has failed for six hours already (then failed).
 */
async function retryLater(db: Db, row: OutboxRow, error: string, now: number): Promise<never> {
  const firstFailedAt = row.firstFailedAt?.getTime() ?? now;
  if (!stillRetrying(firstFailedAt, now)) {
    await markFailed(db, row, error, now);
    throw new JobFailure(error);
  }
  const failures = row.failures + 1;
  const nextAttemptAt = now + retryDelayMs(failures);
  await db
    .update(mailOutbox)
    .set({
      status: 'queued',
      lastError: error,
      lockedUntil: null,
      failures,
      firstFailedAt: new Date(firstFailedAt),
      nextAttemptAt: new Date(nextAttemptAt),
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
  throw new JobRetry(error, nextAttemptAt);
}

/** The message's attachments: the proposal's PDFs and the logo its snapshot froze (inline, by Content-ID). */
async function attachmentsOf(db: Db, row: OutboxRow) {
  const attachments: { filename: string; content: Buffer; contentType: string; cid?: string }[] = [];
  if (!row.attachments.length || row.proposalID === null) return attachments;
  const [proposal] = await db
    .select({ pdf: proposals.pdf, signedPdf: proposals.signedPdf, snapshot: proposals.snapshot })
    .from(proposals)
    .where(eq(proposals.id, row.proposalID));
  for (const attachment of row.attachments) {
    if (attachment.source === 'snapshotLogo') {
      const logo = (proposal?.snapshot as { data?: { company?: { logo?: string | null } } } | undefined)?.data?.company?.logo;
      const match = typeof logo === 'string' ? /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(logo) : null;
      if (match) {
        const extension = match[1] === 'image/png' ? 'png' : 'jpg';
        attachments.push({
          filename: `logo.${extension}`,
          content: Buffer.from(match[2], 'base64'),
          contentType: match[1],
          cid: attachment.cid,
        });
      }
      continue;
    }
    const content = attachment.source === 'signedPdf' ? proposal?.signedPdf : proposal?.pdf;
    if (content) attachments.push({ filename: attachment.filename, content, contentType: 'application/pdf' });
  }
  return attachments;
}

/** What a mail's job carries: the message, stored in the outbox. */
export interface MailPayload {
  mailID: number;
}

/**
 * Sends one stored message; its outcome is written on it (and on its proposal). A passing
 * failure (connection refused or reset, a timeout, a 4xx reply) is tried again after a back-off
 * for six hours (JobRetry); a permanent one (5xx) fails at once (JobFailure). Safe to run again:
 * a message already sent or failed is left as it is.
 */
export async function deliverMail(db: Db, id: number, options: DeliveryOptions, now: number): Promise<'sent' | 'failed' | 'waiting'> {
  const [found] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found || (found.status !== 'queued' && found.status !== 'sending')) return 'failed';
  // A PDF it carries not made yet: it waits again, and its job is made due when the PDF is stored.
  if (await waitsForPdf(db, found)) throw new JobRetry(mailTexts.waitingForPdf, WAITING_FOR_PDF);
  const [row] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1` })
    .where(eq(mailOutbox.id, id))
    .returning();
  if (row.attempts - row.failures > MAX_INTERRUPTIONS) {
    await markFailed(db, row, mailTexts.interrupted, now);
    throw new JobFailure(mailTexts.interrupted);
  }
  const mail = await resolveMail(db, options.secret, options);
  if (!mail) {
    await markFailed(db, row, MAIL_NOT_CONFIGURED, now);
    throw new JobFailure(MAIL_NOT_CONFIGURED);
  }
  const [attachments, fromName] = await Promise.all([attachmentsOf(db, row), options.fromName(db)]);
  let refused: string | undefined;
  try {
    refused = await sendNow(
      mail,
      { fromName, to: row.to, cc: row.cc, replyTo: row.replyTo, subject: row.subject, text: row.text, html: row.html, attachments },
      options.timeoutMs ?? SMTP_TIMEOUT_MS,
    );
  } catch (error) {
    if (isPassingFailure(error)) return retryLater(db, row, smtpErrorText(error), now);
    await markFailed(db, row, smtpErrorText(error), now);
    throw new JobFailure(smtpErrorText(error));
  }
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, nextAttemptAt: null, lastError: refused ?? null })
    .where(eq(mailOutbox.id, id));
  // Some recipients refused while others got it: sent, and the refusal is the proposal's error.
  if (row.proposalID !== null && CLIENT_KINDS.has(row.kind)) {
    await db
      .update(proposals)
      .set({ deliveryError: refused ?? null })
      .where(eq(proposals.id, row.proposalID));
  }
  return 'sent';
}

/**
 * Mail is one kind of job (issue 36): claimed with SKIP LOCKED and a lease by any worker
 * process, run again when its worker dies, each message's outcome on the message.
 */
export const mailJob = defineJobKind<MailPayload, { status: string }>({
  kind: JOB_KINDS.mail,
  maxAttempts: MAIL_JOB_TRIES,
  async run({ mailID }, { db, services, now }) {
    return { status: await deliverMail(db, mailID, services.mail, now()) };
  },
  async failed({ mailID }, error, db) {
    // Interrupted too often, or a fault that kept coming back: the message says so.
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailID));
    if (row && (row.status === 'queued' || row.status === 'sending')) await markFailed(db, row, error, Date.now());
  },
});

/** What tests and the app call to deliver now: the due mail jobs, run (how many). */
export interface MailWorker {
  deliverPending(): Promise<number>;
  /** Something was queued: deliver soon (when mail is delivered on its own). */
  kick(): void;
}
