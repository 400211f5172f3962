import type { Entity } from '../../schema';
import { AddressSearchInput } from './AddressSearchInput';

/** Address line 1; kept in its own component so the address-search typeahead can replace it. */
export function Address1Input({ entity }: { entity: Pick<Entity, 'field' | 'name'> }) {
  return <AddressSearchInput entity={entity} />;
}
