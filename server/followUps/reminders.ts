import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ReminderKind } from '../../src/domain/followUps';
import { addDays } from '../../src/domain/officeDate';
import type { Db } from '../db/connection';
import { followUpSettings } from '../db/officeSettings';
import { proposals, type StoredReminder } from '../db/tables/proposals';
import { replyAddress } from '../company/replyTo';
import { enqueueMail } from '../mail/outbox';
import { unseal } from '../mail/secretBox';
import { reminderMail } from '../proposals/proposalMail';
import type { ProposalSnapshot } from '../proposals/snapshot';
import { proposalLink } from '../proposals/tokens';
import { reminderColumns, type ReminderRow } from '../proposals/reminderState';

/** Open proposals whose reminders are not paused and whose last day is not long gone: those the schedule looks at. */
export function remindable(db: Db, today: string) {
  return db
    .select(reminderColumns)
    .from(proposals)
    .where(
      and(
        inArray(proposals.status, ['sent', 'viewed']),
        eq(proposals.remindersPaused, false),
        // A day of slack: the office's zone may be behind the day the query is asked on.
        gte(proposals.validUntil, addDays(today, -1)),
      ),
    );
}

export interface ReminderOptions {
  secret: string;
  /** PUBLIC_URL: the link's base for proposals sent before each kept its own. */
  publicUrl?: string;
  now: number;
  /** The sweep passes over a proposal another server is reminding (SKIP LOCKED); a user's click waits for it. */
  skipLocked: boolean;
}

/**
 * Mails a reminder of the proposal when `decide` — asked again on its row, locked FOR UPDATE —
 * answers a kind: the reminder is recorded on the proposal and its mail queued in the same
 * transaction, so that two servers, or a click and the schedule, never send the same one twice.
 * Answers the kind mailed, or null (nothing was due, or the link cannot be made).
 */
export async function mailReminder(
  db: Db,
  proposalID: number,
  decide: (row: ReminderRow) => ReminderKind | null,
  { secret, publicUrl, now, skipLocked }: ReminderOptions,
): Promise<ReminderKind | null> {
  return db.transaction(async (tx) => {
    const locking = tx
      .select({
        ...reminderColumns,
        tokenSealed: proposals.tokenSealed,
        linkBase: proposals.linkBase,
        to: proposals.to,
        cc: proposals.cc,
        snapshot: proposals.snapshot,
      })
      .from(proposals)
      .where(eq(proposals.id, proposalID));
    const [row] = await (skipLocked ? locking.for('update', { skipLocked: true }) : locking.for('update'));
    if (!row) return null;
    const kind = decide(row);
    if (!kind) return null;
    const token = unseal(secret, 'proposal-token', row.tokenSealed);
    const linkBase = row.linkBase ?? publicUrl;
    if (!token || !linkBase) return null;
    const template = await followUpSettings(tx);
    const mailID = await enqueueMail(
      tx,
      reminderMail({
        proposalID: row.id,
        snapshot: row.snapshot as ProposalSnapshot,
        revision: row.revision,
        to: row.to,
        cc: row.cc,
        replyTo: await replyAddress(tx, row.estimateID),
        template,
        link: proposalLink(linkBase, token),
        validUntil: row.validUntil,
      }),
    );
    const reminder: StoredReminder = { sentAt: new Date(now).toISOString(), kind, mailID };
    await tx
      .update(proposals)
      .set({
        reminders: sql`${proposals.reminders} || ${JSON.stringify([reminder])}::jsonb`,
        updatedAt: sql`now()`,
        version: sql`${proposals.version} + 1`,
      })
      .where(eq(proposals.id, row.id));
    return kind;
  });
}
