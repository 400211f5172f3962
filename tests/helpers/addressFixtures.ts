import type { AddressCandidate } from '../../src/domain/addressSearch';

/** What "12 Main St Trenton" and "12 Main St 08608" must offer (issue 4's acceptance). */
export const TRENTON_08608: AddressCandidate = {
  number: '12',
  street: 'Main St',
  city: 'Trenton',
  county: 'Mercer',
  state: 'NJ',
  zip: '08608',
  label: '12 Main St, Trenton, NJ 08608',
};
