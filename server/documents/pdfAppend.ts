/**
 * One PDF of `first`'s pages followed by `then`'s, each page copied as it is: its content
 * stream and resources are the original's bytes (no page is laid out again), so the pages of a
 * stored document can be shown to be the very pages that were sent (issue 35: the signed
 * proposal is its acceptance followed by the sent PDF).
 */
export async function appendPdfPages(first: Uint8Array, then: Uint8Array): Promise<Uint8Array> {
  // Loaded on the first signed proposal, on its worker thread.
  const { PDFDocument } = await import('@pdfme/pdf-lib');
  const merged = await PDFDocument.load(first, { updateMetadata: false });
  const appended = await PDFDocument.load(then, { updateMetadata: false });
  const pages = await merged.copyPages(appended, appended.getPageIndices());
  for (const page of pages) merged.addPage(page);
  return merged.save({ updateFieldAppearances: false });
}
