import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MESSAGE_MAX, SUBJECT_MAX } from '../../src/domain/proposalTemplates';
import { HttpError, badRequest, formInvalid } from '../errors';
import { isEmailAddress } from '../../src/domain/emailAddress';
import { MAIL_NOT_CONFIGURED, readMailSettings, resolveMail, saveMailSettings } from '../mail/mailSettings';
import { MAIL_SECURITIES } from '../../src/schema/mailSettings';
import { sendNow, smtpErrorText } from '../mail/transport';
import { companyName } from '../mail/outbox';
import type { RouteDoc } from '../openapi/routeDoc';

const TAG = 'Company';

const settings = z
  .object({
    source: z
      .enum(['environment', 'settings', 'none'])
      .describe('Where the settings in force come from: SMTP_URL/MAIL_FROM, these settings, or nowhere.'),
    configured: z.boolean().describe('Whether mail can be sent.'),
    host: z.string().nullable(),
    port: z.number().int().nullable(),
    security: z.enum(MAIL_SECURITIES),
    username: z.string().nullable(),
    passwordSet: z.boolean().describe('Whether a password is kept (it is never returned).'),
    fromAddress: z.string().nullable(),
    subjectTemplate: z.string().describe('Placeholders: {customer} {project} {estimateNumber} {company} {validUntil}.'),
    messageTemplate: z.string(),
    version: z.number().int().min(0),
  })
  .describe("The company's outgoing mail settings and proposal mail templates.");

const docs = {
  get: { tag: TAG, summary: 'The mail settings', responses: { 200: settings } },
  put: {
    tag: TAG,
    summary: 'Save the mail settings',
    description:
      'The whole settings with the version they were read at (0 before the first save). `password`: a new one; omitted or "" keeps the stored one; null forgets it.',
    body: z.object({
      host: z.string().nullable().optional(),
      port: z.number().int().min(1).max(65535).nullable().optional(),
      security: z.enum(MAIL_SECURITIES).optional(),
      username: z.string().nullable().optional(),
      password: z.string().nullable().optional(),
      fromAddress: z.string().nullable().optional(),
      subjectTemplate: z.string().max(SUBJECT_MAX).nullable().optional(),
      messageTemplate: z.string().max(MESSAGE_MAX).nullable().optional(),
      version: z.number().int().min(0),
    }),
    responses: { 200: settings },
    errors: [409],
  },
  test: {
    tag: TAG,
    summary: 'Send a test email',
    description: "Sends a short message now through the settings in force; 502 with the mail server's answer when it fails.",
    body: z.object({ to: z.string() }),
    responses: { 200: z.object({ message: z.string() }) },
    errors: [502],
  },
} satisfies Record<string, RouteDoc>;

/** Settings › Company › Email (issue 22): GET/PUT /api/company/mail and POST /api/company/mail/test. */
export async function companyMailRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const secret = api.deps.jwtSecret;
  const env = api.deps.mail ?? {};

  api.get('/company/mail', { config: { openapi: docs.get } }, async () => readMailSettings(db, secret, env));

  api.put('/company/mail', { config: { openapi: docs.put, adminOnly: true } }, async (request) =>
    saveMailSettings(db, secret, env, request.body),
  );

  api.post('/company/mail/test', { config: { openapi: docs.test, adminOnly: true } }, async (request) => {
    const body = request.body as Record<string, unknown> | null;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
    const to = typeof body.to === 'string' ? body.to.trim() : body.to;
    if (!isEmailAddress(to)) throw formInvalid({ to: 'Enter a valid email address.' });
    const mail = await resolveMail(db, secret, env);
    if (!mail) throw badRequest(MAIL_NOT_CONFIGURED);
    const text = 'This is a test message from Yardstick: outgoing mail works.';
    try {
      // From the company, as every mail the office sends (issue 35).
      const fromName = await companyName(db);
      await sendNow(mail, { fromName, to: [to], subject: 'Yardstick test email', text, html: `<p>${text}</p>` }, env.timeoutMs);
    } catch (error) {
      throw new HttpError(502, `The test email could not be sent: ${smtpErrorText(error)}`);
    }
    return { message: `A test email was sent to ${to}.` };
  });
}
