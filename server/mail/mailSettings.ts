import { eq, sql } from 'drizzle-orm';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { DEFAULT_MESSAGE_TEMPLATE, DEFAULT_SUBJECT_TEMPLATE } from '../../src/domain/proposalTemplates';
import type { Db } from '../db/connection';
import { companyMail } from '../db/tables/mail';
import { conflict } from '../errors';
import { seal, unseal } from './secretBox';
import { MAIL_SECURITIES, type MailSecurity, type MailSettings } from '../../src/schema/mailSettings';
import type { MailSettingsChange } from '../../src/schema/actions/companyMail';

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

/**
 * PUT /api/company/mail, its body checked by its declaration (src/schema/actions/companyMail.ts):
 * the whole settings with the version they were read at (0 before the first save).
 * `password`: a new one to keep; undefined keeps the stored one; null forgets it.
 */
export async function saveMailSettings(db: Db, secret: string, env: MailEnvironment, change: MailSettingsChange): Promise<MailSettings> {
  const { version, password, host, port, security, username, fromAddress, subjectTemplate, messageTemplate } = change;
  const values = {
    host: host ?? null,
    port: port ?? null,
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
