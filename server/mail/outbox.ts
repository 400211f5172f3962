import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { mailOutbox, type OutboxAttachment } from '../db/tables/mail';
import { proposals } from '../db/tables/proposals';
import { MAIL_NOT_CONFIGURED, resolveMail, type MailEnvironment } from './mailSettings';
import { sendNow, smtpErrorText, SMTP_TIMEOUT_MS } from './transport';

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
const MAX_ATTEMPTS = 3;

/**
 * Takes the oldest message nobody is sending: one UPDATE whose row is chosen with
 * `FOR UPDATE SKIP LOCKED`, marking it `sending` with a lease. Two servers on one PostgreSQL
 * never take the same message; one that died while sending gives it back when the lease ends.
 */
export async function claimNextMail(db: Db, leaseMs: number): Promise<number | undefined> {
  const result = (await db.execute(sql`
    UPDATE mail_outbox
       SET mail_status = 'sending', mail_locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
           mail_attempts = mail_attempts + 1
     WHERE mail_id = (
       SELECT mail_id FROM mail_outbox
        WHERE mail_status = 'queued' OR (mail_status = 'sending' AND mail_locked_until < now())
        ORDER BY mail_id
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING mail_id`)) as unknown as { rows: { mail_id: number }[] };
  const id = result.rows[0]?.mail_id;
  return id === undefined ? undefined : Number(id);
}

async function markFailed(db: Db, id: number, proposalID: number | null, kind: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lastError: error, lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')));
  if (proposalID !== null && CLIENT_KINDS.has(kind)) {
    await db.update(proposals).set({ deliveryError: error }).where(eq(proposals.id, proposalID));
  }
}

export interface DeliveryOptions extends MailEnvironment {
  /** Server secret (opens the stored SMTP password). */
  secret: string;
  timeoutMs?: number;
  leaseMs?: number;
}

/** Sends one claimed message; its outcome is written on it (and on its proposal). */
export async function deliverMail(db: Db, id: number, options: DeliveryOptions): Promise<'sent' | 'failed'> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return 'failed';
  if (row.attempts > MAX_ATTEMPTS) {
    await markFailed(db, id, row.proposalID, row.kind, 'Delivery was interrupted too many times.');
    return 'failed';
  }
  const mail = await resolveMail(db, options.secret, options);
  if (!mail) {
    await markFailed(db, id, row.proposalID, row.kind, MAIL_NOT_CONFIGURED);
    return 'failed';
  }
  const attachments = [];
  if (row.attachments.length && row.proposalID !== null) {
    const [proposal] = await db
      .select({ pdf: proposals.pdf, signedPdf: proposals.signedPdf })
      .from(proposals)
      .where(eq(proposals.id, row.proposalID));
    for (const attachment of row.attachments) {
      const content = attachment.source === 'signedPdf' ? proposal?.signedPdf : proposal?.pdf;
      if (content) attachments.push({ filename: attachment.filename, content, contentType: 'application/pdf' });
    }
  }
  let refused: string | undefined;
  try {
    refused = await sendNow(
      mail,
      { to: row.to, cc: row.cc, replyTo: row.replyTo, subject: row.subject, text: row.text, html: row.html, attachments },
      options.timeoutMs ?? SMTP_TIMEOUT_MS,
    );
  } catch (error) {
    await markFailed(db, id, row.proposalID, row.kind, smtpErrorText(error));
    return 'failed';
  }
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: refused ?? null })
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
      const id = await claimNextMail(db, leaseMs);
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
