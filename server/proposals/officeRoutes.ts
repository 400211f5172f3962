import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PDF_STATUSES, PROPOSAL_STATUSES, SIGNED_PDF_STATUSES } from '../../src/domain/proposals';
import { proposalFileName } from '../../src/domain/printing';
import * as actions from '../../src/schema/actions/proposals';
import { reminderSchema } from '../../src/schema/actions/followUps';
import { registerAction } from '../actions/registerAction';
import { estimates } from '../../src/schema';
import { parseId } from '../crud/registerEntityRoutes';
import { entityTag } from '../openapi/entityRouteDocs';
import { dateTime } from '../openapi/entitySchemas';
import { idParams, idSchema } from '../openapi/commonSchemas';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { awaitingProposals, getProposal, listProposals, proposalPdf, resendProposal, withdrawProposal } from './officeProposals';
import { linkBase, proposalContext } from './routeContext';
import { sendProposal } from './sendProposal';
import { pipeline } from './pipeline';
import { pipelinePeriod } from './pipelinePeriod';
import { PROPOSAL_STAGES } from '../../src/domain/pipeline';

type Params = { id: string };
const TAG = 'Proposals';
const day = () => z.string().meta({ format: 'date' });

const outcomeRow = z.object({
  won: z.number().int().min(0),
  lost: z.number().int().min(0),
  lostValue: z.number(),
  winRatePercent: z.number().int().min(0).max(100).nullable(),
});

const summary = z.object({
  id: idSchema,
  revision: z.number().int().min(1).describe('The estimate revision this proposal froze (GET /api/estimates/:id/revisions/:revision).'),
  sentAt: dateTime(),
  sentBy: z.object({ id: idSchema.nullable(), name: z.string() }),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  printType: z.string(),
  approval: z.boolean(),
  validUntil: day(),
  status: z.enum(PROPOSAL_STATUSES),
  superseded: z.boolean(),
  viewedAt: dateTime().nullable(),
  viewCount: z.number().int().min(0),
  respondedAt: dateTime().nullable(),
  deliveryError: z.string().nullable(),
  deliveryStatus: z.enum(['queued', 'sending', 'sent', 'failed', 'notConfigured']),
  deliveredAt: dateTime().nullable(),
  retryError: z.string().nullable().describe('Why the mail is being tried again, while it waits out its back-off after a passing failure.'),
  nextAttemptAt: dateTime().nullable().describe('When the mail waiting to be tried again is tried next.'),
  pdfSha256: z.string().nullable().describe('Null until the PDF is made (pdfStatus).'),
  signedPdfSha256: z.string().nullable(),
  pdfStatus: z
    .enum(PDF_STATUSES)
    .describe('The PDF as sent: made by a job after the send committed (outside any lock); its mail waits for it.'),
  signedPdfStatus: z
    .enum(SIGNED_PDF_STATUSES)
    .describe('none until the client signs; pending while the signed PDF is made (a job, after the acceptance); ready; failed.'),
  link: z.string().nullable().describe("The client's page, to copy (null if the server secret changed since)."),
  signerName: z.string().nullable(),
  responseMessage: z.string().nullable(),
  acceptedWorkAreaIDs: z.array(z.number().int()).nullable(),
  remindersPaused: z.boolean().describe('No automatic reminders for this proposal (issue 39).'),
  reminders: z.array(reminderSchema).describe('Reminders mailed to the client, oldest first; `deliveryError` when one finally failed.'),
  nextReminderAt: dateTime()
    .nullable()
    .describe('When the next automatic reminder goes, by Settings › Company › Follow-ups (null: none left, paused, or not open).'),
});

const docs = {
  list: {
    tag: entityTag(estimates),
    summary: 'The proposals sent for the estimate',
    params: idParams,
    responses: { 200: z.object({ proposals: z.array(summary) }) },
  },
  one: {
    tag: TAG,
    summary: 'A proposal',
    description: 'As in its estimate’s list: its status, delivery, PDFs (`pdfStatus`, `signedPdfStatus`) and the link to copy.',
    params: idParams,
    responses: { 200: summary },
    errors: [404],
  },
  awaiting: {
    tag: TAG,
    summary: 'Proposals awaiting an answer',
    description: 'Open proposals not past their last day, oldest first.',
    responses: {
      200: z.object({
        proposals: z.array(
          z.object({
            id: idSchema,
            estimateID: idSchema,
            estimateNumber: z.number().int(),
            revision: z.number().int().min(1).describe('The estimate revision the proposal froze.'),
            estimateLabel: z.string().describe('The estimate number as shown: #<number>-R<revision>.'),
            customerName: z.string(),
            projectName: z.string(),
            sentAt: dateTime(),
            daysSinceSent: z.number().int().min(0),
            opened: z.boolean(),
            validUntil: day(),
            expiresSoon: z.boolean(),
          }),
        ),
      }),
    },
  },
  pipeline: {
    tag: TAG,
    summary: "Home's pipeline",
    description:
      'Count and Σ subtotal of the estimates (not archived) whose newest proposal is in each stage (the list: `filter:proposalStage=<stage>`); of the estimates first sent a proposal in the last 90 days, how many were opened and signed, and the median days to sign; and among the estimates created from `from` to `to` (office dates; default the year so far), won and lost in all, by lost reason and by salesperson.',
    querystring: z.object({ from: day().optional(), to: day().optional() }),
    responses: {
      200: z.object({
        stages: z.array(z.object({ stage: z.enum(PROPOSAL_STAGES), count: z.number().int().min(0), value: z.number() })),
        conversion: z.object({
          sent: z.number().int().min(0),
          opened: z.number().int().min(0),
          signed: z.number().int().min(0),
          medianDaysToSign: z.number().nullable(),
        }),
        outcomes: z.object({
          from: day(),
          to: day(),
          total: outcomeRow,
          byReason: z.array(outcomeRow.extend({ reason: z.string() })),
          bySalesperson: z.array(outcomeRow.extend({ salesperson: idSchema.nullable(), name: z.string() })),
        }),
      }),
    },
  },
  pdf: {
    tag: TAG,
    summary: 'The PDF as sent',
    params: idParams,
    responses: {
      200: fileDownload('The frozen PDF (409 while it is being made after the send, or when it could not be made).', 'application/pdf'),
    },
    errors: [404, 409],
  },
  signedPdf: {
    tag: TAG,
    summary: 'The signed PDF',
    params: idParams,
    responses: {
      200: fileDownload('The signed PDF (404 until the client signs; 409 while it is being made after the signature).', 'application/pdf'),
    },
    errors: [404, 409],
  },
} satisfies Record<string, RouteDoc>;

/** Send and sign, the office's side (issue 22). */
export async function proposalRoutes(api: FastifyInstance): Promise<void> {
  const ctx = proposalContext(api);

  registerAction(api, actions.sendProposal, async ({ ids, body, request }) =>
    sendProposal(ctx, ids.id, body, request.user, linkBase(api, request)),
  );

  api.get<{ Params: Params }>(`/${estimates.route}/:id/proposals`, { config: { openapi: docs.list } }, async (request) => ({
    proposals: await listProposals(ctx, parseId(request.params.id), linkBase(api, request)),
  }));

  api.get('/proposals/awaiting', { config: { openapi: docs.awaiting } }, async () => ({ proposals: await awaitingProposals(ctx) }));

  api.get<{ Querystring: Record<string, unknown> }>('/proposals/pipeline', { config: { openapi: docs.pipeline } }, async (request) =>
    pipeline(ctx.db, ctx.now(), await pipelinePeriod(ctx.db, ctx.now(), request.query)),
  );

  api.get<{ Params: Params }>('/proposals/:id', { config: { openapi: docs.one } }, async (request) =>
    getProposal(ctx, parseId(request.params.id), linkBase(api, request)),
  );

  registerAction(api, actions.withdrawProposal, async ({ ids }) => {
    await withdrawProposal(ctx, ids.id);
    return { id: ids.id };
  });

  registerAction(api, actions.resendProposal, async ({ ids, request }) => {
    await resendProposal(ctx, ids.id, linkBase(api, request));
    return { id: ids.id };
  });

  for (const [path, which, doc] of [
    ['pdf', 'sent', docs.pdf],
    ['signedPdf', 'signed', docs.signedPdf],
  ] as const) {
    api.get<{ Params: Params }>(`/proposals/:id/${path}`, { config: { openapi: doc } }, async (request, reply) => {
      const { pdf, estimateNumber } = await proposalPdf(ctx, parseId(request.params.id), which);
      const name = which === 'signed' ? `Signed-${proposalFileName(estimateNumber)}` : proposalFileName(estimateNumber);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });
  }
}
