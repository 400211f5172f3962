import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ResolvedMail } from './mailSettings';

/** How long the SMTP conversation may stall at each step before the message counts as failed. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface OutgoingMessage {
  /** The name shown with the From address (the company's): "Greenfield Landscaping" <office@…>. */
  fromName?: string | null;
  to: string[];
  cc?: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
}

/** Network failures that pass: the server was down, busy or cut the line. */
const PASSING_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EGREETING',
]);

/**
 * Whether an SMTP failure may pass if tried again later: a 4xx reply, or the connection refused,
 * reset or timed out. A 5xx reply (mailbox unknown, rejected) and anything else is final.
 */
export function isPassingFailure(error: unknown): boolean {
  const failure = (error ?? {}) as { responseCode?: unknown; code?: unknown; message?: unknown };
  if (typeof failure.responseCode === 'number') return failure.responseCode >= 400 && failure.responseCode < 500;
  if (typeof failure.code === 'string' && PASSING_CODES.has(failure.code)) return true;
  return typeof failure.message === 'string' && /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|timed? ?out/i.test(failure.message);
}

/** The longest SMTP error text kept on a proposal and shown to the office. */
const ERROR_MAX = 500;

/** The SMTP server's answer (or the network's) in words the office can act on, without secrets. */
export function smtpErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // A URL in the message could carry the password of SMTP_URL.
  const safe = text.replace(/[a-z]+:\/\/[^\s@/]*@/gi, (match) => match.replace(/\/\/[^@]*@/, '//…@'));
  return safe.length > ERROR_MAX ? `${safe.slice(0, ERROR_MAX)}…` : safe || 'The mail could not be sent.';
}

/**
 * Sends one message now, through the settings in force; throws the SMTP error when nobody got
 * it. Answers the refusal of the recipients the server turned down while taking the others
 * (undefined when everyone got it).
 */
export async function sendNow(mail: ResolvedMail, message: OutgoingMessage, timeoutMs = SMTP_TIMEOUT_MS): Promise<string | undefined> {
  const options: SMTPTransport.Options = {
    ...mail.transport,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  };
  // Loaded on the first mail: a server that sends none never holds it.
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport(options);
  try {
    const info = await transporter.sendMail({
      // nodemailer quotes and encodes the name; a line break could never reach the header. A
      // MAIL_FROM that already names its sender ("Office" <a@b>) is kept as it is.
      from:
        message.fromName?.trim() && !/[<"]/.test(mail.from)
          ? { name: message.fromName.replace(/[\r\n]+/g, ' ').trim(), address: mail.from }
          : mail.from,
      to: message.to,
      cc: message.cc?.length ? message.cc : undefined,
      replyTo: message.replyTo ?? undefined,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
    });
    const rejected = (info.rejected ?? []).map((address) => (typeof address === 'string' ? address : address.address));
    if (!rejected.length) return undefined;
    const reasons = (info as { rejectedErrors?: unknown[] }).rejectedErrors ?? [];
    return smtpErrorText(`Not delivered to ${rejected.join(', ')}${reasons.length ? `: ${smtpErrorText(reasons[0])}` : ''}`);
  } finally {
    transporter.close();
  }
}
