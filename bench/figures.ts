/**
 * The figures of one `npm run bench`, printed at the end as one table: each measure,
 * Yardstick's figure, the peer's (measured in the same run) and the ratio, or the target a
 * figure is held to when it has no peer.
 */
import type { BenchTarget } from './targets';

export interface Figure {
  measure: string;
  target: Pick<BenchTarget, 'label'> | null;
  unit: string;
  ours: number;
  /** The peer's figure in the same run. */
  peer?: number;
  peerName?: string;
  /** A bound the figure must stay within (a budget, a time limit). */
  limit?: number;
  higherIsBetter: boolean;
}

const figures: Figure[] = [];

export function recordFigure(figure: Figure): void {
  figures.push(figure);
}

const format = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));

/** How many times better Yardstick is than its peer (above 1: better). */
export function ratioOf(figure: Figure): number | undefined {
  if (figure.peer === undefined || figure.peer === 0 || figure.ours === 0) return undefined;
  return figure.higherIsBetter ? figure.ours / figure.peer : figure.peer / figure.ours;
}

const withinLimit = (figure: Figure) =>
  figure.limit === undefined ? undefined : figure.higherIsBetter ? figure.ours >= figure.limit : figure.ours <= figure.limit;

export function figuresTable(): string {
  const header = ['measure', 'database', 'unit', 'Yardstick', 'peer', 'peer figure', 'ratio', 'limit'];
  const rows = figures.map((f) => {
    const ratio = ratioOf(f);
    const within = withinLimit(f);
    return [
      f.measure,
      f.target?.label ?? '',
      f.unit,
      format(f.ours),
      f.peerName ?? '',
      f.peer === undefined ? '' : format(f.peer),
      ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
      f.limit === undefined ? '' : `${f.higherIsBetter ? '≥' : '≤'} ${format(f.limit)} ${within ? 'met' : 'MISSED'}`,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
