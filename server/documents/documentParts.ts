import { estimateLabel } from '../../src/domain/estimates';
import type { Column, Content, ContentStack, DynamicContent, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import type { DocumentHeading, Party, PostalAddress } from './documentData';
import { printedFactLine, type PrintedFact } from '../../src/domain/proposals';
import { DOCUMENT_FONT } from './pdfRenderer';

/**
 * The parts every printed document shares: page, fonts and styles, the letterhead, the
 * customer/site/salesperson block, the 'Page X of Y' footer, and keeping a heading with the
 * start of what it heads.
 */

export const COLORS = {
  accent: '#2E6B3F',
  text: '#222222',
  muted: '#5F6B63',
  rule: '#B9CBBE',
  fill: '#EDF3EE',
} as const;

export const BODY_FONT_SIZE = 10;
export const PAGE_MARGINS: [number, number, number, number] = [48, 44, 48, 56];
/** US Letter, portrait. */
export const PAGE_WIDTH = 612;
export const CONTENT_WIDTH = PAGE_WIDTH - PAGE_MARGINS[0] - PAGE_MARGINS[2];

export const styles: StyleDictionary = {
  companyName: { fontSize: 16, bold: true, color: COLORS.accent },
  companyLine: { fontSize: 9, color: COLORS.muted, lineHeight: 1.15 },
  documentTitle: { fontSize: 18, bold: true, color: COLORS.accent, characterSpacing: 1.5 },
  label: { fontSize: 7.5, bold: true, color: COLORS.muted, characterSpacing: 0.6 },
  partyName: { fontSize: 10, bold: true },
  partyLine: { fontSize: 9.5, lineHeight: 1.1 },
  project: { fontSize: 12, bold: true },
  sectionHeading: { fontSize: 12.5, bold: true, color: COLORS.accent, margin: [0, 14, 0, 6] },
  areaName: { fontSize: 11, bold: true },
  areaPrice: { fontSize: 11, bold: true, alignment: 'right' },
  termName: { fontSize: 10.5, bold: true, margin: [0, 6, 0, 3] },
  tableHeader: { fontSize: 8.5, bold: true, color: COLORS.muted },
  small: { fontSize: 8.5, color: COLORS.muted },
};

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: OFFICE_TIME_ZONE });

/** "May 3, 2025", on the office's calendar. */
export function formatDocumentDate(date: Date): string {
  return longDate.format(date);
}

/** "Trenton, NJ 08608"; the parts that are known. */
export function cityLine(address: PostalAddress): string {
  return joinParts([address.city, joinParts([address.state, address.zip], ' ')], ', ');
}

export function addressLines(address: PostalAddress): string[] {
  return [address.address1, address.address2, cityLine(address)].filter((line): line is string => Boolean(line?.trim()));
}

/** A horizontal rule across the content width. */
export function rule(margin: [number, number, number, number] = [0, 8, 0, 8], color: string = COLORS.accent, width = 1): Content {
  return { canvas: [{ type: 'line', x1: 0, y1: 0, x2: CONTENT_WIDTH, y2: 0, lineWidth: width, lineColor: color }], margin };
}

/**
 * The letterhead: logo, company name and contact lines, and the document's title and number.
 * Only what the company profile holds is printed (a fresh install has none of it): no blank
 * name line, no empty address or contact line, no stray separator.
 */
export function letterhead(heading: DocumentHeading, title: string, numberLabel: string): Content[] {
  const { company, estimate } = heading;
  const contact = joinParts([company.phone, company.email, company.website], '  ·  ');
  const companyBlock: Content[] = [];
  if (company.name?.trim()) companyBlock.push({ text: company.name, style: 'companyName' });
  companyBlock.push(...addressLines(company).map((line): Content => ({ text: line, style: 'companyLine' })));
  if (contact) companyBlock.push({ text: contact, style: 'companyLine' });
  const columns: Column[] = [];
  if (company.logo) columns.push({ width: 'auto', stack: [{ image: 'logo', fit: [120, 64] }], margin: [0, 0, 0, 0] });
  columns.push({ stack: companyBlock, width: '*' });
  // As wide as the title needs (SIGNED PROPOSAL is wider than PROPOSAL), with a gap before it:
  // a company name that wraps never runs into the title (issue 35).
  columns.push({
    width: 'auto',
    stack: [
      { text: title, style: 'documentTitle', alignment: 'right', noWrap: true },
      {
        margin: [0, 6, 0, 0],
        layout: 'noBorders',
        table: {
          widths: ['auto', '*'],
          body: [
            [
              { text: numberLabel, style: 'label', margin: [0, 2, 0, 0], noWrap: true },
              { text: estimateLabel(estimate.number, estimate.revision), bold: true, alignment: 'right', noWrap: true },
            ],
            [
              { text: 'DATE', style: 'label', margin: [0, 2, 0, 0], noWrap: true },
              { text: formatDocumentDate(estimate.createdAt), alignment: 'right', noWrap: true },
            ],
          ],
        },
      },
    ],
  });
  return [{ columns, columnGap: 16 }, rule([0, 10, 0, 10])];
}

/** Custom fields printed as 'Label: value' lines (issue 38). */
export const printedLines = (printed: readonly PrintedFact[] = []) => printed.map(printedFactLine);

function partyBlock(label: string, party: Party | null, extra: string[] = []): Column {
  const lines = party ? [...addressLines(party), ...printedLines(party.printed)] : [];
  return {
    width: '*',
    stack: [
      { text: label, style: 'label', margin: [0, 0, 0, 3] },
      party ? { text: party.name, style: 'partyName' } : { text: '—', style: 'partyLine' },
      ...lines.map((line): Content => ({ text: line, style: 'partyLine' })),
      ...extra.map((line): Content => ({ text: line, style: 'partyLine' })),
    ],
  };
}

/** Prepared for (the customer), the project site, the salesperson, then the project name. */
export function partiesAndProject(heading: DocumentHeading, customerLabel = 'PREPARED FOR'): Content[] {
  const { customer, site, salesperson, estimate } = heading;
  const salespersonLines = [salesperson?.phone, salesperson?.email].filter((line): line is string => Boolean(line));
  return [
    {
      columns: [
        partyBlock(customerLabel, customer),
        partyBlock('PROJECT SITE', site),
        {
          width: 150,
          stack: [
            { text: 'SALESPERSON', style: 'label', margin: [0, 0, 0, 3] },
            { text: salesperson?.name ?? '—', style: salesperson ? 'partyName' : 'partyLine' },
            ...salespersonLines.map((line): Content => ({ text: line, style: 'partyLine' })),
          ],
        },
      ],
      columnGap: 16,
    },
    {
      margin: [0, 14, 0, 0],
      stack: [
        { text: 'PROJECT', style: 'label', margin: [0, 0, 0, 2] },
        { text: estimate.projectName, style: 'project' },
        ...printedLines(estimate.printed).map((line): Content => ({ text: line, style: 'partyLine', margin: [0, 2, 0, 0] })),
      ],
    },
  ];
}

/** The parts that exist (not blank), joined by the separator: never a dangling or doubled one. */
export function joinParts(parts: readonly (string | null | undefined)[], separator: string): string {
  return parts.filter((part): part is string => Boolean(part?.trim())).join(separator);
}

/** 'Page X of Y' with what the document is (its parts that exist, joined by ' · '), on every page. */
export function pageFooter(parts: readonly (string | null | undefined)[]): DynamicContent {
  const what = joinParts(parts, ' · ');
  return (currentPage, pageCount) => ({
    margin: [PAGE_MARGINS[0], 20, PAGE_MARGINS[2], 0],
    columns: [
      { text: what, style: 'small' },
      { text: `Page ${currentPage} of ${pageCount}`, style: 'small', alignment: 'right', width: 'auto' },
    ],
  });
}

/** Roughly how much text a block holds (for deciding whether it may be kept with its heading). */
function textSize(content: Content): number {
  if (typeof content === 'string') return content.length;
  if (Array.isArray(content)) return content.reduce((sum: number, c) => sum + textSize(c as Content), 0);
  const node = content as unknown as Record<string, unknown>;
  if (typeof node.text === 'string') return node.text.length;
  if (Array.isArray(node.text)) return textSize(node.text as Content);
  for (const key of ['stack', 'ul', 'ol', 'columns'] as const) {
    if (Array.isArray(node[key])) return textSize(node[key] as Content) + 40 * (node[key] as unknown[]).length;
  }
  return 0;
}

/**
 * A block kept together with its heading may be at most this much text: pdfmake keeps an
 * unbreakable block on one page and cuts what does not fit, so only short blocks (about 15
 * lines) are tied to their heading; a heading followed by a very long paragraph stands alone.
 */
const KEEP_WITH_HEADING_MAX_TEXT = 1500;

/**
 * The heading(s) and the first of `blocks` in one unbreakable group, so a heading never ends a
 * page; the other blocks follow freely.
 */
export function keepWithHeading(headings: Content[], blocks: Content[]): Content[] {
  const [first, ...rest] = blocks;
  if (first === undefined) return [{ stack: headings, unbreakable: true }];
  if (textSize(first) > KEEP_WITH_HEADING_MAX_TEXT) return [{ stack: headings, unbreakable: true }, first, ...rest];
  const group: ContentStack = { stack: [...headings, first], unbreakable: true };
  return [group, ...rest];
}

/**
 * Rich-text blocks with every top-level list cut into one-item lists (numbering kept), so a
 * long list can start on the same page as its heading and break between any two items.
 */
export function splitLists(blocks: Content[]): Content[] {
  const out: Content[] = [];
  for (const block of blocks) {
    const node = block as { ul?: Content[]; ol?: Content[]; start?: number; margin?: [number, number, number, number]; type?: string };
    const items = node.ul ?? node.ol;
    if (!items || items.length < 2) {
      out.push(block);
      continue;
    }
    const [left, top, right, bottom] = node.margin ?? [0, 0, 0, 0];
    items.forEach((item, index) => {
      const margin: [number, number, number, number] = [left, index === 0 ? top : 0, right, index === items.length - 1 ? bottom : 0];
      if (node.ol) out.push({ ol: [item], start: (node.start ?? 1) + index, margin });
      else out.push({ ul: [item], type: node.type as 'disc', margin });
    });
  }
  return out;
}

/** The page, fonts, styles and metadata of a document around its content. */
export function documentDefinition(
  content: Content[],
  { title, subject, footer, logo }: { title: string; subject: string; footer: DynamicContent; logo: string | null },
): TDocumentDefinitions {
  return {
    pageSize: 'LETTER',
    pageMargins: PAGE_MARGINS,
    info: { title, subject, creator: 'Yardstick', producer: 'Yardstick' },
    defaultStyle: { font: DOCUMENT_FONT, fontSize: BODY_FONT_SIZE, color: COLORS.text, lineHeight: 1.15 },
    styles,
    images: logo ? { logo } : {},
    footer,
    content,
  };
}
