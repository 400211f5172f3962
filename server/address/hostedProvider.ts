import { candidateLabel, type AddressCandidate } from '../../src/domain/addressSearch';
import { US_STATES } from '../../src/domain/states';
import { APP_VERSION } from '../../src/domain/constants';
import { HttpError } from '../errors';
import type { AddressProvider } from './provider';
import { readStreetLine } from './interpretQuery';

/** The part of a Nominatim `jsonv2` result with `addressdetails=1` that we read. */
interface NominatimResult {
  address?: Record<string, string | undefined>;
}

export const GEOCODER_UNAVAILABLE = 'Address search is unavailable right now. Type the address instead.';
const TIMEOUT_MS = 5000;

const stateByName = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s.abbreviation]));
const knownStates = new Set(US_STATES.map((s) => s.abbreviation));

function stateOf(address: Record<string, string | undefined>): string | undefined {
  const iso = address['ISO3166-2-lvl4'];
  const fromIso = iso?.startsWith('US-') ? iso.slice(3) : undefined;
  const state = fromIso ?? stateByName.get((address.state ?? '').toLowerCase());
  return state && knownStates.has(state) ? state : undefined;
}

/** One Nominatim result as a candidate, or undefined when it is not a US street address. */
export function candidateFromNominatim(result: NominatimResult, typedNumber: string): AddressCandidate | undefined {
  const address = result.address ?? {};
  const state = stateOf(address);
  const street = address.road ?? address.pedestrian ?? address.footway;
  if (!state || !street) return undefined;
  const fields = {
    number: address.house_number ?? typedNumber,
    street,
    city: address.city ?? address.town ?? address.village ?? address.hamlet ?? address.municipality ?? '',
    // The offline data names counties without the word ("Mercer"); keep both providers alike.
    county: (address.county ?? '').replace(/\s+County$/i, ''),
    state,
    zip: (address.postcode ?? '').slice(0, 10),
  };
  return { ...fields, label: candidateLabel(fields) };
}

/**
 * A hosted geocoder speaking the Nominatim search API (OpenStreetMap's, a self-hosted
 * Nominatim, or a compatible service such as LocationIQ). The configured URL may carry
 * its own query parameters, an API key for instance; ours are added to them.
 */
export function hostedAddressProvider(baseUrl: string, fetchImpl: typeof fetch = fetch): AddressProvider {
  return {
    async search(text, limit) {
      const url = new URL(baseUrl);
      url.searchParams.set('q', text);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('countrycodes', 'us');
      url.searchParams.set('limit', String(limit));
      let results: unknown;
      try {
        const response = await fetchImpl(url, {
          headers: { accept: 'application/json', 'user-agent': `Yardstick/${APP_VERSION}` },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
        results = await response.json();
      } catch (error) {
        throw Object.assign(new HttpError(503, GEOCODER_UNAVAILABLE), { cause: error });
      }
      if (!Array.isArray(results)) throw new HttpError(503, GEOCODER_UNAVAILABLE);
      const typedNumber = readStreetLine(text.trim().split(/\s+/))?.number ?? '';
      return results
        .map((r) => candidateFromNominatim(r as NominatimResult, typedNumber))
        .filter((c): c is AddressCandidate => c !== undefined)
        .slice(0, limit);
    },
  };
}
