import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFArray, PDFDocument, PDFRawStream, type PDFPage } from '@pdfme/pdf-lib';
import { createEstimate, saveCompany, FIXTURE_COMPANY, type FixtureArea } from '../helpers/printFixtures';
import { getBinary, pdfText } from '../helpers/pdfText';
import { sendBody, signaturePng } from '../helpers/proposalFixtures';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';
import { PDFTOPPM, renderedPages } from '../helpers/pdfPages';

/** Enough areas that the sent proposal runs over several pages. */
const AREAS: FixtureArea[] = Array.from({ length: 24 }, (_, i) => ({
  name: `Area ${i + 1}`,
  tax: 'NJ',
  notes: `<p>Edge, weed and mulch bed ${i + 1}; ${'keep the line crisp. '.repeat(6)}</p>`,
  items: [{ name: 'Mulch', quantity: 2 + i, unitPrice: 65 }],
}));
const RESULTS = join(process.cwd(), 'test-results', 'signed-pdf');

/** A page's content as written in the file: its content streams' bytes, as stored. */
function contentBytes(page: PDFPage): Buffer {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : contents ? [contents] : [];
  return Buffer.concat(
    streams.map((stream) => {
      expect(stream).toBeInstanceOf(PDFRawStream);
      return Buffer.from((stream as PDFRawStream).contents);
    }),
  );
}

describe.each(databaseKinds())('the signed proposal is the sent one plus its acceptance (issue 35 #6), on %s', (kind) => {
  let api: TestApi;
  let sent: Uint8Array;
  let signed: Uint8Array;

  beforeAll(async () => {
    api = await createTestApi(kind);
    await saveCompany(api, { ...FIXTURE_COMPANY, name: 'Greenfield Landscape & Snow Maintenance Services of Central NJ' });
    const estimate = await createEstimate(api, { projectName: 'Long Proposal', areas: AREAS });
    const proposal = await api.post(`/api/estimates/${estimate.id}/proposals`, sendBody(api));
    expect(proposal.status, proposal.raw).toBe(201);
    const token = proposal.body.link.split('/p/')[1];
    const accepted = await api.request(
      'POST',
      `/api/public/proposals/${token}/accept`,
      { acceptedWorkAreaIDs: estimate.areaIDs.slice(0, 20), signerName: 'Pat Client', signature: signaturePng() },
      null,
    );
    expect(accepted.status, accepted.raw).toBe(200);
    sent = (await getBinary(api, `/api/proposals/${proposal.body.id}/pdf`)).bytes;
    signed = (await getBinary(api, `/api/proposals/${proposal.body.id}/signedPdf`)).bytes;
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, `signed-${kind}.pdf`), signed);
  });
  afterAll(() => api?.close());

  it("its pages after the acceptance are the sent PDF's pages, their content streams byte for byte", async () => {
    const sentDoc = await PDFDocument.load(sent);
    const signedDoc = await PDFDocument.load(signed);
    const sentPages = sentDoc.getPages();
    expect(sentPages.length).toBeGreaterThan(1);
    const acceptancePages = signedDoc.getPageCount() - sentPages.length;
    expect(acceptancePages).toBeGreaterThanOrEqual(1);
    const signedPages = signedDoc.getPages().slice(acceptancePages);
    sentPages.forEach((page, index) => {
      expect(Buffer.compare(contentBytes(signedPages[index]), contentBytes(page)), `page ${index + 1}`).toBe(0);
      expect(signedPages[index].getSize()).toEqual(page.getSize());
    });
    // The approval page the sent PDF ends with is there too.
    const { text } = await pdfText(Buffer.from(signed));
    expect(text).toContain('Pat Client');
  });

  it.skipIf(!existsSync(PDFTOPPM) && process.env.CI !== 'true')('and they render as the same images', () => {
    const sentImages = renderedPages(sent);
    const signedImages = renderedPages(signed);
    const offset = signedImages.length - sentImages.length;
    sentImages.forEach((image, index) => expect(Buffer.compare(signedImages[offset + index], image), `page ${index + 1}`).toBe(0));
  });

  it("the acceptance's title stands apart from a company name that wraps", async () => {
    const { pages } = await pdfText(Buffer.from(signed));
    const firstPage = pages[0];
    expect(firstPage).toMatch(/(^|\s)SIGNED PROPOSAL(\s|$)/);
    expect(firstPage).not.toMatch(/[A-Za-z&,]SIGNED PROPOSAL/);
  });
});
