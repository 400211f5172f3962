import type { Actions } from '../../../schema/actions';
import type { ActionAnswer } from '../../../schema/actions/defineAction';
import type { PdfStatus, ProposalStatus, SignedPdfStatus } from '../../../domain/proposals';
import type { ProposalType } from '../../../domain/printing';
import type { ReminderKind } from '../../../domain/followUps';

/** A sent proposal as the office sees it (GET /api/estimates/:id/proposals). */
export interface OfficeProposal {
  id: number;
  sentAt: string;
  sentBy: { id: number; name: string } | null;
  to: string[];
  cc: string[];
  subject: string;
  printType: ProposalType;
  approval: boolean;
  validUntil: string;
  status: ProposalStatus;
  /** Withdrawn because a newer proposal of the estimate was sent. */
  superseded: boolean;
  viewedAt: string | null;
  viewCount: number;
  respondedAt: string | null;
  /** queued, sending, sent, failed or notConfigured. */
  deliveryStatus: string | null;
  deliveryError: string | null;
  deliveredAt: string | null;
  /** Why the mail is being tried again (a passing failure), and when next; null otherwise. */
  retryError?: string | null;
  nextAttemptAt?: string | null;
  /** Null until the job that makes the PDF after the send has stored it. */
  pdfSha256: string | null;
  pdfStatus: PdfStatus;
  signedPdfSha256: string | null;
  signedPdfStatus: SignedPdfStatus;
  link: string | null;
  signerName: string | null;
  responseMessage: string | null;
  acceptedWorkAreaIDs: number[] | null;
  /** Follow-ups (issue 39): no automatic reminders for this proposal. */
  remindersPaused: boolean;
  /** Reminders mailed to the client, oldest first. */
  reminders: { sentAt: string; kind: ReminderKind; deliveryError?: string }[];
  /** When the next automatic reminder goes (null: none left, paused or not open). */
  nextReminderAt: string | null;
}

/** What a send answers (src/schema/actions/proposals.ts). */
export type SentProposal = ActionAnswer<Actions['sendProposal']>;
