import type { FastifyInstance, FastifyReply } from 'fastify';
import { materialsFileName, proposalFileName } from '../../src/domain/printing';
import { estimates } from '../../src/schema';
import { parseId } from '../crud/registerEntityRoutes';
import { loadMaterialsData, loadProposalData } from './loadDocumentData';
import { readsInTurn } from '../db/readsInTurn';
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
    responses: { 200: fileDownload('The proposal.', 'application/pdf') },
    errors: [422, 429],
  },
  materials: {
    tag: entityTag(estimates),
    summary: 'Print the materials list',
    params: idParams,
    responses: { 200: fileDownload('The materials list.', 'application/pdf') },
    errors: [422, 429],
  },
} satisfies Record<string, RouteDoc>;

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
}

/**
 * The printed documents (SPEC §7 Estimates, issue 9): a proposal in one of three print types,
 * and the materials list. Both are rendered on request from the stored estimate.
 */
export async function documentRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const readInTurn = readsInTurn(api.deps.database);
  /**
   * A document's data, read in its turn once the user's share of the heavy work is taken (a
   * refused call reads nothing), and its estimate's number for the file name.
   */
  const documentReader = <T extends { estimate: { number: number } }>(load: () => Promise<T>) => {
    const document = {
      number: 0,
      read: async () => {
        const data = await readInTurn(load);
        document.number = data.estimate.number;
        return data;
      },
    };
    return document;
  };

  api.get<{ Params: Params }>(
    `/${estimates.route}/:id/generateEstimateProposal`,
    { config: { openapi: docs.proposal } },
    async (request, reply) => {
      const estimateID = parseId(request.params.id);
      const { type, approval, termIDs } = parseProposalQuery(request.query as Record<string, unknown>);
      const document = documentReader(() => loadProposalData(db, estimateID, termIDs));
      const pdf = await api.heavyWork.proposalPdf(userOwner(request.user), document.read, { type, approval });
      return sendPdf(reply, pdf, proposalFileName(document.number));
    },
  );

  api.get<{ Params: Params }>(
    `/${estimates.route}/:id/generateMaterialsPDF`,
    { config: { openapi: docs.materials } },
    async (request, reply) => {
      const estimateID = parseId(request.params.id);
      const document = documentReader(() => loadMaterialsData(db, estimateID));
      const pdf = await api.heavyWork.materialsPdf(userOwner(request.user), document.read);
      return sendPdf(reply, pdf, materialsFileName(document.number));
    },
  );
}
