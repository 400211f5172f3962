/**
 * Printing (SPEC §4 Printing, §7 Estimates): the PDF of a proposal or materials list is fetched
 * with the user's token and opened in a new tab, or saved as a file where the browser blocks
 * the tab; its download shows in the alert area's progress channel.
 */
import { printFileName, type PrintType } from '../../../domain/printing';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { saveBlob } from '../../../providers/saveBlob';
import { reportProgress } from '../../../admin/alerts/alertStore';

export interface PrintChoice {
  type: PrintType;
  /** 'Ask for Approval' (WORK_AREA_PRICE_ONLY only). */
  approval: boolean;
  /** The ticked terms, in the order shown. */
  termIDs: number[];
}

export interface PrintableEstimate {
  id: number | string;
  number?: number | null;
}

/** Blob URLs stay valid this long, for the tab's own reloads and saves. */
const KEEP_URL_MS = 10 * 60 * 1000;

/** The API call of a print choice (SPEC §7: printType, approval and tcIDs as a JSON array). */
export function printRequest(estimate: PrintableEstimate, { type, approval, termIDs }: PrintChoice) {
  const base = `/estimates/${encodeURIComponent(String(estimate.id))}`;
  const fallbackName = printFileName(type, estimate.number);
  if (type === 'MATERIALS') return { path: `${base}/generateMaterialsPDF`, query: undefined, fallbackName };
  return {
    path: `${base}/generateEstimateProposal`,
    query: { printType: type, approval: String(approval), tcIDs: JSON.stringify(termIDs) },
    fallbackName,
  };
}

/**
 * Opens the tab the PDF will show in. Call it in the click itself, before anything is awaited:
 * browsers allow a new tab only as the direct result of a click. Null when one was blocked.
 */
export function openPrintTab(fileName: string): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.document.title = fileName;
    tab.document.body.textContent = `Preparing ${fileName}…`;
  } catch {
    // Some browsers give a tab that is not ours to write into yet; it still takes the PDF.
  }
  return tab;
}

/**
 * Fetches the document and shows it in `tab` (from openPrintTab), or saves it when there is no
 * tab, with the data provider's `download`. Resolves with the success alert to show; a failure
 * closes the tab and rejects (the data provider's failure is reported as it happens, SPEC §8).
 */
export async function printDocument(
  estimate: PrintableEstimate,
  choice: PrintChoice,
  tab: Window | null,
  download: YardstickDataProvider['download'],
): Promise<string> {
  const { path, query, fallbackName } = printRequest(estimate, choice);
  let file;
  try {
    file = await download(path, { query, onProgress: (loaded, total) => reportProgress(loaded, total, 'Download') });
  } catch (error) {
    tab?.close();
    throw error;
  }
  const pdf = file.blob.type === 'application/pdf' ? file.blob : new Blob([file.blob], { type: 'application/pdf' });
  const fileName = file.filename.endsWith('.pdf') ? file.filename : fallbackName;
  if (tab && !tab.closed) {
    const url = URL.createObjectURL(pdf);
    setTimeout(() => URL.revokeObjectURL(url), KEEP_URL_MS);
    tab.location.replace(url);
    return `${fileName} is open in a new tab.`;
  }
  saveBlob(pdf, fileName);
  return `${fileName} downloaded.`;
}
