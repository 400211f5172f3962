import type { RaRecord } from 'react-admin';
import { sites } from '../../schema';
import { declaredColumns } from '../../admin/lists/fieldCells';

/** The customer detail's Sites tab (SPEC §2): name, address 1 (to a map), address 2, city, county, state, zip. */
export const customerSiteColumns = declaredColumns<RaRecord>(sites, ['name', 'address1', 'address2', 'city', 'county', 'state', 'zip']);
