import { materialsFileName, proposalFileName, type ProposalType } from '../../src/domain/printing';
import { JOB_KINDS } from '../../src/domain/jobs';
import { defineJobKind } from '../jobs/kinds';
import { storeJobFile } from '../jobs/jobFiles';
import { loadMaterialsData, loadProposalData } from './loadDocumentData';
import { planDrawer, withPrintImages } from '../photos/printedPhotos';

/** A printed document of an estimate: a proposal in one of its print types, or the materials list. */
export type EstimateDocumentPayload = { estimateID: number; owner: string } & (
  { document: 'proposal'; type: ProposalType; approval: boolean; termIDs: number[] } | { document: 'materials' }
);

/**
 * Renders an estimate's printed document (issue 36: documents are jobs) from the estimate as it
 * is when the job runs, on the worker threads under its owner's share, and stores it as the
 * job's file. Running it again makes it again and replaces the file.
 */
export const estimateDocumentJob = defineJobKind<EstimateDocumentPayload, { fileName: string }>({
  kind: JOB_KINDS.estimateDocument,
  async run(payload, { db, jobId, services }) {
    let number = 0;
    // Read in the database's lane for documents, as the exports' pages are (server/db/readsInTurn.ts).
    const read =
      <T extends { estimate: { number: number } }>(load: () => Promise<T>) =>
      async () => {
        const data = await services.readInTurn(load);
        number = data.estimate.number;
        return data;
      };
    const { heavyWork } = services;
    const data =
      payload.document === 'materials'
        ? await heavyWork.materialsPdf(
            payload.owner,
            read(() => loadMaterialsData(db, payload.estimateID)),
          )
        : await heavyWork.proposalPdf(
            payload.owner,
            async () =>
              withPrintImages(
                db,
                await read(() => loadProposalData(db, payload.estimateID, payload.termIDs))(),
                planDrawer(db, heavyWork, payload.owner),
              ),
            {
              type: payload.type,
              approval: payload.approval,
            },
          );
    const fileName = (payload.document === 'materials' ? materialsFileName : proposalFileName)(number);
    await storeJobFile(db, jobId, { fileName, contentType: 'application/pdf', data });
    return { fileName };
  },
});
