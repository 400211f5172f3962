import type { QueuedMail } from '../mail/outbox';
import type { OutboxAttachment } from '../db/tables/mail';
import { LOGO_CID, renderLetter, type LetterCompany } from '../mail/templates/letterMail';
import { proposalFileName, showsPrices } from '../../src/domain/printing';
import { FOLLOW_UP_PLACEHOLDERS, fillTemplate, longDate, mailWords } from '../../src/domain/proposalTemplates';
import { estimateLabel } from '../../src/domain/estimates';
import { estimatePricing } from '../../src/domain/pricing';
import { formatMoney } from '../../src/domain/money';
import type { ProposalSnapshot } from './snapshot';

export { escapeHtml } from '../mail/templates/letterMail';

/** The letterhead a proposal froze, as the letter shows it. */
function companyOf(snapshot: ProposalSnapshot): LetterCompany {
  const { company } = snapshot.data;
  return { ...company, hasLogo: Boolean(company.logo) };
}

/** The logo attachment (the snapshot's logo, by Content-ID), when the letterhead has one. */
function logoAttachments(snapshot: ProposalSnapshot): OutboxAttachment[] {
  return snapshot.data.company.logo ? [{ filename: 'logo', source: 'snapshotLogo', cid: LOGO_CID }] : [];
}

/** The proposal's total as the client sees it, or undefined when its print type shows no prices. */
export function proposalTotal(snapshot: ProposalSnapshot): string | undefined {
  if (!showsPrices(snapshot.printType)) return undefined;
  const { areas, estimate } = snapshot.data;
  const pricing = estimatePricing(
    areas.map((area) => ({ subtotal: area.subtotal, tax: area.tax, isIncluded: true })),
    estimate.discount,
  );
  return formatMoney(pricing.total);
}

/** Total (when shown) and Valid until. */
function proposalFacts(snapshot: ProposalSnapshot, validUntil: string) {
  const total = proposalTotal(snapshot);
  return [...(total ? [{ label: mailWords.total, value: total }] : []), { label: mailWords.validUntil, value: longDate(validUntil) }];
}

export interface SentProposalMail {
  proposalID: number;
  snapshot: ProposalSnapshot;
  /** The estimate revision the proposal froze (shown with the number). */
  revision: number;
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  message: string;
  link: string;
  validUntil: string;
}

/** A letter to the client about the proposal as sent: the message, the total and Valid until, Review and sign. */
function reviewLetter(mail: SentProposalMail, kind: 'proposal' | 'reminder', attachments: OutboxAttachment[]): QueuedMail {
  const letter = renderLetter({
    subject: mail.subject,
    company: companyOf(mail.snapshot),
    message: mail.message,
    facts: proposalFacts(mail.snapshot, mail.validUntil),
    button: { label: mailWords.reviewAndSign, url: mail.link },
  });
  return {
    proposalID: mail.proposalID,
    kind,
    to: mail.to,
    cc: mail.cc,
    replyTo: mail.replyTo,
    subject: mail.subject,
    ...letter,
    attachments,
  };
}

/** The proposal to the client: the letter with the sender's message, the total, Review and sign, the PDF attached. */
export function proposalMail(mail: SentProposalMail): QueuedMail {
  const { snapshot } = mail;
  return reviewLetter(mail, 'proposal', [
    { filename: proposalFileName(snapshot.data.estimate.number), source: 'proposalPdf' },
    ...logoAttachments(snapshot),
  ]);
}

/**
 * A reminder to the client (issue 39): the subject and message of Settings › Company ›
 * Follow-ups filled from the proposal as it was sent, the total and Valid until, and Review and
 * sign. No PDF: the first mail carried it, and the button opens it again.
 */
export function reminderMail(
  mail: Omit<SentProposalMail, 'subject' | 'message'> & { template: { subject: string; message: string } },
): QueuedMail {
  const { estimate, customer, company } = mail.snapshot.data;
  const values = {
    customer: customer.name,
    project: estimate.projectName,
    estimateNumber: estimateLabel(estimate.number, mail.revision),
    company: company.name,
    validUntil: longDate(mail.validUntil),
    link: mail.link,
  };
  const subject = fillTemplate(mail.template.subject, values, FOLLOW_UP_PLACEHOLDERS).slice(0, 300);
  const message = fillTemplate(mail.template.message, values, FOLLOW_UP_PLACEHOLDERS);
  return reviewLetter({ ...mail, subject, message }, 'reminder', logoAttachments(mail.snapshot));
}

/** The signed proposal back to the client. */
export function signedMail(args: {
  proposalID: number;
  snapshot: ProposalSnapshot;
  /** The estimate revision the proposal froze (shown with the number). */
  revision: number;
  to: string[];
  cc: string[];
  replyTo: string | null;
  signerName: string;
  validUntil: string;
  /** The client's page, to see the signed proposal again. */
  link?: string | null;
}): QueuedMail {
  const { snapshot } = args;
  const label = estimateLabel(snapshot.data.estimate.number, args.revision);
  const company = companyOf(snapshot);
  const subject = `Signed proposal ${label} — ${company.name}`.slice(0, 300);
  const letter = renderLetter({
    subject,
    company,
    message: [mailWords.signedThanks(args.signerName), mailWords.signedAttached(label)].join('\n\n'),
    facts: proposalFacts(snapshot, args.validUntil),
    ...(args.link ? { button: { label: mailWords.viewSigned, url: args.link } } : {}),
  });
  return {
    proposalID: args.proposalID,
    kind: 'signed',
    to: args.to,
    cc: args.cc,
    replyTo: args.replyTo,
    subject,
    ...letter,
    attachments: [
      { filename: `Signed-${proposalFileName(snapshot.data.estimate.number)}`, source: 'signedPdf' },
      ...logoAttachments(snapshot),
    ],
  };
}

/** A notice to the office: the client answered. */
export function noticeMail(args: {
  proposalID: number;
  snapshot: ProposalSnapshot;
  to: string;
  /** The estimate revision the proposal froze (shown with the number). */
  revision: number;
  what: string;
  message: string | null;
  validUntil?: string;
  attachSigned?: boolean;
}): QueuedMail {
  const { snapshot } = args;
  const { estimate, customer } = snapshot.data;
  const label = estimateLabel(estimate.number, args.revision);
  const subject = `Proposal ${label}: ${customer.name} ${args.what} it`.slice(0, 300);
  const message = [
    `${customer.name} ${args.what} proposal ${label} (${estimate.projectName}).`,
    ...(args.message ? [`${mailWords.noticeTheirMessage}\n${args.message}`] : []),
  ].join('\n\n');
  const letter = renderLetter({
    subject,
    company: companyOf(snapshot),
    message,
    ...(args.validUntil ? { facts: proposalFacts(snapshot, args.validUntil) } : {}),
  });
  return {
    proposalID: args.proposalID,
    kind: 'notice',
    to: [args.to],
    subject,
    ...letter,
    attachments: [
      ...(args.attachSigned ? [{ filename: `Signed-${proposalFileName(estimate.number)}`, source: 'signedPdf' as const }] : []),
      ...logoAttachments(snapshot),
    ],
  };
}
