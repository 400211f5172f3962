/**
 * A colour for each service (agreement line name), the same on every screen and every visit:
 * picked from a palette by a hash of the name, so a name keeps its colour whatever else shows.
 * Each is dark enough for white text (WCAG AA at 14 px bold).
 */
export const SERVICE_PALETTE = [
  '#2e7d32', // green
  '#1565c0', // blue
  '#6a1b9a', // purple
  '#c62828', // red
  '#00695c', // teal
  '#ad1457', // pink
  '#4e342e', // brown
  '#283593', // indigo
  '#9e4a00', // dark orange
  '#37474f', // blue grey
] as const;

export function serviceColor(lineName: string): string {
  let hash = 0;
  for (const char of lineName.trim().toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return SERVICE_PALETTE[hash % SERVICE_PALETTE.length];
}
