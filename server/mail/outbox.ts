import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { mailOutbox, type OutboxAttachment } from '../db/tables/mail';
import { instant, leaseEnd } from '../db/instants';
import { proposals } from '../db/tables/proposals';
import { mailTexts, retryDelayMs, stillRetrying } from '../../src/domain/mailDelivery';
import { MAIL_NOT_CONFIGURED, resolveMail, type MailEnvironment } from './mailSettings';
import { isPassingFailure, sendNow, smtpErrorText, SMTP_TIMEOUT_MS } from './transport';

/** What kind of message: the proposal to the client, the signed copy to the client, a notice to the office. */
export type MailKind = 'proposal' | 'signed' | 'notice' | 'test';
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

/** Puts a message in the outbox (in the caller's transaction): it leaves when the worker delivers it. */
export async function enqueueMail(tx: Db, mail: QueuedMail): Promise<number> {
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
  return row.id;
}

/** A message whose sender stopped mid-way (crash) is tried again this many times in all. */
const MAX_INTERRUPTIONS = 3;

/**
 * Takes the oldest message nobody is sending (a message carrying the signed PDF waits until the
 * job that makes it has stored it: server/proposals/signedPdfJob.ts): one UPDATE whose row is chosen with
 * `FOR UPDATE SKIP LOCKED`, marking it `sending` with a lease. Two servers on one PostgreSQL
 * never take the same message; one that died while sending gives it back when the lease ends.
 */
export async function claimNextMail(db: Db, leaseMs: number, now: number = Date.now()): Promise<number | undefined> {
  // A message waiting out its back-off is due by the app's clock (tests move it); the lease
  // is the database's, as two servers share it.
  const result = (await db.execute(sql`
    UPDATE mail_outbox
       SET mail_status = 'sending', mail_locked_until = ${leaseEnd(leaseMs)},
           mail_attempts = mail_attempts + 1
     WHERE mail_id = (
       SELECT mail_id FROM mail_outbox
        WHERE ((mail_status = 'queued' AND (mail_next_attempt_at IS NULL OR mail_next_attempt_at <= ${instant(now)}))
               OR (mail_status = 'sending' AND mail_locked_until < now()))
          AND NOT EXISTS (
            SELECT 1 FROM proposals
             WHERE proposal_id = mail_proposal_id AND proposal_signed_pdf_sha256 IS NULL
               AND mail_attachments @> '[{"source":"signedPdf"}]'::jsonb)
        ORDER BY mail_id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING mail_id`)) as unknown as { rows: { mail_id: number }[] };
  const id = result.rows[0]?.mail_id;
  return id === undefined ? undefined : Number(id);
}

/** The queued mail of a proposal that carries its signed PDF, which will not be made: failed with `why`. */
export async function failMailWaitingForSignedPdf(db: Db, proposalID: number, why: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: why, failedAt: sql`now()`, lockedUntil: null, nextAttemptAt: null })
    .where(
      and(
        eq(mailOutbox.proposalID, proposalID),
        eq(mailOutbox.status, 'queued'),
        sql`${mailOutbox.attachments} @> '[{"source":"signedPdf"}]'::jsonb`,
      ),
    );
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
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
  if (proposalID !== null && CLIENT_KINDS.has(kind)) {
    await db.update(proposals).set({ deliveryError: error }).where(eq(proposals.id, proposalID));
  }
}

/** A passing failure: queued again after its back-off, unless it has failed for six hours already (then failed). */
async function retryLater(db: Db, row: OutboxRow, error: string, now: number): Promise<'retrying' | 'failed'> {
  const firstFailedAt = row.firstFailedAt?.getTime() ?? now;
  if (!stillRetrying(firstFailedAt, now)) {
    await markFailed(db, row, error, now);
    return 'failed';
  }
  const failures = row.failures + 1;
  await db
    .update(mailOutbox)
    .set({
      status: 'queued',
      lastError: error,
      lockedUntil: null,
      failures,
      firstFailedAt: new Date(firstFailedAt),
      nextAttemptAt: new Date(now + retryDelayMs(failures)),
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending')));
  return 'retrying';
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

export interface DeliveryOptions extends MailEnvironment {
  /** Server secret (opens the stored SMTP password). */
  secret: string;
  /** The name shown with the From address (the company's: server/company/companyProfileStore.ts). */
  fromName: (db: Db) => Promise<string | null>;
  /** The app's clock (ms): the back-off and the six hours are measured on it. */
  now?: () => number;
  timeoutMs?: number;
  leaseMs?: number;
}

/**
 * Sends one claimed message; its outcome is written on it (and on its proposal). A passing
 * failure (connection refused or reset, a timeout, a 4xx reply) is queued again after a
 * back-off for six hours; a permanent one (5xx) fails at once.
 */
export async function deliverMail(db: Db, id: number, options: DeliveryOptions): Promise<'sent' | 'retrying' | 'failed'> {
  const now = (options.now ?? Date.now)();
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return 'failed';
  if (row.attempts - row.failures > MAX_INTERRUPTIONS) {
    await markFailed(db, row, mailTexts.interrupted, now);
    return 'failed';
  }
  const mail = await resolveMail(db, options.secret, options);
  if (!mail) {
    await markFailed(db, row, MAIL_NOT_CONFIGURED, now);
    return 'failed';
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
    return 'failed';
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

export interface MailWorker {
  /** Delivers everything queued now (tests call it; the worker calls it on its own). */
  deliverPending(): Promise<number>;
  /** Something was queued: deliver soon (when the worker runs). */
  kick(): void;
  stop(): Promise<void>;
}

export interface WorkerOptions extends DeliveryOptions {
  /** Run on a timer and after each queued message (default: false; the server turns it on). */
  run?: boolean;
  pollMs?: number;
  log?: (message: string) => void;
}

/**
 * The delivery worker of one server process: drains the outbox one message at a time, every
 * `pollMs` and whenever this process queued something. Stopped with the app.
 */
export function startMailWorker(db: Db, options: WorkerOptions): MailWorker {
  const leaseMs = options.leaseMs ?? Math.max(60_000, 4 * (options.timeoutMs ?? SMTP_TIMEOUT_MS));
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  const drain = async (): Promise<number> => {
    let delivered = 0;
    for (;;) {
      if (stopped) return delivered;
      const id = await claimNextMail(db, leaseMs, (options.now ?? Date.now)());
      if (id === undefined) return delivered;
      await deliverMail(db, id, options);
      delivered += 1;
    }
  };

  const deliverPending = (): Promise<number> => {
    if (running) {
      again = true;
      return running.then(() => deliverPending());
    }
    again = false;
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  };

  const safely = () => {
    deliverPending()
      .then(() => (again && !stopped ? deliverPending() : 0))
      .catch((error: unknown) => options.log?.(`Mail delivery failed: ${error instanceof Error ? error.message : String(error)}`));
  };

  const timer = options.run ? setInterval(safely, options.pollMs ?? 5_000) : undefined;
  timer?.unref();

  return {
    deliverPending,
    kick: () => {
      if (options.run && !stopped) setImmediate(safely);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
