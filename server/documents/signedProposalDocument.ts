import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatMoney } from '../../src/domain/money';
import { discountAmount } from '../../src/domain/pricing';
import { showsAreaPrices, showsPrices, type ProposalType } from '../../src/domain/printing';
import { acceptedPricing } from '../../src/domain/proposals';
import type { ProposalData } from './documentData';
import { COLORS, formatDocumentDate, letterhead, partiesAndProject } from './documentParts';
import { snowSheetBlocks } from './snowSheetPdf';
import { percent, proposalDefinition, sectionHeading } from './proposalDocument';

export interface Acceptance {
  proposalID: number;
  printType: ProposalType;
  acceptedWorkAreaIDs: readonly number[];
  signerName: string;
  /** A PNG data URL of the drawn signature, or null when typed. */
  signatureImage: string | null;
  /** The typed signature, when not drawn. */
  typedSignature: string | null;
  signedAt: Date;
  /** SHA-256 (hex) of the PDF that was sent. */
  sentPdfSha256: string;
}

function acceptanceTable(data: ProposalData, acceptance: Acceptance): Content {
  const chosen = new Set(acceptance.acceptedWorkAreaIDs);
  const withPrice = showsAreaPrices(acceptance.printType);
  const header: TableCell[] = [{ text: 'WORK AREA', style: 'label' }];
  if (withPrice) header.push({ text: 'PRICE', style: 'label', alignment: 'right' });
  header.push({ text: 'ANSWER', style: 'label', alignment: 'right' });
  const rows = data.areas.map((area): TableCell[] => {
    const accepted = area.id !== undefined && chosen.has(area.id);
    const name: TableCell = { text: area.name, color: accepted ? COLORS.text : COLORS.muted };
    // A snow area's sheet in words under its name: what the client accepted to be billed by (issue 41).
    const sheet = showsPrices(acceptance.printType) ? snowSheetBlocks(area.snowPricing) : [];
    const row: TableCell[] = [sheet.length ? { stack: [name, ...sheet] } : name];
    if (withPrice) row.push({ text: formatMoney(area.subtotal), alignment: 'right', color: accepted ? COLORS.text : COLORS.muted });
    row.push({
      text: accepted ? 'Accepted' : 'Not accepted',
      bold: accepted,
      alignment: 'right',
      color: accepted ? COLORS.text : COLORS.muted,
    });
    return row;
  });
  return {
    table: { widths: withPrice ? ['*', 'auto', 'auto'] : ['*', 'auto'], headerRows: 1, dontBreakRows: true, body: [header, ...rows] },
    layout: {
      hLineWidth: (i) => (i >= 1 ? 0.6 : 0),
      hLineColor: () => COLORS.rule,
      vLineWidth: () => 0,
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
  };
}

function acceptedTotals(data: ProposalData, acceptance: Acceptance): Content[] {
  if (!showsPrices(acceptance.printType)) return [];
  const pricing = acceptedPricing(
    data.areas.map((area) => ({ id: area.id ?? -1, subtotal: area.subtotal, tax: area.tax })),
    acceptance.acceptedWorkAreaIDs,
    data.estimate.discount,
  );
  const rows: TableCell[][] = [[{ text: 'Subtotal of the accepted areas' }, { text: formatMoney(pricing.subtotal), alignment: 'right' }]];
  if (pricing.discount > 0) {
    rows.push([{ text: `Discount (${percent(pricing)})` }, { text: `−${formatMoney(discountAmount(pricing))}`, alignment: 'right' }]);
  }
  rows.push([{ text: 'Taxes' }, { text: formatMoney(pricing.taxes), alignment: 'right' }]);
  rows.push([
    { text: 'Total accepted', bold: true, fontSize: 12 },
    { text: formatMoney(pricing.total), bold: true, fontSize: 12, alignment: 'right' },
  ]);
  return [
    {
      margin: [0, 10, 0, 0],
      columns: [
        { width: '*', text: '' },
        { width: 260, table: { widths: ['*', 'auto'], body: rows }, layout: 'noBorders' },
      ],
    },
  ];
}

function signatureBlock(acceptance: Acceptance): Content {
  const mark: Content = acceptance.signatureImage
    ? { image: acceptance.signatureImage, fit: [240, 80] }
    : { text: acceptance.typedSignature ?? acceptance.signerName, italics: true, fontSize: 22, margin: [0, 20, 0, 4] };
  return {
    unbreakable: true,
    margin: [0, 18, 0, 0],
    stack: [
      { text: 'SIGNED BY', style: 'label' },
      mark,
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 260, y2: 0, lineWidth: 0.8, lineColor: COLORS.text }] },
      { text: acceptance.signerName, bold: true, margin: [0, 4, 0, 0] },
      {
        text: `Signed electronically on ${formatDocumentDate(acceptance.signedAt)} (${acceptance.signedAt.toISOString()})`,
        style: 'small',
      },
      {
        text: `Proposal ${acceptance.proposalID} · SHA-256 of sent PDF ${acceptance.sentPdfSha256}`,
        style: 'small',
        color: COLORS.muted,
        margin: [0, 10, 0, 0],
      },
    ],
  };
}

/**
 * The acceptance that heads a signed proposal (issue 22), what anyone opening the file wants
 * first: each area marked accepted or not, the totals of the accepted areas, the signature
 * (drawn or typed), the signer's name and the date, and an audit line tying it to the PDF that
 * was sent. The sent PDF's own pages follow it in the signed file (issue 35,
 * server/documents/pdfAppend.ts): the signed document is the sent one plus its acceptance.
 */
export function buildAcceptanceDocument(data: ProposalData, acceptance: Acceptance): TDocumentDefinitions {
  const content: Content[] = [
    ...letterhead(data, 'SIGNED PROPOSAL', 'PROPOSAL NO.'),
    ...partiesAndProject(data),
    sectionHeading('Acceptance'),
    acceptanceTable(data, acceptance),
    ...acceptedTotals(data, acceptance),
    signatureBlock(acceptance),
  ];
  return proposalDefinition(data, content);
}
