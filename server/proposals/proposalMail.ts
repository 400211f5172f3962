import type { QueuedMail } from '../mail/outbox';
import { proposalFileName } from '../../src/domain/printing';
import { longDate } from '../../src/domain/proposalTemplates';
import { estimateLabel } from '../../src/domain/estimates';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for HTML: whatever a client or user typed is shown, never interpreted. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

function page(body: string): string {
  return `<!doctype html><html><body style="font-family: Arial, sans-serif; font-size: 14px; color: #222">\n${body}\n</body></html>`;
}

export interface SentProposalMail {
  proposalID: number;
  estimateNumber: number;
  /** The estimate revision the proposal froze (shown with the number). */
  revision: number;
  to: string[];
  cc: string[];
  replyTo: string | null;
  subject: string;
  message: string;
  link: string;
}

/** The proposal to the client: the sender's message, the link to review and sign, the PDF attached. */
export function proposalMail(mail: SentProposalMail): QueuedMail {
  const linkLine = 'Review, choose and sign the proposal online:';
  return {
    proposalID: mail.proposalID,
    kind: 'proposal',
    to: mail.to,
    cc: mail.cc,
    replyTo: mail.replyTo,
    subject: mail.subject,
    text: `${mail.message}\n\n${linkLine}\n${mail.link}\n`,
    html: page(`${paragraphs(mail.message)}\n<p>${linkLine}<br><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`),
    attachments: [{ filename: proposalFileName(mail.estimateNumber), source: 'proposalPdf' }],
  };
}

/** The signed proposal back to the client. */
export function signedMail(args: {
  proposalID: number;
  estimateNumber: number;
  /** The estimate revision the proposal froze (shown with the number). */
  revision: number;
  to: string[];
  cc: string[];
  replyTo: string | null;
  company: string;
  signerName: string;
}): QueuedMail {
  const text = [
    `Thank you, ${args.signerName}.`,
    '',
    `Your signed proposal ${estimateLabel(args.estimateNumber, args.revision)} is attached for your records.`,
    '',
    args.company,
  ].join('\n');
  return {
    proposalID: args.proposalID,
    kind: 'signed',
    to: args.to,
    cc: args.cc,
    replyTo: args.replyTo,
    subject: `Signed proposal ${estimateLabel(args.estimateNumber, args.revision)} — ${args.company}`.slice(0, 300),
    text,
    html: page(paragraphs(text)),
    attachments: [{ filename: `Signed-${proposalFileName(args.estimateNumber)}`, source: 'signedPdf' }],
  };
}

/** A notice to the office: the client answered. */
export function noticeMail(args: {
  proposalID: number;
  to: string;
  estimateNumber: number;
  /** The estimate revision the proposal froze (shown with the number). */
  revision: number;
  projectName: string;
  customerName: string;
  what: string;
  message: string | null;
  validUntil?: string;
  attachSigned?: boolean;
}): QueuedMail {
  const lines = [
    `${args.customerName} ${args.what} proposal ${estimateLabel(args.estimateNumber, args.revision)} (${args.projectName}).`,
    ...(args.message ? ['', 'Their message:', args.message] : []),
    ...(args.validUntil ? ['', `It was valid until ${longDate(args.validUntil)}.`] : []),
  ];
  const text = lines.join('\n');
  return {
    proposalID: args.proposalID,
    kind: 'notice',
    to: [args.to],
    subject: `Proposal ${estimateLabel(args.estimateNumber, args.revision)}: ${args.customerName} ${args.what} it`.slice(0, 300),
    text,
    html: page(paragraphs(text)),
    attachments: args.attachSigned ? [{ filename: `Signed-${proposalFileName(args.estimateNumber)}`, source: 'signedPdf' }] : [],
  };
}
