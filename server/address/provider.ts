import type { AddressCandidate } from '../../src/domain/addressSearch';

/**
 * Where address suggestions come from: the bundled offline US ZIP data by default, or a
 * hosted geocoder configured by URL (GEOCODER_URL).
 */
export interface AddressProvider {
  /** Up to `limit` candidates for a searchable text (see isAddressSearchable). */
  search(text: string, limit: number): Promise<AddressCandidate[]>;
}
