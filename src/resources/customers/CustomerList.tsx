import type { RaRecord } from 'react-admin';
import { customers } from '../../schema';
import { resolveScreens } from '../../schema/screens';
import { withAddressMapLink } from '../../custom/detail/ContactLinks';
import { EntityListPage } from '../../custom/generic/EntityListPage';
import { declaredColumns } from '../../custom/lists/fieldCells';
import { NewCustomerDialog } from './NewCustomerDialog';

const columns = withAddressMapLink(declaredColumns<RaRecord>(customers, resolveScreens(customers).listColumns));

/** /customers: the generic list with the New Customer modal, its Address 1 cells opening the address on a map. */
export function CustomerList() {
  return <EntityListPage entity={customers} newDialog={NewCustomerDialog} columns={columns} />;
}
