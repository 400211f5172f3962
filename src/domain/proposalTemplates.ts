/**
 * The subject and message a proposal is sent with (issue 22): templates kept in Settings ›
 * Company › Email, with placeholders filled from the estimate. Shared by the server (defaults,
 * limits) and the send dialog (prefilling). Pure.
 */

export const PROPOSAL_PLACEHOLDERS = ['customer', 'project', 'estimateNumber', 'company', 'validUntil'] as const;
export type ProposalPlaceholder = (typeof PROPOSAL_PLACEHOLDERS)[number];
export type PlaceholderValues = Record<ProposalPlaceholder, string>;
/** A reminder's subject and message (issue 39): the send's placeholders and the client's link. */
export const FOLLOW_UP_PLACEHOLDERS = [...PROPOSAL_PLACEHOLDERS, 'link'] as const;
export type FollowUpPlaceholder = (typeof FOLLOW_UP_PLACEHOLDERS)[number];

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;

export const DEFAULT_SUBJECT_TEMPLATE = 'Proposal {estimateNumber} from {company}: {project}';
export const DEFAULT_MESSAGE_TEMPLATE = [
  'Dear {customer},',
  '',
  // One line per paragraph: the mail keeps the lines as typed, and a phone wraps them itself.
  'Thank you for the opportunity to quote {project}. Our proposal is attached, and you can review it, choose the work you would like and sign it online with the button below.',
  '',
  'The proposal is valid until {validUntil}.',
  '',
  'Kind regards,',
  '{company}',
].join('\n');

const PLACEHOLDER = /\{(\w+)\}/g;

/** The template with each known placeholder replaced by its value; unknown ones stay as typed. */
export function fillTemplate(
  template: string,
  values: Partial<Record<FollowUpPlaceholder, string>>,
  known: readonly string[] = PROPOSAL_PLACEHOLDERS,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    return known.includes(name) && value !== undefined ? value : whole;
  });
}

/** The placeholders a template uses that are not known ({custmer}), for the settings form to flag. */
export function unknownPlaceholders(template: string, known: readonly string[] = PROPOSAL_PLACEHOLDERS): string[] {
  const unknown = new Set<string>();
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    if (!known.includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/** "December 24, 2026" from YYYY-MM-DD: how a valid-until date reads in a message. */
export function longDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const month = months[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}, ${match[1]}` : isoDate;
}

/** The words of the mail the client and the office receive (issue 35), once. */
export const MAIL_LANG = 'en';
export const mailWords = {
  reviewAndSign: 'Review and sign',
  viewSigned: 'View your signed proposal',
  total: 'Total',
  validUntil: 'Valid until',
  linkFallback: 'If the button does not work, copy this address into your browser:',
  signedThanks: (signer: string) => `Thank you, ${signer}.`,
  signedAttached: (label: string) => `Your signed proposal ${label} is attached for your records.`,
  noticeTheirMessage: 'Their message:',
} as const;
