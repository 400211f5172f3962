import type { Entity } from '../../schema';
import { AddressSearchInput } from './AddressSearchInput';

/** Address line 1 of customer and site forms: the address-search typeahead. */
export function Address1Input({ entity }: { entity: Pick<Entity, 'field' | 'name'> }) {
  return <AddressSearchInput entity={entity} />;
}
