/**
 * A colour for each service (agreement line name) on the Schedule and the Today list. A name
 * prefers the palette's colour its hash picks, so it keeps it from month to month; two names
 * that would share one are told apart, the later one (by name) taking the next free colour.
 * Each colour is dark enough for white text.
 */
export const SERVICE_PALETTE = [
  '#2e7d32', // green
  '#1565c0', // blue
  '#6a1b9a', // purple
  '#c62828', // red
  '#00695c', // teal
  '#ad1457', // pink
  '#5d4037', // brown
  '#283593', // indigo
  '#9e4a00', // dark orange
  '#37474f', // blue grey
  '#827717', // olive
  '#4527a0', // deep purple
] as const;

const FALLBACK = SERVICE_PALETTE[SERVICE_PALETTE.length - 1];

function preferredIndex(lineName: string): number {
  let hash = 0x811c9dc5;
  for (const char of lineName.trim().toLowerCase()) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash % SERVICE_PALETTE.length;
}

/** The colour of each of `names`: distinct while there are no more names than colours, then repeating. */
export function serviceColors(names: Iterable<string>): Map<string, string> {
  const colors = new Map<string, string>();
  const used = new Set<number>();
  for (const name of [...new Set(names)].sort((a, b) => a.localeCompare(b))) {
    if (used.size === SERVICE_PALETTE.length) used.clear();
    let index = preferredIndex(name);
    while (used.has(index)) index = (index + 1) % SERVICE_PALETTE.length;
    used.add(index);
    colors.set(name, SERVICE_PALETTE[index]);
  }
  return colors;
}

/**
 * The pale version of a colour (three quarters white): the background of a visit done or
 * skipped, under dark text, so that it reads as settled and still passes WCAG AA contrast.
 */
export function paleColor(hex: string): string {
  const channel = (at: number) => Math.round(parseInt(hex.slice(at, at + 2), 16) * 0.25 + 255 * 0.75);
  return `#${[1, 3, 5].map((at) => channel(at).toString(16).padStart(2, '0')).join('')}`;
}

/** Text on a pale colour. */
export const PALE_TEXT = '#212121';

/** A name's colour in `colors`, or the last of the palette for one it does not have. */
export const colorOf = (colors: Map<string, string>, name: string) => colors.get(name) ?? FALLBACK;
