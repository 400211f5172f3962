import type { ReminderSubject } from '../../src/domain/followUps';
import { isOpenProposal, type ProposalStatus } from '../../src/domain/proposals';
import { proposals } from '../db/tables/proposals';

/** What a proposal's reminders are decided from (its snapshot is read only to mail one). */
export const reminderColumns = {
  id: proposals.id,
  estimateID: proposals.estimateID,
  revision: proposals.revision,
  status: proposals.status,
  sentAt: proposals.sentAt,
  remindersFrom: proposals.remindersFrom,
  remindersPaused: proposals.remindersPaused,
  reminders: proposals.reminders,
  validUntil: proposals.validUntil,
};

export type ReminderRow = { [K in keyof typeof reminderColumns]: (typeof proposals.$inferSelect)[K] };

/**
 * The proposal as the schedule sees it (src/domain/followUps.ts): its sequence starts at the send,
 * or when it was last mailed again or extended, and counts the reminders since then.
 */
export function reminderSubject(row: ReminderRow): ReminderSubject {
  const startedAt = row.remindersFrom ?? row.sentAt;
  return {
    startedAt,
    validUntil: row.validUntil,
    open: isOpenProposal(row.status as ProposalStatus),
    paused: row.remindersPaused,
    reminders: row.reminders
      .map((reminder) => ({ at: new Date(reminder.sentAt), kind: reminder.kind }))
      .filter((reminder) => reminder.at.getTime() >= startedAt.getTime()),
  };
}
