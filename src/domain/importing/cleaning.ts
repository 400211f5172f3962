import { US_STATES } from '../states';
import { ITEM_KIND_LABELS, ITEM_KINDS } from '../itemKinds';

/**
 * What an import does to a file's values before they are checked (issue 25 "Cleaning"): the
 * mistakes spreadsheets and other programs make, undone. Each returns the cleaned text, or
 * null for nothing; a value it cannot make sense of is returned as given, trimmed, so the
 * forms' rules name it.
 */

/** Trimmed (non-breaking spaces too); null when nothing is left. */
export function cleanText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value)
    .replace(/\u00a0/g, ' ')
    .trim();
  return text === '' ? null : text;
}

/** True when no cell of the row holds anything but whitespace: the row is skipped. */
export function isEmptyRow(cells: readonly unknown[]): boolean {
  return cells.every((cell) => cleanText(cell) === null);
}

const stateByName = new Map(
  US_STATES.flatMap((s) => [[s.name.toLowerCase(), s.abbreviation] as const, [s.abbreviation.toLowerCase(), s.abbreviation] as const]),
);

/** 'New Jersey', 'new jersey', 'nj', 'N.J.' → 'NJ'. */
export function cleanState(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  const key = text.replace(/\./g, '').replace(/\s+/g, ' ').toLowerCase();
  return stateByName.get(key) ?? text;
}

/**
 * Zip codes a spreadsheet stored as numbers lose their leading zeros (New Jersey's 08608 is
 * 8608): up to four digits are padded to five, six to nine digits are a ZIP+4 padded to nine
 * ('86081234' → '08608-1234'), and '8608-1234' gets its zero back. A ZIP+4 as typed is kept.
 */
export function cleanZip(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  if (/^\d{1,4}$/.test(text)) return text.padStart(5, '0');
  if (/^\d{6,9}$/.test(text)) {
    const nine = text.padStart(9, '0');
    return `${nine.slice(0, 5)}-${nine.slice(5)}`;
  }
  const plusFour = /^(\d{1,5})\s*-\s*(\d{4})$/.exec(text);
  if (plusFour) return `${plusFour[1].padStart(5, '0')}-${plusFour[2]}`;
  return text;
}

const PHONE_DIGITS = 10;
const PHONE_TEXT_MAX = 100;
const EXTENSION = /\s*[,;]?\s*(?:x|ext\.?|extn\.?|extension|#)\s*(\d{1,10})\s*$/i;

/** '(000) 000-0000', the product's format (SPEC §5), from ten digits. */
export function formatPhoneDigits(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * A phone in the product's format with its extension apart: '609.555.0142 x204',
 * '+1 (609) 555-0142 ext. 204' → {phone: '(609) 555-0142', extension: '204'}. A leading
 * country code 1 is dropped. A number that is not ten digits is kept as given (trimmed), so
 * the office sees it; an extension given in its own column wins over one split out.
 */
export function cleanPhone(value: unknown): { phone: string | null; extension: string | null } {
  const text = cleanText(value)?.replace(/\s+/g, ' ') ?? null;
  if (text === null) return { phone: null, extension: null };
  // Far longer than any phone: kept as given for the form's rule to refuse, never searched by the
  // patterns below (a hostile cell of spaces made their backtracking take minutes).
  if (text.length > PHONE_TEXT_MAX) return { phone: text, extension: null };
  const match = EXTENSION.exec(text);
  const extension = match ? match[1] : null;
  const number = match ? text.slice(0, match.index).trim() : text;
  let digits = number.replace(/\D/g, '');
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
  const onlyPhoneCharacters = /^[\d\s().+\-/]*$/.test(number);
  if (digits.length === PHONE_DIGITS && onlyPhoneCharacters) return { phone: formatPhoneDigits(digits), extension };
  return { phone: cleanText(number), extension };
}

/** '$1,234.50' → '1234.50'; '(12.50)' (an accountant's negative) → '-12.50'. Anything else as given. */
export function cleanNumber(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  const negative = /^\(.*\)$/.test(text);
  const bare = text.replace(/^\((.*)\)$/, '$1').replace(/[$,\s]/g, '');
  if (!/^-?\d*\.?\d+$/.test(bare)) return text;
  return negative ? `-${bare}` : bare;
}

/** 'labour', 'Labor', 'LABOR' → 'LABOR' (src/domain/itemKinds); anything else as given. */
export function cleanItemKind(value: unknown): string | null {
  const text = cleanText(value);
  if (text === null) return null;
  const key = text.toLowerCase().replace('labour', 'labor');
  return ITEM_KINDS.find((k) => k.toLowerCase() === key || ITEM_KIND_LABELS[k].toLowerCase() === key) ?? text;
}

/** 'Smith, John' or 'John Smith' → {firstName: 'John', lastName: 'Smith'}; one word is a last name. */
export function splitFullName(value: unknown): { firstName: string | null; lastName: string | null } {
  const text = cleanText(value);
  if (text === null) return { firstName: null, lastName: null };
  const comma = text.indexOf(',');
  if (comma > 0) return { firstName: cleanText(text.slice(comma + 1)), lastName: cleanText(text.slice(0, comma)) };
  const words = text.split(/\s+/);
  if (words.length === 1) return { firstName: null, lastName: text };
  return { firstName: words.slice(0, -1).join(' '), lastName: words[words.length - 1] };
}

/**
 * Lead or Client (issue 35) from what a file says of a customer: its "Customer Type" ("Lead",
 * "Prospect", "Client", "Customer", "Active client") or the product's own 0/1. Anything else
 * ("Residential", "Commercial": a classification, not a stage) is null, and the import's default
 * applies. The names are those of the customers' declaration (src/schema/customers.ts).
 */
export function cleanCustomerType(value: unknown): 'Lead' | 'Client' | null {
  const text = cleanText(value)?.toLowerCase();
  if (!text) return null;
  if (text === '0' || /\b(lead|leads|prospect|prospects|potential)\b/.test(text)) return 'Lead';
  if (text === '1' || /\b(client|clients|customer|customers)\b/.test(text)) return 'Client';
  return null;
}
