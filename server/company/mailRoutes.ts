import type { FastifyInstance } from 'fastify';
import * as actions from '../../src/schema/actions/companyMail';
import { registerAction } from '../actions/registerAction';
import { HttpError, badRequest } from '../errors';
import { MAIL_NOT_CONFIGURED, readMailSettings, resolveMail, saveMailSettings } from '../mail/mailSettings';
import { sendNow, smtpErrorText } from '../mail/transport';
import { companyName } from './companyProfileStore';
import type { RouteDoc } from '../openapi/routeDoc';

const TAG = actions.saveMailSettings.tag;

const docs = {
  get: { tag: TAG, summary: 'The mail settings', responses: { 200: actions.saveMailSettings.answer } },
} satisfies Record<string, RouteDoc>;

/** Settings › Company › Email (issue 22): GET/PUT /api/company/mail and POST /api/company/mail/test. */
export async function companyMailRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const secret = api.deps.jwtSecret;
  const env = api.deps.mail ?? {};

  api.get('/company/mail', { config: { openapi: docs.get } }, async () => readMailSettings(db, secret, env));

  registerAction(api, actions.saveMailSettings, async ({ body }) => saveMailSettings(db, secret, env, body));

  registerAction(api, actions.sendTestMail, async ({ body: { to } }) => {
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
