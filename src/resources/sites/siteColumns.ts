import type { RaRecord } from 'react-admin';
import { sites } from '../../schema';
import { entityColumns } from '../../custom/lists/columns';

/** The customer detail's Sites tab (SPEC §2): name, address 1, address 2, city, county, state, zip. */
export const customerSiteColumns = entityColumns<RaRecord>(sites, ['name', 'address1', 'address2', 'city', 'county', 'state', 'zip']);
