/** The office's proposal actions (issue 22): send, withdraw, mail again. */
import { z } from 'zod';
import { DEFAULT_APPROVAL, MAX_TERM_IDS, PROPOSAL_TYPES, type ProposalType } from '../../domain/printing';
import { MAX_RECIPIENTS, MAX_VALID_DAYS, PDF_STATUSES } from '../../domain/proposals';
import { MESSAGE_MAX, SUBJECT_MAX } from '../../domain/proposalTemplates';
import { addDays } from '../../domain/officeDate';
import { estimates } from '../estimates';
import { idSchema } from './answers';
import { addressList, calendarDay, flag, idList, requiredText } from './fields';
import { defineAction, entityTag, type ActionBody, type ActionContext } from './defineAction';
import { PROPOSALS_QUERY, REVISIONS_QUERY } from './queryNames';

/** The queries a change to an estimate's proposals makes stale: the panel, the estimate (its status) and its revisions. */
const PROPOSAL_QUERIES = [PROPOSALS_QUERY, estimates.name, REVISIONS_QUERY] as const;

export const sendMessages = {
  recipientRequired: 'At least one recipient is required.',
  tooManyRecipients: `At most ${MAX_RECIPIENTS} recipients in all.`,
  printType: `Print type must be one of ${PROPOSAL_TYPES.join(', ')}.`,
  validUntilPast: 'Valid until cannot be in the past.',
  validUntilFar: 'Valid until can be at most a year ahead.',
} as const;

/** The body of a send, its checks and messages; `today` is the office's day. */
export const sendProposalBody = ({ today }: ActionContext) =>
  z
    .object({
      printType: z.enum(PROPOSAL_TYPES as [ProposalType, ...ProposalType[]], { error: sendMessages.printType }),
      approval: flag('Approval', DEFAULT_APPROVAL),
      tcIDs: idList(
        {
          invalid: 'Terms must be a list of term & condition ids.',
          tooMany: `At most ${MAX_TERM_IDS} terms & conditions.`,
          repeated: 'A term & condition is listed more than once.',
        },
        MAX_TERM_IDS,
      )
        .nullish()
        .transform((ids) => ids ?? []),
      to: addressList('to', { required: sendMessages.recipientRequired }),
      cc: addressList('cc'),
      subject: requiredText('Subject', { max: SUBJECT_MAX, oneLine: true }),
      message: requiredText('Message', { max: MESSAGE_MAX }),
      validUntil: calendarDay('Valid until')
        .refine((day) => day >= today, { error: sendMessages.validUntilPast, abort: true })
        .refine((day) => day <= addDays(today, MAX_VALID_DAYS), { error: sendMessages.validUntilFar }),
    })
    .refine((body) => body.to.length + body.cc.length <= MAX_RECIPIENTS, { error: sendMessages.tooManyRecipients, path: ['to'] })
    // An address in both is mailed once, as a recipient.
    .overwrite((body) => ({ ...body, cc: body.cc.filter((address) => !body.to.includes(address)) }));

/** A send as checked: what is sent, to whom, and until when it can be accepted. */
export type ProposalToSend = ActionBody<typeof sendProposal>;

export const sendProposal = defineAction({
  name: 'sendProposal',
  method: 'POST',
  path: '/estimates/:id/proposals',
  access: 'user',
  tag: entityTag(estimates),
  summary: 'Send the proposal to the client',
  description:
    'Freezes the estimate (its current revision, kept as it is when already frozen, and the snapshot), withdraws its earlier open proposals, moves it to Client Proposal Phase when In Progress, and queues the job that renders the PDF (with its SHA-256) and the mail with the PDF and the link, which waits for the PDF. Answers once the PDF is made, or after 15 s with `pdfStatus` pending (the proposal shows when it is ready). Without mail settings the proposal is still made (mailConfigured false): copy the link.',
  body: sendProposalBody,
  status: 201,
  answer: z.object({ id: idSchema, link: z.string(), mailConfigured: z.boolean(), pdfStatus: z.enum(PDF_STATUSES) }),
  errors: [409],
  invalidates: PROPOSAL_QUERIES,
});

export const withdrawProposal = defineAction({
  name: 'withdrawProposal',
  method: 'POST',
  path: '/proposals/:id/withdraw',
  access: 'user',
  tag: 'Proposals',
  summary: 'Withdraw an open proposal',
  status: 200,
  answer: z.object({ id: idSchema }),
  errors: [409],
  invalidates: PROPOSAL_QUERIES,
});

export const resendProposal = defineAction({
  name: 'resendProposal',
  method: 'POST',
  path: '/proposals/:id/resend',
  access: 'user',
  tag: 'Proposals',
  summary: 'Send the proposal mail again',
  status: 200,
  answer: z.object({ id: idSchema }),
  errors: [409],
  invalidates: PROPOSAL_QUERIES,
});
