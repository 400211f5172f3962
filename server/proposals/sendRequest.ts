import { DEFAULT_APPROVAL, PROPOSAL_TYPES, isProposalType, type ProposalType } from '../../src/domain/printing';
import { MESSAGE_MAX, SUBJECT_MAX } from '../../src/domain/proposalTemplates';
import { MAX_TERM_IDS } from '../documents/printParams';
import { badRequest, formInvalid } from '../errors';
import { isEmailAddress } from '../../src/domain/emailAddress';
import { INT4_MAX } from '../../src/schema/validate';
import { addDays, isCalendarDate } from '../../src/domain/officeDate';
import type { ProposalToSend } from '../../src/domain/proposals';

/** The most addresses (to and cc together) one proposal goes to. */
export const MAX_RECIPIENTS = 20;
/** How far ahead a proposal can be valid. */
export const MAX_VALID_DAYS = 366;

/** The body of a send, checked (src/domain/proposals.ts). */
export type SendRequest = ProposalToSend;

// eslint-disable-next-line no-control-regex
const ONE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const TEXT_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function addresses(errors: Record<string, string>, field: string, raw: unknown, required: boolean): string[] {
  if (raw === undefined || raw === null) {
    if (required) errors[field] = 'At least one recipient is required.';
    return [];
  }
  if (!Array.isArray(raw)) {
    errors[field] = `${field} must be a list of email addresses.`;
    return [];
  }
  if (required && !raw.length) errors[field] = 'At least one recipient is required.';
  const bad = raw.find((address) => !isEmailAddress(typeof address === 'string' ? address.trim() : address));
  if (bad !== undefined) {
    errors[field] =
      typeof bad === 'string' ? `${bad.slice(0, 60)} is not a valid email address.` : `${field} must be a list of email addresses.`;
    return [];
  }
  const unique = [...new Set(raw.map((address: string) => address.trim()))];
  return unique;
}

function text(errors: Record<string, string>, field: string, label: string, raw: unknown, max: number, oneLine: boolean): string {
  if (typeof raw !== 'string' || !raw.trim()) {
    errors[field] = raw === undefined || raw === null || typeof raw === 'string' ? `${label} is required.` : `${label} must be text.`;
    return '';
  }
  const value = oneLine ? raw.trim() : raw;
  if (value.length > max) errors[field] = `${label} cannot exceed ${max.toLocaleString('en-US')} characters.`;
  else if ((oneLine ? ONE_LINE_FORBIDDEN : TEXT_FORBIDDEN).test(value))
    errors[field] = `${label} contains characters that are not allowed.`;
  return value;
}

/** POST /api/estimates/:id/proposals: every field checked, one 400 naming each that is wrong. */
export function parseSendRequest(body: unknown, today: string): SendRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const input = body as Record<string, unknown>;
  const errors: Record<string, string> = {};

  const printType = input.printType;
  if (!isProposalType(printType)) errors.printType = `Print type must be one of ${PROPOSAL_TYPES.join(', ')}.`;

  let approval = DEFAULT_APPROVAL;
  if (input.approval !== undefined && input.approval !== null) {
    if (typeof input.approval !== 'boolean') errors.approval = 'Approval must be true or false.';
    else approval = input.approval;
  }

  let tcIDs: number[] = [];
  if (input.tcIDs !== undefined && input.tcIDs !== null) {
    const raw = input.tcIDs;
    if (!Array.isArray(raw) || raw.some((id) => typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1 || id > INT4_MAX)) {
      errors.tcIDs = 'Terms must be a list of term & condition ids.';
    } else if (raw.length > MAX_TERM_IDS) errors.tcIDs = `At most ${MAX_TERM_IDS} terms & conditions.`;
    else if (new Set(raw).size !== raw.length) errors.tcIDs = 'A term & condition is listed more than once.';
    else tcIDs = raw as number[];
  }

  const to = addresses(errors, 'to', input.to, true);
  const cc = addresses(errors, 'cc', input.cc, false);
  if (!errors.to && !errors.cc && to.length + cc.length > MAX_RECIPIENTS) errors.to = `At most ${MAX_RECIPIENTS} recipients in all.`;

  const subject = text(errors, 'subject', 'Subject', input.subject, SUBJECT_MAX, true);
  const message = text(errors, 'message', 'Message', input.message, MESSAGE_MAX, false);

  const validUntil = input.validUntil;
  if (!isCalendarDate(validUntil)) errors.validUntil = 'Valid until must be a date (YYYY-MM-DD).';
  else if (validUntil < today) errors.validUntil = 'Valid until cannot be in the past.';
  else if (validUntil > addDays(today, MAX_VALID_DAYS)) errors.validUntil = 'Valid until can be at most a year ahead.';

  if (Object.keys(errors).length) throw formInvalid(errors);
  return {
    printType: printType as ProposalType,
    approval,
    tcIDs,
    to,
    cc: cc.filter((a) => !to.includes(a)),
    subject,
    message,
    validUntil: validUntil as string,
  };
}
