import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { estimates } from '../entityTables';
import { users } from './users';
import { bytea } from './bytea';
import type { ReminderKind } from '../../../src/domain/followUps';

/** A reminder as the proposal keeps it: when, which, and its message in the outbox (its delivery). */
export interface StoredReminder {
  sentAt: string;
  kind: ReminderKind;
  mailID: number | null;
}

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Proposals sent to clients (issue 22). What was sent is frozen: the snapshot of the estimate
 * and the PDF made from it, with its SHA-256. The client's link token is kept only as its
 * SHA-256 (the key the public routes look it up by) and encrypted with the server secret's key
 * (so the office can copy the link again); a database read alone never yields a working link.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('proposal_id').primaryKey(),
    estimateID: integer('proposal_estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** The estimate's revision this proposal froze (issue 23). */
    revision: integer('proposal_revision').notNull().default(1),
    tokenHash: varchar('proposal_token_hash', { length: 64 }).notNull(),
    tokenSealed: text('proposal_token_sealed').notNull(),
    sentAt: at('proposal_sent_at').notNull().defaultNow(),
    sentBy: integer('proposal_sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentByName: varchar('proposal_sent_by_name', { length: 301 }).notNull().default(''),
    to: jsonb('proposal_to').$type<string[]>().notNull(),
    cc: jsonb('proposal_cc').$type<string[]>().notNull(),
    subject: varchar('proposal_subject', { length: 200 }).notNull(),
    message: text('proposal_message').notNull(),
    printType: varchar('proposal_print_type', { length: 30 }).notNull(),
    approval: boolean('proposal_approval').notNull(),
    tcIDs: jsonb('proposal_tc_ids').$type<number[]>().notNull(),
    validUntil: date('proposal_valid_until', { mode: 'string' }).notNull(),
    /** sent, viewed, accepted, declined, changesRequested, withdrawn (expired is computed). */
    status: varchar('proposal_status', { length: 20 }).notNull().default('sent'),
    withdrawnReason: varchar('proposal_withdrawn_reason', { length: 20 }),
    viewedAt: at('proposal_viewed_at'),
    viewCount: integer('proposal_view_count').notNull().default(0),
    respondedAt: at('proposal_responded_at'),
    deliveryError: text('proposal_delivery_error'),
    snapshot: jsonb('proposal_snapshot').notNull(),
    /** The PDF as sent: null until the job that makes it after the send has stored it (issue 36). */
    pdf: bytea('proposal_pdf'),
    pdfSha256: varchar('proposal_pdf_sha256', { length: 64 }),
    signedPdf: bytea('proposal_signed_pdf'),
    signedPdfSha256: varchar('proposal_signed_pdf_sha256', { length: 64 }),
    signerName: varchar('proposal_signer_name', { length: 100 }),
    /** The drawn signature as a clean PNG data URL, or null when typed. */
    signature: text('proposal_signature'),
    signatureTyped: varchar('proposal_signature_typed', { length: 100 }),
    acceptedWorkAreaIDs: jsonb('proposal_accepted_work_area_ids').$type<number[]>(),
    clientIp: varchar('proposal_client_ip', { length: 64 }),
    clientUserAgent: varchar('proposal_client_user_agent', { length: 500 }),
    responseMessage: text('proposal_response_message'),
    /** Reminders mailed to the client (issue 39), oldest first. */
    reminders: jsonb('proposal_reminders').$type<StoredReminder[]>().notNull().default([]),
    /** No automatic reminders for this proposal (the switch on the estimate's panel). */
    remindersPaused: boolean('proposal_reminders_paused').notNull().default(false),
    /** Where its link points (PUBLIC_URL, else the origin it was sent from): reminders, mailed by a job, link there too. */
    linkBase: varchar('proposal_link_base', { length: 300 }),
    /** When its reminder sequence started: the send, else the last mail again or extension (null: sentAt). */
    remindersFrom: at('proposal_reminders_from'),
    version: integer('proposal_version').notNull().default(1),
    createdAt: at('proposal_created_at').notNull().defaultNow(),
    updatedAt: at('proposal_updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('proposals_token_hash_idx').on(t.tokenHash),
    index('proposals_estimate_idx').on(t.estimateID, t.sentAt),
    index('proposals_open_idx')
      .on(t.sentAt)
      .where(sql`${t.status} in ('sent', 'viewed')`),
  ],
);

/** Requests to the public proposal routes per client address and minute, for rate limiting across servers. */
export const publicHits = pgTable(
  'public_hits',
  {
    client: varchar('public_hit_client', { length: 64 }).notNull(),
    windowStart: at('public_hit_window').notNull(),
    count: integer('public_hit_count').notNull().default(0),
  },
  (t) => [uniqueIndex('public_hits_client_window_idx').on(t.client, t.windowStart), index('public_hits_window_idx').on(t.windowStart)],
);
