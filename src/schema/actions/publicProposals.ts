/**
 * The client's answers on the public proposal page (issue 22): accept and sign, decline, ask for
 * changes. No sign-in: the link's token is the key. What depends on the proposal (its areas,
 * whether it can be taken in part) is checked by the server once the body passed these.
 */
import { z } from 'zod';
import {
  MAX_SIGNATURE_BYTES,
  MAX_SIGNATURE_HEIGHT,
  MAX_SIGNATURE_WIDTH,
  PROPOSAL_STATUSES,
  signerNameProblem,
} from '../../domain/proposals';
import { LOST_REASON_MAX } from '../../domain/lostReasons';
import { defineAction } from './defineAction';
import { isJsonObject, optionalText, requiredText } from './fields';

const TAG = 'Client proposal page';
export const SIGNER_NAME_MAX = 100;
export const REASON_MAX = 5_000;

export const answerMessages = {
  areas: 'Choose the work areas you accept.',
  signature: 'Sign by drawing or typing your name.',
} as const;

/** A name as it will print on the signed proposal: one line, a letter at least, no bidi control. */
const signerName = (label: string) =>
  requiredText(label, { max: SIGNER_NAME_MAX, oneLine: true }).superRefine((name, context) => {
    const problem = signerNameProblem(name, label);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const typedSignature = signerName('The typed signature');
const answered = z.object({ status: z.enum(PROPOSAL_STATUSES) });
const ANSWER_ERRORS = [409, 410, 429] as const;

export const acceptProposal = defineAction({
  name: 'acceptProposal',
  method: 'POST',
  path: '/public/proposals/:token/accept',
  textParams: ['token'],
  access: 'public',
  tag: TAG,
  summary: 'Accept and sign',
  description:
    `signature: a PNG data URL of at most ${MAX_SIGNATURE_BYTES} bytes and ${MAX_SIGNATURE_WIDTH} × ${MAX_SIGNATURE_HEIGHT} pixels, or {typed: name}. ` +
    "Answered → 409; expired or withdrawn → 410; the client address's share of the heavy work taken → 429.",
  body: z.object({
    acceptedWorkAreaIDs: z.array(z.number({ error: answerMessages.areas }).int({ error: answerMessages.areas }), {
      error: answerMessages.areas,
    }),
    signerName: signerName('Your name'),
    signature: z
      .unknown()
      .transform((raw, context): { drawn: string } | { typed: string } => {
        if (typeof raw === 'string') return { drawn: raw };
        if (isJsonObject(raw) && Object.keys(raw).join() === 'typed') {
          const typed = typedSignature.safeParse(raw.typed);
          if (typed.success) return { typed: typed.data };
          context.addIssue({ code: 'custom', message: typed.error.issues[0].message });
          return z.NEVER;
        }
        context.addIssue({ code: 'custom', message: answerMessages.signature });
        return z.NEVER;
      })
      .describe('A PNG data URL (drawn), or {typed: name}.'),
  }),
  status: 200,
  answer: answered,
  errors: [...ANSWER_ERRORS, 422],
  invalidates: [],
});

export const declineProposal = defineAction({
  name: 'declineProposal',
  method: 'POST',
  path: '/public/proposals/:token/decline',
  textParams: ['token'],
  access: 'public',
  tag: TAG,
  summary: 'Decline',
  description:
    '`lostReason`: one of the reasons the page offers (`lostReasons` of the proposal), else 400; when the decline makes the estimate Estimate Lost it becomes its lost reason (none chosen: “No response”), and `reason` its note.',
  body: z.object({
    lostReason: optionalText('The reason', { max: LOST_REASON_MAX, oneLine: true }),
    reason: optionalText('The reason', { max: REASON_MAX }),
  }),
  status: 200,
  answer: answered,
  errors: ANSWER_ERRORS,
  invalidates: [],
});

export const requestProposalChanges = defineAction({
  name: 'requestProposalChanges',
  method: 'POST',
  path: '/public/proposals/:token/requestChanges',
  textParams: ['token'],
  access: 'public',
  tag: TAG,
  summary: 'Ask for changes',
  body: z.object({ message: requiredText('Your message', { max: REASON_MAX }).transform((message) => message.trim()) }),
  status: 200,
  answer: answered,
  errors: ANSWER_ERRORS,
  invalidates: [],
});
