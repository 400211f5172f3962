import { cleanText } from './cleaning';

/**
 * Cells holding several values (issue 35): Jobber's "Main Phone #s" and "E-mails" list every
 * number and address of a client ("609-555-0142, 609-555-0199"), Google Contacts joins them with
 * " ::: ". A contact keeps the first; the others go to its notes, and the preview says so.
 */

/**
 * Commas, semicolons, line breaks, " ::: " and " / " separate values; a comma before "x204" or
 * "ext." does not. No pattern around the separators: the parts are trimmed after the split, so
 * a long run of spaces costs one pass, not one per position.
 */
const SEPARATOR = /;|\n|:::|\s\/\s|,(?![ \t]*(?:x|ext\.?|extn\.?|extension)[ \t]*\d)/i;

/** The values of a cell, trimmed, empty ones left out. */
export function splitCellList(value: unknown): string[] {
  const text = cleanText(value);
  if (text === null) return [];
  return text
    .split(SEPARATOR)
    .map((part) => cleanText(part))
    .filter((part): part is string => part !== null);
}

/** The lines the contact's notes get for the values after the first. */
export function extraValuesNote(what: 'phones' | 'emails', values: readonly string[]): string {
  return `Other ${what} in the imported file: ${values.join(', ')}`;
}

/** The preview's line for a row whose cell listed several values. */
export function keptInNotesMessage(label: string, count: number): string {
  return `${label}: the first of ${count} is imported; the others are kept in the contact's notes.`;
}
