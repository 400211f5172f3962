import { useWatch } from 'react-hook-form';
import { OpenInMapsLink } from '../detail/ContactLinks';

/** Inside an address form: 'Open in Maps' for the address as it stands in the inputs. */
export function AddressMapLink() {
  const [address1, address2, city, state, zip] = useWatch({ name: ['address1', 'address2', 'city', 'state', 'zip'] });
  return <OpenInMapsLink address={{ address1, address2, city, state, zip }} />;
}
