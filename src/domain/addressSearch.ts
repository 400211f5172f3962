/** Address search (SPEC §3 "Address search result", §5): shared by the server and the typeahead. */
export interface AddressCandidate {
  number: string;
  street: string;
  city: string;
  county: string;
  /** Two-letter abbreviation, as the state select stores it. */
  state: string;
  zip: string;
  /** One line for the suggestion list, e.g. "12 Main St, Trenton, NJ 08608". */
  label: string;
}

export const ADDRESS_SEARCH_LIMIT = 10;

/** SPEC §5: no search for empty text or text that is only digits (a house number being typed). */
export function isAddressSearchable(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && !/^[\d\s]+$/.test(trimmed);
}

/** The text that goes in address line 1 when a candidate is picked. */
export function addressLine1(candidate: Pick<AddressCandidate, 'number' | 'street'>): string {
  return [candidate.number, candidate.street].filter(Boolean).join(' ');
}

export function candidateLabel(candidate: Omit<AddressCandidate, 'label'>): string {
  const line1 = addressLine1(candidate);
  const stateZip = [candidate.state, candidate.zip].filter(Boolean).join(' ');
  return [line1, candidate.city, stateZip].filter(Boolean).join(', ');
}
