import { estimateLabel } from '../../src/domain/estimates';
import type { Column, Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatMoney } from '../../src/domain/money';
import { discountAmount, estimatePricing, type Pricing } from '../../src/domain/pricing';
import { showsAreaPrices, showsPrices, type ProposalType } from '../../src/domain/printing';
import type { ProposalArea, ProposalData, ProposalTerm } from './documentData';
import {
  BODY_FONT_SIZE,
  COLORS,
  CONTENT_WIDTH,
  documentDefinition,
  keepWithHeading,
  letterhead,
  pageFooter,
  partiesAndProject,
  splitLists,
} from './documentParts';
import { richTextToPdf } from './richTextToPdf';
import { snowSheetBlocks } from './snowSheetPdf';
import { photoRows } from './photoPages';
import { planPageContent } from './planPage';

export interface ProposalOptions {
  type: ProposalType;
  /** The approval block (WORK_AREA_PRICE_ONLY only). */
  approval: boolean;
}

/** Rich text sits this far in from the edge of its heading's shaded bar. */
const TEXT_INSET = 6;

const areaBarLayout: CustomTableLayout = {
  fillColor: () => COLORS.fill,
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => TEXT_INSET,
  paddingRight: () => TEXT_INSET,
  paddingTop: () => 4,
  paddingBottom: () => 4,
};

/** Rich text as blocks that can break between paragraphs and list items, inset under their heading. */
function richBlocks(html: string | null): Content[] {
  const blocks = splitLists(richTextToPdf(html, { fontSize: BODY_FONT_SIZE }));
  for (const block of blocks) {
    const node = block as { margin?: [number, number, number, number] };
    const [left, top, right, bottom] = node.margin ?? [0, 0, 0, 0];
    node.margin = [left + TEXT_INSET, top, right, bottom];
  }
  return blocks;
}

export function sectionHeading(text: string): Content {
  return { text, style: 'sectionHeading' };
}

function areaBar(area: ProposalArea, withPrice: boolean, first: boolean): Content {
  const cells: Content[] = [{ text: area.name, style: 'areaName' }];
  if (withPrice) cells.push({ text: formatMoney(area.subtotal), style: 'areaPrice' });
  return {
    margin: [0, first ? 0 : 12, 0, 5],
    layout: areaBarLayout,
    table: { widths: withPrice ? ['*', 'auto'] : ['*'], body: [cells] },
  };
}

/**
 * The scope of work: each area's bar (with its price when `withPrices`), its snow sheet in
 * words where the proposal shows money (`withSheets`), and its notes.
 */
function scopeOfWork(areas: ProposalArea[], withPrices: boolean, withSheets: boolean): Content[] {
  const heading = sectionHeading('Scope of Work');
  if (!areas.length) {
    return [
      { stack: [heading, { text: 'No work areas are included in this proposal.', italics: true, color: COLORS.muted }], unbreakable: true },
    ];
  }
  return areas.flatMap((area, index) => {
    const bar = areaBar(area, withPrices, index === 0);
    const sheet = withSheets ? snowSheetBlocks(area.snowPricing, { inset: TEXT_INSET }) : [];
    return keepWithHeading(index === 0 ? [heading, bar] : [bar], [
      ...sheet,
      ...richBlocks(area.notes),
      ...photoRows(area.photos, TEXT_INSET),
    ]);
  });
}

/** The estimate's own photos marked for the proposal, after the scope of work (issue 42). */
function estimatePhotos(data: ProposalData): Content[] {
  const rows = photoRows(data.photos);
  return rows.length ? keepWithHeading([sectionHeading('Photos')], rows) : [];
}

/** The proposal's figures: its (included) areas priced with the estimate's discount (src/domain/pricing.ts). */
function proposalPricing(data: ProposalData): Pricing {
  return estimatePricing(
    data.areas.map((area) => ({ subtotal: area.subtotal, tax: area.tax, isIncluded: true })),
    data.estimate.discount,
  );
}

/** "10%", "12.5%": the discount as the proposal names it. */
export const percent = (pricing: Pricing) => `${Number(pricing.discount.toFixed(2))}%`;

function pricingSummary(data: ProposalData): Content {
  const pricing = proposalPricing(data);
  const rows: TableCell[][] = [[{ text: 'Subtotal' }, { text: formatMoney(pricing.subtotal), alignment: 'right' }]];
  if (pricing.discount > 0) {
    rows.push([{ text: `Discount (${percent(pricing)})` }, { text: `−${formatMoney(discountAmount(pricing))}`, alignment: 'right' }]);
  }
  rows.push([{ text: 'Taxes' }, { text: formatMoney(pricing.taxes), alignment: 'right' }]);
  rows.push([
    { text: 'Total', bold: true, fontSize: 12 },
    { text: formatMoney(pricing.total), bold: true, fontSize: 12, alignment: 'right' },
  ]);
  const totalRow = rows.length - 1;
  return {
    unbreakable: true,
    stack: [
      sectionHeading('Pricing'),
      {
        columns: [
          { width: '*', text: '' },
          {
            width: 240,
            table: { widths: ['*', 'auto'], body: rows },
            layout: {
              hLineWidth: (i) => (i === totalRow ? 1 : 0),
              hLineColor: () => COLORS.accent,
              vLineWidth: () => 0,
              paddingTop: (i) => (i === totalRow ? 6 : 2),
              paddingBottom: () => 2,
            },
          },
        ],
      },
    ],
  };
}

function terms(chosen: ProposalTerm[]): Content[] {
  return chosen.flatMap((term, index) => {
    const name: Content = { text: term.name, style: 'termName' };
    return keepWithHeading(index === 0 ? [sectionHeading('Terms & Conditions'), name] : [name], richBlocks(term.content));
  });
}

/** A new box each time: pdfmake writes its layout into the nodes it is given. */
const checkbox = (): Content => ({ canvas: [{ type: 'rect', x: 0, y: 1, w: 10, h: 10, lineWidth: 0.8, lineColor: COLORS.text }] });

function signatureLine(label: string, width: number | '*'): Column {
  const length = width === '*' ? CONTENT_WIDTH - 190 : width;
  return {
    width,
    stack: [
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: length, y2: 0, lineWidth: 0.8, lineColor: COLORS.text }] },
      { text: label, style: 'small', margin: [0, 3, 0, 0] },
    ],
  };
}

/**
 * What signing accepts (issue 20, defect 6): the areas' prices are before discount and taxes,
 * so the text names the discount (percent and amount) when there is one, the taxes, and the
 * total of all the areas shown.
 */
export function approvalText(pricing: Pricing): string {
  const discount =
    pricing.discount > 0 ? ` less the ${percent(pricing)} discount (${formatMoney(discountAmount(pricing))} on all the areas above)` : '';
  return (
    `Tick the work areas you accept. By signing below you accept them at the prices shown${discount}, plus applicable ` +
    `taxes (${formatMoney(pricing.taxes)}): a total of ${formatMoney(pricing.total)} for all the areas above, and the ` +
    'terms and conditions of this proposal.'
  );
}

/** An accept box beside each area with its price, then 'Accepted by' with signature, printed name and date lines. */
function approvalBlock(areas: ProposalArea[], pricing: Pricing): Content[] {
  const title: TableCell[] = [{ text: 'Approval', style: 'sectionHeading', colSpan: 3 }, {}, {}];
  const header: TableCell[] = [{ text: 'ACCEPT', style: 'label', colSpan: 2 }, {}, { text: 'PRICE', style: 'label', alignment: 'right' }];
  const rows: TableCell[][] = areas.map((area) => [
    { stack: [checkbox()] },
    { text: area.name },
    { text: formatMoney(area.subtotal), alignment: 'right' },
  ]);
  return [
    {
      table: { widths: [14, '*', 'auto'], headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, body: [title, header, ...rows] },
      layout: {
        // Lines under the column labels and under each area only.
        hLineWidth: (i) => (i >= 2 ? 0.6 : 0),
        hLineColor: () => COLORS.rule,
        vLineWidth: () => 0,
        paddingLeft: (i) => (i === 0 ? 0 : 4),
        paddingTop: () => 4,
        paddingBottom: () => 4,
      },
    },
    {
      unbreakable: true,
      margin: [0, 10, 0, 0],
      stack: [
        {
          text: approvalText(pricing),
          style: 'small',
        },
        { text: 'ACCEPTED BY', style: 'label', margin: [0, 16, 0, 0] },
        { columns: [signatureLine('Signature', '*'), signatureLine('Date', 150)], columnGap: 40, margin: [0, 30, 0, 0] },
        { columns: [signatureLine('Printed Name', '*'), { width: 150, text: '' }], columnGap: 40, margin: [0, 30, 0, 0] },
      ],
    },
  ];
}

/**
 * A proposal (SPEC §4 Printing, issue 9): letterhead, customer, site and salesperson, the
 * included work areas with their notes (and each area's price for WORK_AREA_PRICE_ONLY; a snow
 * area's price sheet in words whenever prices are shown, issue 41),
 * one price for the whole proposal unless WORK_AREA_ONLY, the chosen terms, and the approval
 * block when asked for.
 */
export function buildProposalDocument(data: ProposalData, options: ProposalOptions): TDocumentDefinitions {
  return proposalDefinition(data, proposalContent(data, options));
}

/** The proposal's body: letterhead, parties, scope, pricing (by type), terms, and the approval block when asked for. */
export function proposalContent(data: ProposalData, { type, approval }: ProposalOptions): Content[] {
  const content: Content[] = [
    ...letterhead(data, 'PROPOSAL', 'PROPOSAL NO.'),
    ...partiesAndProject(data),
    ...scopeOfWork(data.areas, showsAreaPrices(type), showsPrices(type)),
    ...estimatePhotos(data),
    ...(data.plan?.image
      ? planPageContent({ png: data.plan.image, width: data.plan.width ?? 0, height: data.plan.height ?? 0 }, 'Site Plan')
      : []),
  ];
  if (showsPrices(type)) content.push(pricingSummary(data));
  content.push(...terms(data.terms));
  if (type === 'WORK_AREA_PRICE_ONLY' && approval) content.push(...approvalBlock(data.areas, proposalPricing(data)));
  return content;
}

/** A proposal's content as a document: its title, footer and logo. */
export function proposalDefinition(data: ProposalData, content: Content[]): TDocumentDefinitions {
  return documentDefinition(content, {
    title: `Proposal ${estimateLabel(data.estimate.number, data.estimate.revision)} — ${data.estimate.projectName}`,
    subject: `Proposal for ${data.customer.name}`,
    footer: pageFooter([`Proposal ${estimateLabel(data.estimate.number, data.estimate.revision)}`, data.company.name]),
    logo: data.company.logo,
  });
}
