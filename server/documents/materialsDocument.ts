import { estimateLabel } from '../../src/domain/estimates';
import type { Content, CustomTableLayout, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { crewHoursByArea, totalsByItem } from '../../src/domain/materials';
import { isListedMaterial } from '../../src/domain/itemKinds';
import { formatQuantity, formatSize } from '../../src/domain/quantities';
import type { MaterialLine, MaterialsData } from './documentData';
import { COLORS, documentDefinition, letterhead, pageFooter, partiesAndProject } from './documentParts';

const tableLayout: CustomTableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
  hLineColor: () => COLORS.rule,
  vLineWidth: () => 0,
  fillColor: (row) => (row === 0 ? COLORS.fill : null),
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

const columnLabel = (text: string, alignment: 'left' | 'right' = 'left'): TableCell => ({ text, style: 'tableHeader', alignment });

/** A table whose first two rows (a title bar and the column labels) repeat on every page it runs onto. */
function titledTable(title: string, labels: TableCell[], widths: (number | string)[], rows: TableCell[][], first: boolean): Content {
  const titleRow: TableCell[] = [{ text: title, style: 'areaName', colSpan: labels.length }, ...labels.slice(1).map(() => ({}))];
  return {
    margin: [0, first ? 0 : 14, 0, 0],
    layout: tableLayout,
    table: { widths, headerRows: 2, keepWithHeaderRows: 1, dontBreakRows: true, body: [titleRow, labels, ...rows] },
  };
}

function lineRow(line: MaterialLine): TableCell[] {
  return [
    { text: line.name },
    { text: formatSize(line.size), alignment: 'right' },
    { text: formatQuantity(line.quantity), alignment: 'right' },
    { text: line.units ?? '' },
  ];
}

const AREA_WIDTHS = ['*', 60, 70, 90];
const SUMMARY_WIDTHS = ['*', 90, 90];

const CREW_WIDTHS = ['*', 90];

/** Crew hours: per work area (with any) and in total, from the lines' laborHours. */
function crewHoursTable(data: MaterialsData): Content[] {
  const crew = crewHoursByArea(data.areas);
  const rows = crew.areas
    .filter((area) => area.hours !== 0)
    .map((area): TableCell[] => [{ text: area.name }, { text: formatHours(area.hours), alignment: 'right' }]);
  if (!rows.length) return [];
  rows.push([
    { text: 'Total', bold: true },
    { text: formatHours(crew.total), alignment: 'right', bold: true },
  ]);
  return [
    { text: '', margin: [0, 10, 0, 0] },
    titledTable('Crew Hours', [columnLabel('WORK AREA'), columnLabel('HOURS', 'right')], CREW_WIDTHS, rows, false),
  ];
}

const formatHours = (hours: number) => hours.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * A materials list (for the crew and the yard): the materials, equipment, subcontracts and
 * other items of the included work areas (labour left out, src/domain/itemKinds.ts), grouped
 * by work area, then the quantities totalled by catalogue item and units, then the crew hours
 * per work area and in total. No prices, no costs.
 */
export function buildMaterialsDocument(data: MaterialsData): TDocumentDefinitions {
  // New cells for every table: pdfmake writes its layout into the nodes it is given.
  const areaLabels = () => [columnLabel('ITEM'), columnLabel('SIZE', 'right'), columnLabel('QUANTITY', 'right'), columnLabel('UNITS')];
  const content: Content[] = [...letterhead(data, 'MATERIALS LIST', 'ESTIMATE NO.'), ...partiesAndProject(data, 'CUSTOMER')];
  content.push({ text: 'Materials by Work Area', style: 'sectionHeading' });
  const withItems = data.areas
    .map((area) => ({ ...area, items: area.items.filter((item) => isListedMaterial(item.kind)) }))
    .filter((area) => area.items.length > 0);
  if (!withItems.length) content.push({ text: 'No items in the included work areas.', italics: true, color: COLORS.muted });
  withItems.forEach((area, index) => content.push(titledTable(area.name, areaLabels(), AREA_WIDTHS, area.items.map(lineRow), index === 0)));

  const totals = totalsByItem(withItems.flatMap((area) => area.items));
  if (totals.length) {
    const summaryRows = totals.map((total): TableCell[] => [
      { text: total.name },
      { text: formatQuantity(total.quantity), alignment: 'right', bold: true },
      { text: total.units },
    ]);
    content.push({ text: '', margin: [0, 10, 0, 0] });
    content.push(
      titledTable(
        'Totals by Item',
        [columnLabel('ITEM'), columnLabel('TOTAL QUANTITY', 'right'), columnLabel('UNITS')],
        SUMMARY_WIDTHS,
        summaryRows,
        false,
      ),
    );
  }
  content.push(...crewHoursTable(data));
  return documentDefinition(content, {
    title: `Materials ${estimateLabel(data.estimate.number, data.estimate.revision)} — ${data.estimate.projectName}`,
    subject: `Materials list for ${data.customer.name}`,
    footer: pageFooter([
      'Materials list',
      `Estimate ${estimateLabel(data.estimate.number, data.estimate.revision)}`,
      data.estimate.projectName,
    ]),
    logo: data.company.logo,
  });
}
