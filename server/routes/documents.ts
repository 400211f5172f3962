import type { FastifyInstance, FastifyReply } from 'fastify';
import { materialsFileName, proposalFileName } from '../../src/domain/printing';
import { estimates } from '../../src/schema';
import { parseId } from '../crud/registerEntityRoutes';
import { loadMaterialsData, loadProposalData } from '../documents/loadDocumentData';
import { buildMaterialsDocument } from '../documents/materialsDocument';
import { renderPdf } from '../documents/pdfRenderer';
import { parseProposalQuery } from '../documents/printParams';
import { buildProposalDocument } from '../documents/proposalDocument';

type Params = { id: string };

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
}

/**
 * The printed documents (SPEC §7 Estimates, issue 9): a proposal in one of three print types,
 * and the materials list. Both are rendered on request from the stored estimate.
 */
export async function documentRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;

  api.get<{ Params: Params }>(`/${estimates.route}/:id/generateEstimateProposal`, async (request, reply) => {
    const estimateID = parseId(request.params.id);
    const { type, approval, termIDs } = parseProposalQuery(request.query as Record<string, unknown>);
    const data = await loadProposalData(db, estimateID, termIDs);
    const pdf = await renderPdf(buildProposalDocument(data, { type, approval }));
    return sendPdf(reply, pdf, proposalFileName(data.estimate.number));
  });

  api.get<{ Params: Params }>(`/${estimates.route}/:id/generateMaterialsPDF`, async (request, reply) => {
    const data = await loadMaterialsData(db, parseId(request.params.id));
    const pdf = await renderPdf(buildMaterialsDocument(data));
    return sendPdf(reply, pdf, materialsFileName(data.estimate.number));
  });
}
