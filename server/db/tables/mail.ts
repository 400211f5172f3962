import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { proposals } from './proposals';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The company's outgoing mail settings (Settings › Company › Email) and its proposal mail
 * templates: one row, id 1. The SMTP password is sealed (AES-256-GCM with a key derived from
 * the server secret, server/mail/secretBox.ts) and never returned by the API.
 */
export const companyMail = pgTable('company_mail', {
  id: integer('company_mail_id').primaryKey(),
  host: varchar('company_mail_host', { length: 253 }),
  port: integer('company_mail_port'),
  /** none, starttls or tls. */
  security: varchar('company_mail_security', { length: 10 }).notNull().default('starttls'),
  username: varchar('company_mail_username', { length: 254 }),
  passwordSealed: text('company_mail_password_sealed'),
  fromAddress: varchar('company_mail_from_address', { length: 254 }),
  subjectTemplate: varchar('company_mail_subject_template', { length: 200 }),
  messageTemplate: text('company_mail_message_template'),
  version: integer('company_mail_version').notNull().default(1),
  updatedAt: at('company_mail_updated_at').notNull().defaultNow(),
});

export interface OutboxAttachment {
  filename: string;
  /** Which stored PDF of the message's proposal to attach, or the letterhead's logo its snapshot froze. */
  source: 'proposalPdf' | 'signedPdf' | 'snapshotLogo';
  /** The Content-ID an inline part (the logo) is named by in the HTML. */
  cid?: string;
}

/**
 * Mail waiting to go out, delivered by server/mail/outbox.ts. A row is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so several servers on one PostgreSQL
 * never send it twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('mail_id').primaryKey(),
    proposalID: integer('mail_proposal_id').references(() => proposals.id, { onDelete: 'cascade' }),
    /** proposal, signed, notice. */
    kind: varchar('mail_kind', { length: 20 }).notNull(),
    to: jsonb('mail_to').$type<string[]>().notNull(),
    cc: jsonb('mail_cc').$type<string[]>().notNull(),
    replyTo: varchar('mail_reply_to', { length: 254 }),
    subject: varchar('mail_subject', { length: 300 }).notNull(),
    text: text('mail_text').notNull(),
    html: text('mail_html').notNull(),
    attachments: jsonb('mail_attachments').$type<OutboxAttachment[]>().notNull(),
    /** queued, sending, sent, failed (finally: a permanent refusal, or passing ones for six hours). */
    status: varchar('mail_status', { length: 10 }).notNull().default('queued'),
    attempts: integer('mail_attempts').notNull().default(0),
    lastError: text('mail_last_error'),
    lockedUntil: at('mail_locked_until'),
    /** Failed deliveries so far (a passing failure is tried again; the worker's crashes are not counted here). */
    failures: integer('mail_failures').notNull().default(0),
    /** When the first failure happened: passing failures are retried for MAIL_RETRY_FOR_MS after it. */
    firstFailedAt: at('mail_first_failed_at'),
    /** A queued message is not taken before this time (the back-off after a passing failure). */
    nextAttemptAt: at('mail_next_attempt_at'),
    /** When it finally failed (status failed). */
    failedAt: at('mail_failed_at'),
    createdAt: at('mail_created_at').notNull().defaultNow(),
    sentAt: at('mail_sent_at'),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.id), index('mail_outbox_proposal_idx').on(t.proposalID)],
);
