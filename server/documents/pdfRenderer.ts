import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/** The family every document is set in: pdfmake's own Roboto, embedded (subset) in each PDF. */
export const DOCUMENT_FONT = 'Roboto';

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

interface VirtualFileSystem {
  writeFileSync(name: string, content: Buffer): void;
}

type Pdfmake = typeof import('pdfmake');
let ready: Promise<Pdfmake> | undefined;

/**
 * Loads pdfmake on the first document (a server that prints nothing never holds it), puts the
 * fonts from its package into its in-memory file system once, and shuts every door to the
 * outside: documents may reference neither URLs nor local files (nothing is fetched or read at
 * render time; a logo travels inside the document as a data URL).
 */
async function loadPdfmake(): Promise<Pdfmake> {
  const { default: pdfmake } = await import('pdfmake');
  const fontDir = join(dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFileSystem }).virtualfs;
  for (const file of Object.values(FONT_FILES)) vfs.writeFileSync(file, readFileSync(join(fontDir, file)));
  pdfmake.setFonts({ [DOCUMENT_FONT]: { ...FONT_FILES } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  return pdfmake;
}

/** pdfmake with its fonts, loaded once per thread. */
export function preparePdfmake(): Promise<Pdfmake> {
  ready ??= loadPdfmake().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/** Lays out and renders a pdfmake document definition into the bytes of a PDF. */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return (await preparePdfmake()).createPdf(definition).getBuffer();
}
