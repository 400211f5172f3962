import { candidateLabel, type AddressCandidate } from '../../src/domain/addressSearch';
import type { AddressProvider } from './provider';
import { interpretAddressQuery, readStreetLine, type Interpretation, type StreetLine } from './interpretQuery';
import { readUsZips } from './geoNamesZips';
import { buildZipIndex, citiesStartingWith, normalizePlaceName, placesWithZipPrefix, type ZipIndex, type ZipPlace } from './zipIndex';

interface Match {
  reading: Interpretation;
  places: ZipPlace[];
  cityExact: boolean;
}

function placesFor(index: ZipIndex, reading: Interpretation): Omit<Match, 'reading'> {
  const { city, states, zip, zipPrefix } = reading.place;
  const fits = (p: ZipPlace) => (!states || states.has(p.state)) && normalizePlaceName(p.city).startsWith(city);
  if (zip) {
    const place = index.byZip.get(zip);
    const places = place && fits(place) ? [place] : [];
    return { places, cityExact: city !== '' && places.some((p) => normalizePlaceName(p.city) === city) };
  }
  if (zipPrefix) {
    const places = placesWithZipPrefix(index, zipPrefix).filter(fits);
    return { places, cityExact: city !== '' && places.some((p) => normalizePlaceName(p.city) === city) };
  }
  // The city as typed first, then longer names it starts; bigger places (more ZIPs) first.
  const groups = citiesStartingWith(index, city)
    .filter((g) => !states || states.has(g.state))
    .sort((a, b) => Number(b.key === city) - Number(a.key === city) || b.places.length - a.places.length);
  return { places: groups.flatMap((g) => g.places), cityExact: groups.some((g) => g.key === city) };
}

/** Which reading to believe, best first: a whole ZIP, a whole street, a whole city, a whole state, more place words. */
function compareMatches(a: Match, b: Match): number {
  const rank = (m: Match) => [
    Number(Boolean(m.reading.place.zip)),
    Number(m.reading.line.complete),
    Number(m.cityExact),
    Number(m.reading.place.stateExact),
    m.reading.placeWords,
  ];
  const ra = rank(a);
  const rb = rank(b);
  for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return rb[i] - ra[i];
  return 0;
}

function toCandidate(line: StreetLine, place: ZipPlace): AddressCandidate {
  const fields = { number: line.number, street: line.street, city: place.city, county: place.county, state: place.state, zip: place.zip };
  return { ...fields, label: candidateLabel(fields) };
}

/** Candidates for a typed address from the ZIP data alone: the street is kept as typed. */
export function searchZipIndex(index: ZipIndex, text: string, limit: number): AddressCandidate[] {
  const matches: Match[] = [];
  for (const reading of interpretAddressQuery(text)) {
    const match = { reading, ...placesFor(index, reading) };
    if (match.places.length) matches.push(match);
  }
  // "12 Main St" is a whole street with no place yet: it must beat reading "St" as the start of "Saint Louis".
  const wholeLine = text.includes(',') ? undefined : readStreetLine(text.trim().split(/\s+/));
  if (wholeLine?.complete) {
    matches.push({ reading: { line: wholeLine, place: { city: '', stateExact: false }, placeWords: 0 }, places: [], cityExact: false });
  }
  const best = matches.sort(compareMatches)[0];
  if (!best) return [];
  return best.places.slice(0, limit).map((place) => toCandidate(best.reading.line, place));
}

/**
 * The index is built once per process (a few hundred milliseconds) and
 * shared by every app instance; `warmUp` starts it before the first search needs it.
 */
let sharedIndex: Promise<ZipIndex> | undefined;

export function loadZipIndex(): Promise<ZipIndex> {
  sharedIndex ??= readUsZips().then(
    (lookup) => buildZipIndex(lookup),
    (error) => {
      sharedIndex = undefined;
      throw error;
    },
  );
  return sharedIndex;
}

export function offlineAddressProvider(): AddressProvider & { warmUp(): Promise<unknown> } {
  return {
    // One search as well: parse-address's patterns are slow the first time they run.
    warmUp: () => loadZipIndex().then((index) => searchZipIndex(index, '12 Main St Trenton', 1)),
    async search(text, limit) {
      return searchZipIndex(await loadZipIndex(), text, limit);
    },
  };
}
