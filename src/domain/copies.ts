/** Copies (SPEC §4 Clone; issue 23 Duplicate): what a copy is called. */
export const COPY_SUFFIX = ' (copy)';

/**
 * "Front Lawn" → "Front Lawn (copy)", the name cut short so the whole fits `max` (a work area's
 * name; an estimate's project name for its duplicate).
 */
export function copyName(name: string, max: number): string {
  return `${name.slice(0, max - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}
