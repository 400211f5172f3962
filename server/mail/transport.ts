import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ResolvedMail } from './mailSettings';

/** How long the SMTP conversation may stall at each step before the message counts as failed. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface OutgoingMessage {
  to: string[];
  cc?: string[];
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
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
  const transporter = nodemailer.createTransport(options);
  try {
    const info = await transporter.sendMail({
      from: mail.from,
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
