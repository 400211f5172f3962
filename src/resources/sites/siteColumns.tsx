import type { RaRecord } from 'react-admin';
import { sites } from '../../schema';
import { entityColumns } from '../../custom/lists/columns';
import { withAddressMapLink } from '../../custom/detail/ContactLinks';

/** The customer detail's Sites tab (SPEC §2): name, address 1 (to a map), address 2, city, county, state, zip. */
export const customerSiteColumns = withAddressMapLink(
  entityColumns<RaRecord>(sites, ['name', 'address1', 'address2', 'city', 'county', 'state', 'zip']),
);
