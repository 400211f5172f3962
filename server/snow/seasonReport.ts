import type { Content, TableCell } from 'pdfmake/interfaces';
import { SNOW_SERVICE_LABELS, snowSeasonLabel, type SnowService } from '../../src/domain/snowPricing';
import { COLORS, documentDefinition, pageFooter } from '../documents/documentParts';
import { renderPdf } from '../documents/pdfRenderer';
import { planPageContent, type PlanPicture } from '../documents/planPage';
import { drawPlanPicture, type PlanPictureInput } from '../sitePlans/planPicture';
import { defineHeavyTask } from '../work/featureTasks';

/** One entry of the log as the report prints it (times already in the office's words). */
export interface ReportEntry {
  sequence: number;
  arrival: string;
  departure: string;
  services: string[];
  passes: number;
  material: string;
  depth: string;
  crew: string;
  notes: string;
  recorded: string;
  /** "Corrects entry 3: <reason>" for a correction. */
  correction: string | null;
  /** "Corrected by entry 5" for an entry that no longer stands. */
  correctedBy: string | null;
  hash: string;
}

export interface ReportStorm {
  name: string;
  when: string;
  depth: string;
  source: string;
  entries: ReportEntry[];
}

export interface SeasonReportData {
  companyName: string;
  siteName: string;
  siteAddress: string;
  customerName: string;
  season: number;
  storms: ReportStorm[];
  totals: { storms: number; visits: number; corrections: number; pushes: number; hours: string; material: string };
  chain: { valid: boolean; head: string | null; problem: string | null };
  printedAt: string;
  /** The site's plan (issue 42), when it has one with shapes: a page of its own at the end. */
  plan: PlanPictureInput | null;
}

const cell = (text: string, extra: Record<string, unknown> = {}): TableCell => ({ text, fontSize: 8, ...extra }) as TableCell;

function stormBlock(storm: ReportStorm): Content[] {
  const header = ['#', 'Arrival – departure', 'Services', 'Passes', 'Material', 'Depth', 'Crew', 'Recorded'].map((label) =>
    cell(label, { bold: true, color: COLORS.muted }),
  );
  const rows = storm.entries.flatMap((entry): TableCell[][] => {
    const struck = entry.correctedBy ? { decoration: 'lineThrough' as const, color: COLORS.muted } : {};
    const row = [
      cell(String(entry.sequence)),
      cell(`${entry.arrival} – ${entry.departure}`, struck),
      cell(entry.services.join(', ') || 'none', struck),
      cell(String(entry.passes), struck),
      cell(entry.material, struck),
      cell(entry.depth, struck),
      cell(entry.crew, struck),
      cell(entry.recorded),
    ];
    const notes = [entry.correction, entry.correctedBy, entry.notes ? `Notes: ${entry.notes}` : null, `Hash ${entry.hash}`]
      .filter(Boolean)
      .join(' · ');
    return [row, [cell(notes, { colSpan: 8, color: COLORS.muted, fontSize: 7 }), {}, {}, {}, {}, {}, {}, {}]];
  });
  return [
    { text: `${storm.name} — ${storm.when}`, bold: true, margin: [0, 10, 0, 2] },
    {
      text: `Storm depth ${storm.depth}${storm.source ? ` (${storm.source})` : ''}`,
      fontSize: 9,
      color: COLORS.muted,
      margin: [0, 0, 0, 4],
    },
    storm.entries.length
      ? {
          table: { headerRows: 1, widths: [14, 110, 70, 30, 70, 30, '*', 80], body: [header, ...rows], dontBreakRows: true },
          layout: 'lightHorizontalLines',
        }
      : { text: 'No visit logged at this site.', italics: true, fontSize: 9 },
  ];
}

/** The season report of a site's snow log (issue 41): every storm and visit, corrections as such, totals and the chain's last hash. */
export function buildSeasonReport(data: SeasonReportData, plan: PlanPicture | null = null) {
  const { totals, chain } = data;
  const content: Content[] = [
    { text: data.companyName || 'Snow service log', style: 'companyName' },
    {
      text: `Snow service log — winter ${snowSeasonLabel(data.season)}`,
      fontSize: 16,
      bold: true,
      color: COLORS.accent,
      margin: [0, 6, 0, 2],
    },
    { text: `${data.siteName} · ${data.siteAddress}`, bold: true },
    { text: `Customer: ${data.customerName}`, margin: [0, 0, 0, 6] },
    {
      text:
        'Each entry is as the crew reported it, recorded by the server at the time shown. Entries are never changed or removed: ' +
        'a correction is a later entry naming the one it corrects and why. Each entry carries a SHA-256 hash over its content, its ' +
        'recording and the hash of the entry before it.',
      fontSize: 8,
      color: COLORS.muted,
    },
    ...data.storms.flatMap(stormBlock),
    { text: 'Totals', bold: true, margin: [0, 14, 0, 2] },
    {
      text:
        `${totals.storms} storm${totals.storms === 1 ? '' : 's'} serviced, ${totals.visits} visit${totals.visits === 1 ? '' : 's'} standing ` +
        `(${totals.corrections} correction${totals.corrections === 1 ? '' : 's'}), ${totals.pushes} passes, ${totals.hours} on site, material: ${totals.material}.`,
    },
    { text: 'Chain', bold: true, margin: [0, 10, 0, 2] },
    {
      text: chain.valid
        ? 'The chain verifies: every entry matches its hash and follows the one before it.'
        : `The chain does NOT verify: ${chain.problem}`,
      color: chain.valid ? COLORS.text : '#B00020',
    },
    { text: `Final hash: ${chain.head ?? '(no entry)'}`, fontSize: 8, margin: [0, 2, 0, 0] },
    ...(plan ? planPageContent(plan, `Site plan — ${data.siteName}`) : []),
  ];
  return documentDefinition(content, {
    title: `Snow service log ${data.siteName} ${snowSeasonLabel(data.season)}`,
    subject: 'Snow service log',
    footer: pageFooter([data.siteName, `Winter ${snowSeasonLabel(data.season)}`, `Printed ${data.printedAt}`]),
    logo: null,
  });
}

export const serviceNames = (services: readonly string[]) =>
  services.map((service) => SNOW_SERVICE_LABELS[service as SnowService] ?? service);

/** Laid out and rendered on a heavy-work thread (server/heavyWorker.ts loads this module). */
export const seasonReportTask = defineHeavyTask('snowSeasonReport', async (data: SeasonReportData) =>
  renderPdf(buildSeasonReport(data, data.plan ? await drawPlanPicture(data.plan) : null)),
);
