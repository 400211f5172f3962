import { describe, expect, it } from 'vitest';
import type { Content } from 'pdfmake/interfaces';
import { formatMoney } from '../../src/domain/money';
import { keepWithHeading, splitLists } from '../../server/documents/documentParts';
import { buildMaterialsDocument } from '../../server/documents/materialsDocument';
import { renderPdf } from '../../server/documents/pdfRenderer';
import { buildProposalDocument } from '../../server/documents/proposalDocument';
import { longAreas, longProposalData, materialsAreasOf } from '../helpers/longProposal';
import { pdfText } from '../helpers/pdfText';

/** The lines of a page above its footer. */
const bodyLines = (page: string) =>
  page
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/Page \d+ of \d+$/.test(line));

describe('keeping headings with what they head', () => {
  it('ties a heading to the first block only, and only when that block is short', () => {
    const heading: Content = { text: 'Area' };
    const short: Content = { text: 'short' };
    const long: Content = { text: 'x'.repeat(2000) };
    expect(keepWithHeading([heading], [short, long])).toEqual([{ stack: [heading, short], unbreakable: true }, long]);
    expect(keepWithHeading([heading], [long, short])).toEqual([{ stack: [heading], unbreakable: true }, long, short]);
    expect(keepWithHeading([heading], [])).toEqual([{ stack: [heading], unbreakable: true }]);
  });

  it('cuts top-level lists into one-item lists, numbering and spacing kept', () => {
    const blocks = splitLists([
      { ol: ['a', 'b', 'c'], start: 4, margin: [10, 1, 0, 6] },
      { ul: ['x', 'y'], type: 'circle', margin: [0, 0, 0, 4] },
      { text: 'p' },
    ]);
    expect(blocks).toEqual([
      { ol: ['a'], start: 4, margin: [10, 1, 0, 0] },
      { ol: ['b'], start: 5, margin: [10, 0, 0, 0] },
      { ol: ['c'], start: 6, margin: [10, 0, 0, 6] },
      { ul: ['x'], type: 'circle', margin: [0, 0, 0, 0] },
      { ul: ['y'], type: 'circle', margin: [0, 0, 0, 4] },
      { text: 'p' },
    ]);
  });
});

describe('a long proposal breaks pages cleanly', () => {
  it('40 areas with notes and 6 terms: every page numbered, no area header at the foot of a page, nothing lost', async () => {
    const data = longProposalData();
    const pdf = await renderPdf(buildProposalDocument(data, { type: 'WORK_AREA_PRICE_ONLY', approval: true }));
    const { pages, text } = await pdfText(pdf);
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));

    const headers = new Set(data.areas.map((area) => `${area.name} ${formatMoney(area.subtotal)}`));
    const headings = new Set(['Scope of Work', 'Pricing', 'Terms & Conditions', 'Approval', ...data.terms.map((t) => t.name)]);
    let approvalStarted = false;
    for (const [index, page] of pages.entries()) {
      const lines = bodyLines(page);
      const last = lines[lines.length - 1];
      // The approval table's rows read like area headers ("name $price") and may end a page.
      approvalStarted ||= lines.includes('Approval');
      expect((!approvalStarted && headers.has(last)) || headings.has(last), `page ${index + 1} ends with "${last}"`).toBe(false);
    }
    // Every area, in order, with the end of its notes (an unbreakable block never loses text).
    let from = 0;
    for (const area of data.areas) {
      const at = text.indexOf(`${area.name} ${formatMoney(area.subtotal)}`, from);
      expect(at, area.name).toBeGreaterThan(from - 1);
      expect(text.indexOf('Crew lead on site for every visit', at)).toBeGreaterThan(at);
      from = at;
    }
    for (const term of data.terms) expect(text).toContain(term.name);
  });

  it('an area whose first paragraph is longer than a page keeps all of its text', async () => {
    const words = Array.from({ length: 1500 }, (_, i) => `word${i}`).join(' ');
    const data = longProposalData(longAreas(2, 1));
    data.areas[1].notes = `<p>${words}</p><p>after the long one</p>`;
    const { text } = await pdfText(await renderPdf(buildProposalDocument(data, { type: 'WORK_AREA_ONLY', approval: false })));
    expect(text).toContain('word0 ');
    expect(text).toContain('word1499');
    expect(text).toContain('after the long one');
  });

  it('a materials table running onto the next page repeats its area name and column labels there', async () => {
    const data = longProposalData();
    const areas = materialsAreasOf(longAreas(3, 60));
    const { pages } = await pdfText(await renderPdf(buildMaterialsDocument({ ...data, areas })));
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages.slice(1)) {
      const lines = bodyLines(page);
      const labels = lines.findIndex((line) => line === 'ITEM SIZE QUANTITY UNITS' || line === 'ITEM TOTAL QUANTITY UNITS');
      expect(labels, page.slice(0, 200)).toBe(1);
      expect([...areas.map((a) => a.name), 'Totals by Item']).toContain(lines[0]);
    }
  });
});
