import { eq, sql } from 'drizzle-orm';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import {
  DEFAULT_MESSAGE_TEMPLATE,
  DEFAULT_SUBJECT_TEMPLATE,
  MESSAGE_MAX,
  SUBJECT_MAX,
  unknownPlaceholders,
} from '../../src/domain/proposalTemplates';
import type { Db } from '../db/connection';
import { companyMail } from '../db/tables/mail';
import { badRequest, conflict, formInvalid } from '../errors';
import { seal, unseal } from './secretBox';
import { INT4_MAX } from '../../src/schema/validate';
import { EMAIL_MAX, isEmailAddress } from '../../src/domain/emailAddress';
import { MAIL_SECURITIES, type MailSecurity, type MailSettings } from '../../src/schema/mailSettings';

const ROW_ID = 1;
export const MAIL_NOT_CONFIGURED = 'Mail is not set up: fill in Settings › Company › Email (or set SMTP_URL and MAIL_FROM).';

/** What the environment says (SMTP_URL, MAIL_FROM); it wins over the stored settings. */
export interface MailEnvironment {
  smtpUrl?: string;
  mailFrom?: string;
}

/** How to reach the SMTP server and who mail is from, once settled. */
export interface ResolvedMail {
  source: 'environment' | 'settings';
  transport: SMTPTransport.Options;
  from: string;
}

type Row = typeof companyMail.$inferSelect;

async function readRow(db: Db): Promise<Row | undefined> {
  const [row] = await db.select().from(companyMail).where(eq(companyMail.id, ROW_ID));
  return row;
}

function transportFromRow(row: Row, secret: string): SMTPTransport.Options {
  const security = (MAIL_SECURITIES as readonly string[]).includes(row.security) ? (row.security as MailSecurity) : 'starttls';
  const password = row.passwordSealed ? unseal(secret, 'smtp-password', row.passwordSealed) : undefined;
  return {
    host: row.host ?? undefined,
    port: row.port ?? (security === 'tls' ? 465 : 587),
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    ignoreTLS: security === 'none',
    ...(row.username ? { auth: { user: row.username, pass: password ?? '' } } : {}),
  };
}

/** The mail settings in force: the environment's, else the stored ones, else none (undefined). */
export async function resolveMail(db: Db, secret: string, env: MailEnvironment): Promise<ResolvedMail | undefined> {
  const row = await readRow(db);
  if (env.smtpUrl) {
    const from = env.mailFrom ?? row?.fromAddress ?? undefined;
    return from ? { source: 'environment', transport: { url: env.smtpUrl } as SMTPTransport.Options, from } : undefined;
  }
  if (row?.host && row.fromAddress) return { source: 'settings', transport: transportFromRow(row, secret), from: row.fromAddress };
  return undefined;
}

/** The templates the send dialog starts from (the defaults until the office edits them). */
export async function readTemplates(db: Db): Promise<{ subjectTemplate: string; messageTemplate: string }> {
  const row = await readRow(db);
  return {
    subjectTemplate: row?.subjectTemplate ?? DEFAULT_SUBJECT_TEMPLATE,
    messageTemplate: row?.messageTemplate ?? DEFAULT_MESSAGE_TEMPLATE,
  };
}

export async function readMailSettings(db: Db, secret: string, env: MailEnvironment): Promise<MailSettings> {
  const [row, resolved, templates] = await Promise.all([readRow(db), resolveMail(db, secret, env), readTemplates(db)]);
  return {
    source: resolved?.source ?? 'none',
    configured: Boolean(resolved),
    host: row?.host ?? null,
    port: row?.port ?? null,
    security: (row?.security as MailSecurity | undefined) ?? 'starttls',
    username: row?.username ?? null,
    passwordSet: Boolean(row?.passwordSealed),
    fromAddress: row?.fromAddress ?? null,
    ...templates,
    version: row?.version ?? 0,
  };
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f]/;
const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$|^\[[0-9A-Fa-f:.]+\]$/;

/** A string field: null/'' → null; not a string, too long, or control characters → a message. */
function optionalText(
  errors: Record<string, string>,
  body: Record<string, unknown>,
  field: string,
  label: string,
  max: number,
  oneLine = true,
): string | null | undefined {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') {
    errors[field] = `${label} must be text.`;
    return undefined;
  }
  const trimmed = oneLine ? value.trim() : value;
  if (!trimmed.trim()) return null;
  if (trimmed.length > max) errors[field] = `${label} cannot exceed ${max} characters.`;
  else if ((oneLine ? LINE_BREAK_OR_CONTROL : CONTROL).test(trimmed)) errors[field] = `${label} contains characters that are not allowed.`;
  return trimmed;
}

/**
 * PUT /api/company/mail: the whole settings with the version they were read at (0 before the
 * first save). `password`: a new one to keep; omitted or '' keeps the stored one;
 * `null` forgets it.
 */
export async function saveMailSettings(db: Db, secret: string, env: MailEnvironment, body: unknown): Promise<MailSettings> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
  const input = body as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const version = input.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    throw badRequest('The mail settings must be sent with their version: reload them and try again.');
  }
  if (version > INT4_MAX) throw badRequest('Version is invalid.');
  const host = optionalText(errors, input, 'host', 'Host', 253);
  if (host && !errors.host && !HOST.test(host)) errors.host = 'Host must be a host name or an IP address.';
  let port: number | null = null;
  if (input.port !== undefined && input.port !== null && input.port !== '') {
    if (typeof input.port !== 'number' || !Number.isInteger(input.port) || input.port < 1 || input.port > 65535) {
      errors.port = 'Port must be a whole number from 1 to 65535.';
    } else port = input.port;
  }
  let security: MailSecurity = 'starttls';
  if (input.security !== undefined && input.security !== null) {
    if (!(MAIL_SECURITIES as readonly unknown[]).includes(input.security)) errors.security = 'Security must be none, starttls or tls.';
    else security = input.security as MailSecurity;
  }
  const username = optionalText(errors, input, 'username', 'User', 254);
  const fromAddress = optionalText(errors, input, 'fromAddress', 'From address', EMAIL_MAX);
  if (fromAddress && !errors.fromAddress && !isEmailAddress(fromAddress)) errors.fromAddress = 'From address is not a valid email address.';
  if (host && !fromAddress && !errors.fromAddress) errors.fromAddress = 'From address is required to send mail.';
  let password: string | null | undefined;
  if (input.password === null) password = null;
  else if (input.password !== undefined && input.password !== '') {
    if (typeof input.password !== 'string') errors.password = 'Password must be text.';
    else if (input.password.length > 500) errors.password = 'Password cannot exceed 500 characters.';
    else if (LINE_BREAK_OR_CONTROL.test(input.password)) errors.password = 'Password contains characters that are not allowed.';
    else password = input.password;
  }
  const subjectTemplate = optionalText(errors, input, 'subjectTemplate', 'Subject template', SUBJECT_MAX);
  const messageTemplate = optionalText(errors, input, 'messageTemplate', 'Message template', MESSAGE_MAX, false);
  for (const [field, template] of [
    ['subjectTemplate', subjectTemplate],
    ['messageTemplate', messageTemplate],
  ] as const) {
    const unknown = template && !errors[field] ? unknownPlaceholders(template) : [];
    if (unknown.length) errors[field] = `Unknown placeholder ${unknown.map((name) => `{${name}}`).join(', ')}.`;
  }
  if (Object.keys(errors).length) throw formInvalid(errors);

  const values = {
    host: host ?? null,
    port,
    security,
    username: username ?? null,
    fromAddress: fromAddress ?? null,
    subjectTemplate: subjectTemplate ?? null,
    messageTemplate: messageTemplate ?? null,
    ...(password === undefined ? {} : { passwordSealed: password === null ? null : seal(secret, 'smtp-password', password) }),
  };
  const stale = 'Someone else changed the mail settings since you opened them: reload them and try again.';
  if (version === 0) {
    const inserted = await db
      .insert(companyMail)
      .values({ id: ROW_ID, ...values })
      .onConflictDoNothing()
      .returning({ id: companyMail.id });
    if (!inserted.length) throw conflict(stale);
  } else {
    const updated = await db
      .update(companyMail)
      .set({ ...values, version: sql`${companyMail.version} + 1`, updatedAt: sql`now()` })
      .where(sql`${companyMail.id} = ${ROW_ID} and ${companyMail.version} = ${version}`)
      .returning({ id: companyMail.id });
    if (!updated.length) throw conflict(stale);
  }
  return readMailSettings(db, secret, env);
}
