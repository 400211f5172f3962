import { parseLocation } from 'parse-address';
import { US_STATES } from '../../src/domain/states';
import { normalizePlaceName } from './zipIndex';

/** The typed number and street (address line 1). */
export interface StreetLine {
  number: string;
  street: string;
  /** parse-address read the whole line as a street ending in a type (St, Ave, Rd…). */
  complete: boolean;
}

/** The typed place: a city (or the start of one), a state and a ZIP, any of them partial. */
export interface PlaceQuery {
  /** Normalised (normalizePlaceName); empty when only a ZIP was typed. */
  city: string;
  /** Allowed state abbreviations; undefined when no state was typed. */
  states?: Set<string>;
  stateExact: boolean;
  zip?: string;
  zipPrefix?: string;
}

/** One way to read the typed text: where the street ends and the place begins. */
export interface Interpretation {
  line: StreetLine;
  place: PlaceQuery;
  /** How many typed words the place took. */
  placeWords: number;
}

const NUMBER = /^\d[\w/-]*$/;
const ZIP = /^(\d{5})(-\d{4})?$/;
const PARTIAL_ZIP = /^\d{3,4}$/;

/** Typed in lower case → "Main St"; words with capitals stay as typed ("McDonald"). */
function capitalise(word: string): string {
  return word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}

const countWords = (text: string | undefined) => (text ? text.split(/\s+/).filter(Boolean).length : 0);

export function readStreetLine(words: string[]): StreetLine | undefined {
  const hasNumber = NUMBER.test(words[0]);
  const streetWords = hasNumber ? words.slice(1) : words;
  if (!streetWords.length || streetWords.every((w) => /^\d+$/.test(w))) return undefined;
  const text = words.join(' ');
  const parsed = parseLocation(text);
  const parts = parsed
    ? [parsed.number, parsed.prefix, parsed.street, parsed.type, parsed.suffix, parsed.sec_unit_type, parsed.sec_unit_num]
    : [];
  const covered = parts.reduce((n, part) => n + countWords(part), 0);
  return {
    number: hasNumber ? words[0] : '',
    street: streetWords.map(capitalise).join(' '),
    complete: Boolean(parsed?.type) && !parsed?.city && covered === words.length,
  };
}

const stateNames = US_STATES.map((s) => ({ abbreviation: s.abbreviation, name: s.name.toLowerCase() }));

/** States a trailing text can mean: an abbreviation or a name, or (when partial) their start. */
function statesMatching(text: string, allowPartial: boolean): { states: Set<string>; exact: boolean } | undefined {
  const lower = text.toLowerCase();
  const exact = stateNames.filter((s) => s.abbreviation.toLowerCase() === lower || s.name === lower);
  if (exact.length) return { states: new Set(exact.map((s) => s.abbreviation)), exact: true };
  if (!allowPartial) return undefined;
  const partial = stateNames.filter(
    (s) => s.name.startsWith(lower) || (lower.length === 1 && s.abbreviation.toLowerCase().startsWith(lower)),
  );
  return partial.length ? { states: new Set(partial.map((s) => s.abbreviation)), exact: false } : undefined;
}

/** The readings of the place words: all city, or a city followed by a state of 1–3 words. */
export function readPlace(words: string[]): PlaceQuery[] {
  const rest = [...words];
  let zip: string | undefined;
  let zipPrefix: string | undefined;
  const last = rest[rest.length - 1];
  const zipMatch = last ? ZIP.exec(last) : null;
  if (zipMatch) zip = zipMatch[1];
  else if (last && PARTIAL_ZIP.test(last)) zipPrefix = last;
  if (zip || zipPrefix) rest.pop();
  if (rest.some((w) => /\d/.test(w))) return [];

  const readings: PlaceQuery[] = [{ city: normalizePlaceName(rest.join(' ')), stateExact: false, zip, zipPrefix }];
  for (let k = 1; k <= Math.min(3, rest.length); k++) {
    // A state can only be half typed when nothing follows it.
    const states = statesMatching(rest.slice(-k).join(' '), !zip && !zipPrefix);
    if (!states) continue;
    readings.push({
      city: normalizePlaceName(rest.slice(0, -k).join(' ')),
      states: states.states,
      stateExact: states.exact,
      zip,
      zipPrefix,
    });
  }
  return readings.filter((r) => r.city !== '' || r.zip || r.zipPrefix);
}

/**
 * Every reading of a typed address such as "12 Main St Trenton", "12 Main St 08608" or
 * "12 Main St, Trenton, NJ 08608". A comma fixes where the street ends; without one each
 * split point is tried and the provider keeps the reading that finds the best place.
 */
export function interpretAddressQuery(text: string): Interpretation[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  const comma = clean.indexOf(',');
  const splits: [string[], string[]][] = [];
  if (comma >= 0) {
    const streetWords = clean.slice(0, comma).split(' ').filter(Boolean);
    const placeWords = clean
      .slice(comma + 1)
      .replace(/,/g, ' ')
      .split(' ')
      .filter(Boolean);
    if (streetWords.length && placeWords.length) splits.push([streetWords, placeWords]);
  } else {
    const words = clean.split(' ').filter(Boolean);
    for (let i = 1; i < words.length; i++) splits.push([words.slice(0, i), words.slice(i)]);
  }
  const readings: Interpretation[] = [];
  for (const [streetWords, placeWords] of splits) {
    const line = readStreetLine(streetWords);
    if (!line) continue;
    for (const place of readPlace(placeWords)) readings.push({ line, place, placeWords: placeWords.length });
  }
  return readings;
}
