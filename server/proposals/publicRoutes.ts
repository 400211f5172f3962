import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as actions from '../../src/schema/actions/publicProposals';
import { registerAction, type AnswerOf } from '../actions/registerAction';
import type { ActionBody, ActionDefinition } from '../../src/schema/actions/defineAction';
import type { ProposalContext } from './context';
import { z } from 'zod';
import { PDF_PENDING, PROPOSAL_STATUSES, type ProposalStatus } from '../../src/domain/proposals';
import { conflict, notFound } from '../errors';
import type { PhotoVersion } from '../../src/domain/photos';
import { photoBytes } from '../photos/photoStore';
import { proposalFileName } from '../../src/domain/printing';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { acceptProposal, declineProposal, requestChanges } from './publicProposals';
import { proposalOfToken, snapshotPhotoIDs, viewProposal } from './publicView';
import { countPublicRequest, PUBLIC_RATE_LIMIT } from './rateLimit';
import { proposalContext } from './routeContext';
import type { ProposalSnapshot } from './snapshot';

type Params = { token: string };
const TAG = actions.acceptProposal.tag;
const tokenParams = z.object({ token: z.string().describe('The token of the link sent to the client.') });

const nullableText = z.string().nullable();
const address = { address1: nullableText, address2: nullableText, city: nullableText, state: nullableText, zip: nullableText };
const printed = z.array(z.object({ label: z.string(), text: z.string() })).optional();
const party = z.object({ name: z.string(), ...address, printed });
const pricing = z.object({ subtotal: z.number(), discount: z.number(), taxes: z.number(), total: z.number() }).passthrough();

// Issue 42: photos printed on the proposal; their images at /api/public/proposals/:token/photos/:id/{thumb|large}.
const publicPhotos = z
  .array(
    z.object({
      id: z.number().int(),
      caption: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      thumbUrl: z.string(),
      largeUrl: z.string(),
    }),
  )
  .optional();

const publicProposal = z
  .object({
    status: z.enum(PROPOSAL_STATUSES),
    superseded: z.boolean(),
    printType: z.string(),
    approval: z.boolean(),
    sentAt: z.string(),
    validUntil: z.string(),
    company: party.extend({ phone: nullableText, email: nullableText, website: nullableText, logo: nullableText }),
    customer: party,
    site: party,
    salesperson: z.object({ name: z.string(), phone: nullableText, email: nullableText }).nullable(),
    estimate: z.object({
      number: z.number().int(),
      revision: z.number().int().min(1),
      projectName: z.string(),
      createdAt: z.string(),
      printed,
    }),
    areas: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        tax: z.string(),
        notes: nullableText,
        subtotal: z.number().nullable(),
        // Issue 41: a snow area's price sheet (src/domain/snowPricing.ts), shown in words; null otherwise.
        snowPricing: z.record(z.string(), z.unknown()).nullable().optional(),
        photos: publicPhotos,
      }),
    ),
    pricing: pricing.nullable(),
    terms: z.array(z.object({ name: z.string(), content: nullableText })),
    photos: publicPhotos,
    pdfUrl: z.string().nullable(),
    response: z
      .object({
        kind: z.enum(['accepted', 'declined', 'changesRequested']),
        at: z.string(),
        signerName: nullableText,
        acceptedWorkAreaIDs: z.array(z.number().int()).nullable(),
        message: nullableText,
      })
      .nullable(),
    lostReasons: z.array(z.string()).describe('The reasons a decline may give (`lostReason`), in the office’s order.'),
  })
  .describe('The proposal exactly as it was sent (src/domain/proposals.ts PublicProposal).');

const PUBLIC_PHOTO_VERSIONS: readonly PhotoVersion[] = ['thumb', 'large'];

const docs = {
  photo: {
    tag: TAG,
    summary: 'A photo of the proposal',
    description: 'A photo the proposal printed, `thumb` (400 px) or `large` (2,048 px); 404 for any other.',
    params: tokenParams.extend({ photoID: z.string(), version: z.enum(['thumb', 'large']) }),
    responses: { 200: fileDownload('The image (JPEG).', 'image/jpeg') },
  },
  view: {
    tag: TAG,
    summary: 'The proposal as sent',
    description: 'Counts a view while the proposal is open. An unknown token → 404 naming the company to contact.',
    params: tokenParams,
    responses: { 200: publicProposal },
    errors: [429],
  },
  pdf: {
    tag: TAG,
    summary: 'The PDF as sent',
    params: tokenParams,
    responses: { 200: fileDownload('The frozen PDF (409 while it is being made after the send).', 'application/pdf') },
    errors: [409, 429],
  },
} satisfies Record<string, RouteDoc>;

/**
 * The client's side of a proposal (issue 22): no sign-in, the token is the only key. Every
 * request counts against its address's limit (PUBLIC_RATE_LIMIT, kept in the database); POSTs
 * are checked for the anti-forgery pair like every /api write (the page gets the cookie).
 */
export async function publicProposalRoutes(api: FastifyInstance): Promise<void> {
  const ctx = proposalContext(api);
  const limit = api.deps.publicRateLimit ?? PUBLIC_RATE_LIMIT;
  const config = (openapi: RouteDoc) => ({ public: true, openapi });
  const limited = { preHandler: async (request: { ip: string }) => countPublicRequest(ctx.db, request.ip, ctx.now(), limit) };

  api.get<{ Params: Params }>('/public/proposals/:token', { config: config(docs.view), ...limited }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await viewProposal(ctx, request.params.token, request.method === 'GET')),
  );

  api.get<{ Params: Params }>('/public/proposals/:token/pdf', { config: config(docs.pdf), ...limited }, async (request, reply) => {
    const row = await proposalOfToken(ctx, request.params.token);
    if (!row.pdf) throw conflict(PDF_PENDING);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${proposalFileName((row.snapshot as ProposalSnapshot).data.estimate.number)}"`)
      .header('cache-control', 'no-store')
      .send(row.pdf);
  });

  // Not counted against the address's requests: a page shows a thumbnail per photo it printed.
  api.get<{ Params: Params & { photoID: string; version: string } }>(
    '/public/proposals/:token/photos/:photoID/:version',
    { config: config(docs.photo) },
    async (request, reply) => {
      const row = await proposalOfToken(ctx, request.params.token);
      const id = Number(request.params.photoID);
      const version = request.params.version as PhotoVersion;
      if (!PUBLIC_PHOTO_VERSIONS.includes(version) || !snapshotPhotoIDs(row.snapshot as ProposalSnapshot).has(id)) {
        throw notFound('This photo is not part of the proposal.');
      }
      const image = await photoBytes(ctx.db, id, version);
      if (!image) throw notFound('This photo is no longer available.');
      return reply.header('content-type', image.contentType).header('cache-control', 'private, max-age=86400').send(image.bytes);
    },
  );

  // An unknown token is a 404 whatever the body: it is looked up before the body is read.
  const answerable = {
    preHandler: async (request: FastifyRequest) => {
      await limited.preHandler(request);
      await proposalOfToken(ctx, (request.params as Params).token);
    },
  };

  /** An answer's route: the answer recorded, then the status it leaves the proposal in. */
  function answerRoute<A extends ActionDefinition>(
    action: A,
    record: (ctx: ProposalContext, token: string, body: ActionBody<A>, request: FastifyRequest) => Promise<void>,
    status: ProposalStatus,
  ) {
    registerAction(
      api,
      action,
      async ({ texts, body, request }) => {
        await record(ctx, texts.token, body as ActionBody<A>, request);
        return { status } as AnswerOf<A>;
      },
      answerable,
    );
  }
  answerRoute(actions.acceptProposal, acceptProposal, 'accepted');
  answerRoute(actions.declineProposal, declineProposal, 'declined');
  answerRoute(actions.requestProposalChanges, requestChanges, 'changesRequested');
}
