import type { MaterialsData, ProposalData } from '../documents/documentData';
import { contactsCsvFile, type ContactExportRow } from '../documents/contactsCsv';
import { operationsWorkbook } from '../documents/operationsWorkbook';
import type { OperationsExportRow } from '../../src/schema/operations';
import { exportEncoder, type ExportEncoder, type ExportFileSpec, type ExportPage } from '../documents/listExportFile';
import { buildMaterialsDocument } from '../documents/materialsDocument';
import { preparePdfmake, renderPdf } from '../documents/pdfRenderer';
import { buildProposalDocument, type ProposalOptions } from '../documents/proposalDocument';
import { buildAcceptanceDocument, type Acceptance } from '../documents/signedProposalDocument';
import { appendPdfPages } from '../documents/pdfAppend';
import { printImages } from '../documents/photoPages';

/** The export files being written on this thread, by session. */
const exports = new Map<number, ExportEncoder>();

function session(id: number): ExportEncoder {
  const encoder = exports.get(id);
  if (!encoder) throw new Error(`No export session ${id} on this thread.`);
  return encoder;
}

/**
 * The engine's work that runs on a worker thread, by name (server/work/heavyWork.ts calls it).
 * Each takes and answers what a structured clone carries: a document travels as its data, and
 * is laid out here (its definition holds functions). A feature declares its own with
 * defineHeavyTask (./featureTasks.ts).
 */
export const heavyTasks = {
  /** The warm thread's first call (./heavyWork.ts): the PDF engine ready before the first document. */
  warmUp: async () => {
    await preparePdfmake();
    return null;
  },
  proposalPdf: async ({ data, options }: { data: ProposalData; options: ProposalOptions }) =>
    renderPdf(buildProposalDocument(await printImages(data), options)),
  materialsPdf: ({ data }: { data: MaterialsData }) => renderPdf(buildMaterialsDocument(data)),
  signedProposalPdf: async ({ data, acceptance, sentPdf }: { data: ProposalData; acceptance: Acceptance; sentPdf: Uint8Array }) =>
    appendPdfPages(await renderPdf(buildAcceptanceDocument(data, acceptance)), sentPdf),
  operationsWorkbook: ({ rows }: { rows: OperationsExportRow[] }) => operationsWorkbook(rows),
  contactsCsv: ({ rows }: { rows: ContactExportRow[] }) => contactsCsvFile(rows),
  exportOpen: ({ session, spec }: { session: number; spec: ExportFileSpec }) => {
    exports.set(session, exportEncoder(spec));
    return null;
  },
  exportPage: ({ session: id, page }: { session: number; page: ExportPage }) => session(id).page(page),
  exportEnd: async ({ session: id }: { session: number }) => {
    try {
      return await session(id).end();
    } finally {
      exports.delete(id);
    }
  },
  exportAbort: ({ session: id }: { session: number }) => {
    exports.get(id)?.abort();
    exports.delete(id);
    return null;
  },
};

export type HeavyTaskName = keyof typeof heavyTasks;
export type HeavyTaskPayload<Name extends HeavyTaskName> = Parameters<(typeof heavyTasks)[Name]>[0];
export type HeavyTaskResult<Name extends HeavyTaskName> = Awaited<ReturnType<(typeof heavyTasks)[Name]>>;
