import { cleanState, cleanText, cleanZip } from './cleaning';
import { comparable } from './duplicateKeys';
import { US_STATES } from '../states';

/**
 * Addresses written as lines (issue 35): accounting programs export an address block, not its
 * fields. QuickBooks Desktop puts the customer's name in "Bill to 1" and "City, ST ZIP" in one
 * cell ("Lawrenceville, NJ 08648"). These read such lines back into the product's fields.
 */

export interface CityStateZip {
  city: string | null;
  state: string | null;
  zip: string | null;
}

const STATE_CODES = new Set(US_STATES.map((s) => s.abbreviation));
/** State names, longest first, so "West Virginia" is tried before "Virginia". */
const STATE_NAMES = US_STATES.map((s) => s.name).sort((a, b) => b.length - a.length);
/** The longest "City, ST ZIP" line split: a city of 150 characters, a state's name and a ZIP+4. */
const SPLIT_MAX = 200;
const ZIP_AT_END = /[\s,]+(\d{5}(?:-?\d{4})?|\d{3,4})$/;
/** A Canadian postal code ("K1A 0B1"): kept whole as the zip, so the office sees it. */
const POSTAL_CODE_AT_END = /[\s,]+([A-Za-z]\d[A-Za-z]\s?\d[A-Za-z]\d)$/;

/** The state at the end of `text` (an abbreviation or a name, any case, dots allowed), and what is before it. */
function stateAtEnd(text: string): { before: string; state: string } | null {
  const code = /(?:^|[\s,]+)([A-Za-z]\.?\s?[A-Za-z]\.?)$/.exec(text);
  if (code) {
    const state = code[1].replace(/[.\s]/g, '').toUpperCase();
    if (STATE_CODES.has(state)) return { before: text.slice(0, code.index), state };
  }
  const lower = text.toLowerCase();
  for (const name of STATE_NAMES) {
    const at = lower.length - name.length;
    if (at >= 0 && lower.endsWith(name.toLowerCase()) && (at === 0 || /[\s,]/.test(lower[at - 1])))
      return { before: text.slice(0, at), state: cleanState(name)! };
  }
  return null;
}

/**
 * "Lawrenceville, NJ 08648", "Lawrenceville NJ 08648", "Lawrenceville, New Jersey 08648-1234",
 * "Lawrenceville, NJ" → city, state (abbreviated) and zip (its zeros back). A line without a
 * recognisable state keeps the whole text as the city, so the forms' rules name what is
 * missing; a blank cell is all null.
 */
export function splitCityStateZip(value: unknown): CityStateZip {
  let rest = cleanText(value)?.replace(/\s+/g, ' ') ?? null;
  if (rest === null) return { city: null, state: null, zip: null };
  // Longer than any city, state and zip: not split (nor searched by the patterns below, whose
  // backtracking a hostile cell could make slow); the city's length rule names it.
  if (rest.length > SPLIT_MAX) return { city: rest, state: null, zip: null };
  let zip: string | null = null;
  const found = ZIP_AT_END.exec(rest) ?? POSTAL_CODE_AT_END.exec(rest);
  if (found) {
    zip = cleanZip(found[1].toUpperCase());
    rest = rest.slice(0, found.index);
  }
  const state = stateAtEnd(rest.trim());
  if (!state) return { city: cleanText(rest.replace(/,\s*$/, '')), state: null, zip };
  return { city: cleanText(state.before.replace(/,\s*$/, '')), state: state.state, zip };
}

/** True when the line reads as "City, ST ZIP" (a state is found, with a zip or after a comma). */
export function isCityStateZipLine(value: unknown): boolean {
  const text = cleanText(value);
  if (text === null) return false;
  const split = splitCityStateZip(text);
  return split.city !== null && split.state !== null && (split.zip !== null || text.includes(','));
}

export interface AddressLines {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/**
 * An address block read back into fields: the lines equal to one of `names` (the customer's, its
 * contact's; middle initials aside) are dropped, the last line that reads as "City, ST ZIP" gives
 * the city, state and zip (when the file has no separate columns for them), and the lines before
 * it are address 1 and 2 (a third street line joins the second). `lines` are the street lines in
 * the file's order; `cityLine` the "City, State Zip" cell, split as it is when no line reads as one.
 */
export function arrangeAddressLines(
  lines: readonly unknown[],
  names: readonly unknown[],
  given: Partial<AddressLines> = {},
  cityLine?: unknown,
): AddressLines {
  const nameKeys = new Set(names.map(nameKey).filter(Boolean));
  const all = cityLine === undefined ? lines : [...lines, cityLine];
  const kept = all.map(cleanText).filter((line): line is string => line !== null && !nameKeys.has(nameKey(line)));
  let place: CityStateZip = { city: null, state: null, zip: null };
  let found = -1;
  for (let i = kept.length - 1; i >= 0; i--)
    if (isCityStateZipLine(kept[i])) {
      found = i;
      break;
    }
  const cityCell = cleanText(cityLine);
  if (found < 0 && cityCell !== null && kept[kept.length - 1] === cityCell) found = kept.length - 1;
  if (found >= 0) place = splitCityStateZip(kept[found]);
  const street = found >= 0 ? kept.slice(0, found).concat(kept.slice(found + 1)) : kept;
  return {
    address1: street[0] ?? null,
    address2: street.slice(1).join(', ') || null,
    city: given.city ?? place.city,
    state: given.state ?? place.state,
    zip: given.zip ?? place.zip,
  };
}

/** A name compared without case, punctuation or single letters ("Test T McTesterson" is "Test McTesterson"). */
function nameKey(name: unknown): string {
  return comparable(name)
    .split(' ')
    .filter((word) => word.length > 1)
    .join(' ');
}
