import type { FastifyInstance } from 'fastify';
import { estimates } from '../../src/schema';
import { parseId } from '../crud/registerEntityRoutes';
import { getRecord } from '../crud/records';
import type { Db } from '../db/connection';
import { answerWithDocument, documentFollows } from '../jobs/jobFiles';
import { loadTerms } from './loadDocumentData';
import { estimateDocumentJob, type EstimateDocumentPayload } from './documentJob';
import { userOwner } from '../work/heavyWork';
import { parseProposalQuery } from '../documents/printParams';
import { z } from 'zod';
import { DEFAULT_APPROVAL, DEFAULT_PRINT_TYPE, MAX_TERM_IDS, PROPOSAL_TYPES } from '../../src/domain/printing';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { idParams } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';

type Params = { id: string };

const docs = {
  proposal: {
    tag: entityTag(estimates),
    summary: 'Print the proposal',
    params: idParams,
    querystring: z.object({
      printType: z
        .enum(PROPOSAL_TYPES as [string, ...string[]])
        .optional()
        .describe(`Default ${DEFAULT_PRINT_TYPE}.`),
      approval: z
        .enum(['true', 'false', '1', '0'])
        .optional()
        .describe(`Whether to print the approval block (default ${DEFAULT_APPROVAL}).`),
      tcIDs: z
        .string()
        .optional()
        .describe(`JSON array of the term & condition ids to print, in order (at most ${MAX_TERM_IDS}), e.g. [1,4].`),
    }),
    responses: { 200: fileDownload('The proposal.', 'application/pdf'), 202: documentFollows },
    errors: [404, 422, 429],
  },
  materials: {
    tag: entityTag(estimates),
    summary: 'Print the materials list',
    params: idParams,
    responses: { 200: fileDownload('The materials list.', 'application/pdf'), 202: documentFollows },
    errors: [404, 422, 429],
  },
} satisfies Record<string, RouteDoc>;

/**
 * The printed documents (SPEC §7 Estimates, issue 9): a proposal in one of three print types,
 * and the materials list, rendered from the stored estimate by a job (issue 36) that the
 * request waits for (server/jobs/jobFiles.ts): the PDF, or 202 with the job when it takes long.
 * The estimate (404) and the terms asked for (400) are checked before the job is queued.
 */
export async function documentRoutes(api: FastifyInstance): Promise<void> {
  api.get<{ Params: Params }>(
    `/${estimates.route}/:id/generateEstimateProposal`,
    { config: { openapi: docs.proposal } },
    async (request, reply) => {
      const estimateID = parseId(request.params.id);
      const { type, approval, termIDs } = parseProposalQuery(request.query as Record<string, unknown>);
      const owner = userOwner(request.user);
      const payload: EstimateDocumentPayload = { estimateID, owner, document: 'proposal', type, approval, termIDs };
      const check = async (tx: Db) => {
        await getRecord(tx, estimates, estimateID);
        await loadTerms(tx, termIDs);
      };
      return answerWithDocument(api, reply, { kind: estimateDocumentJob.kind, payload, ownerId: request.user.id, owner, check });
    },
  );

  api.get<{ Params: Params }>(
    `/${estimates.route}/:id/generateMaterialsPDF`,
    { config: { openapi: docs.materials } },
    async (request, reply) => {
      const estimateID = parseId(request.params.id);
      const owner = userOwner(request.user);
      const payload: EstimateDocumentPayload = { estimateID, owner, document: 'materials' };
      const check = async (tx: Db) => void (await getRecord(tx, estimates, estimateID));
      return answerWithDocument(api, reply, { kind: estimateDocumentJob.kind, payload, ownerId: request.user.id, owner, check });
    },
  );
}
