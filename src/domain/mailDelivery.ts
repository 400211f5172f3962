/**
 * How outgoing mail is retried (issue 35): the rules the outbox follows and the words the
 * office reads about it. Shared by the server (server/mail/outbox.ts) and the SPA (the failed
 * mail lists). Pure.
 */

/** A message that keeps failing for a passing reason is tried again for this long after its first failure. */
export const MAIL_RETRY_FOR_MS = 6 * 60 * 60 * 1000 + 5 * 60 * 1000;

/** Waits between tries: 1, 2, 4, 8, 16, 32 minutes, then every hour. */
const FIRST_DELAY_MS = 60 * 1000;
const LONGEST_DELAY_MS = 60 * 60 * 1000;

/** How long to wait after the `failures`-th failure (1 = the first) before trying again. */
export function retryDelayMs(failures: number): number {
  const doubled = FIRST_DELAY_MS * 2 ** Math.max(0, Math.min(failures - 1, 20));
  return Math.min(doubled, LONGEST_DELAY_MS);
}

/** Whether a message that first failed at `firstFailedAt` (ms) may still be tried at `now` (ms). */
export function stillRetrying(firstFailedAt: number, now: number): boolean {
  return now - firstFailedAt < MAIL_RETRY_FOR_MS;
}

/** The kinds of message the office can see fail and send again. */
export const MAIL_KINDS = ['proposal', 'signed', 'notice', 'test'] as const;
export type MailKindName = (typeof MAIL_KINDS)[number];

export const mailKindLabels: Record<MailKindName, string> = {
  proposal: 'Proposal to the client',
  signed: 'Signed copy to the client',
  notice: 'Notice to the office',
  test: 'Test email',
};

/** A failed message as GET /api/mail/failed lists it. */
export interface FailedMail {
  id: number;
  kind: MailKindName;
  proposalID: number | null;
  estimateID: number | null;
  /** #1042-R2, or null for mail of no estimate. */
  estimateLabel: string | null;
  to: string[];
  subject: string;
  error: string;
  attempts: number;
  createdAt: string;
  failedAt: string | null;
}

export const mailTexts = {
  failedHeading: 'Mail that could not be delivered',
  noneFailed: 'Every message was delivered or is still being tried.',
  resend: 'Send again',
  resent: 'The message is queued to go out again.',
  retryNote: 'Messages that fail for a passing reason are tried again for six hours before they are listed here.',
  notFailed: 'Only a message that failed can be sent again.',
  notFound: 'Message not found.',
  waitingForPdf: 'Waiting for its PDF to be made.',
  interrupted: 'Delivery was interrupted too many times.',
} as const;
