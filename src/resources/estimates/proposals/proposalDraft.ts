import { invalidEmailMessage, isEmailAddress } from '../../../domain/emailAddress';
import { MESSAGE_MAX, SUBJECT_MAX } from '../../../domain/proposalTemplates';

/** What the user writes in the send dialog. */
export interface ProposalDraft {
  to: string[];
  cc: string[];
  subject: string;
  message: string;
  validUntil: string;
}

const addressError = (addresses: string[]) => {
  const wrong = addresses.find((address) => !isEmailAddress(address));
  return wrong === undefined ? undefined : invalidEmailMessage(wrong);
};

/** The send dialog's messages, by field (the server refuses the same things). */
export function proposalDraftErrors(draft: ProposalDraft, today: string): Partial<Record<keyof ProposalDraft, string>> {
  const errors: Partial<Record<keyof ProposalDraft, string>> = {};
  const to = draft.to.length ? addressError(draft.to) : 'Add at least one recipient.';
  if (to) errors.to = to;
  const cc = addressError(draft.cc);
  if (cc) errors.cc = cc;
  if (!draft.subject.trim()) errors.subject = 'Subject is required.';
  else if (draft.subject.length > SUBJECT_MAX) errors.subject = `Subject can be at most ${SUBJECT_MAX} characters.`;
  if (!draft.message.trim()) errors.message = 'Message is required.';
  else if (draft.message.length > MESSAGE_MAX) errors.message = `Message can be at most ${MESSAGE_MAX} characters.`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.validUntil)) errors.validUntil = 'Valid until must be a date.';
  else if (draft.validUntil < today) errors.validUntil = 'Valid until cannot be in the past.';
  return errors;
}
