import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAIL_KINDS } from '../../src/domain/mailDelivery';
import { INT4_MAX } from '../../src/schema/validate';
import { resendMail } from '../../src/schema/actions/mailOutbox';
import { registerAction } from '../actions/registerAction';
import { formInvalid } from '../errors';
import { dateTime } from '../openapi/entitySchemas';
import { idSchema } from '../openapi/commonSchemas';
import type { RouteDoc } from '../openapi/routeDoc';
import { listFailedMail, resendFailedMail } from '../mail/failedMail';

const TAG = 'Mail';

const failedMail = z.object({
  id: idSchema,
  kind: z.enum(MAIL_KINDS).describe('proposal (to the client), signed (the signed copy to the client), notice (to the office), test.'),
  proposalID: idSchema.nullable(),
  estimateID: idSchema.nullable(),
  estimateLabel: z.string().nullable().describe('#<number>-R<revision> of its estimate.'),
  to: z.array(z.string()),
  subject: z.string(),
  error: z.string().describe("The mail server's last answer (or the network's)."),
  attempts: z.number().int().min(0),
  createdAt: dateTime(),
  failedAt: dateTime().nullable(),
});

const docs = {
  failed: {
    tag: TAG,
    summary: 'Mail that finally failed',
    description:
      'Messages refused for good (a 5xx reply) or failing for a passing reason (connection refused or reset, a timeout, a 4xx reply) for six hours of retries, newest first (at most 200). `estimateID` keeps those about one estimate.',
    querystring: z.object({ estimateID: z.string().optional().describe('Only the mail of this estimate.') }),
    responses: { 200: z.object({ mails: z.array(failedMail) }) },
  },
} satisfies Record<string, RouteDoc>;

/** The outbox seen by the office (issue 35): the mail that failed, and sending it again. */
export async function mailOutboxRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get<{ Querystring: { estimateID?: string } }>('/mail/failed', { config: { openapi: docs.failed } }, async (request) => {
    const raw = request.query.estimateID;
    let estimateID: number | undefined;
    if (raw !== undefined && raw !== '') {
      estimateID = Number(raw);
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(estimateID) || estimateID < 1 || estimateID > INT4_MAX) {
        throw formInvalid({ estimateID: 'estimateID must be an estimate id.' });
      }
    }
    return { mails: await listFailedMail(db, estimateID) };
  });

  registerAction(api, resendMail, async ({ ids: { id } }) => {
    await resendFailedMail(db, id, api.deps.jwtSecret, api.deps.mail ?? {});
    api.mailer.kick();
    return { id };
  });
}
