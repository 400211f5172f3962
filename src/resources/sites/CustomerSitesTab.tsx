import { useGetOne, type Identifier } from 'react-admin';
import { customers, sites } from '../../schema';
import { RelatedRecordsTable } from '../../admin/lists/RelatedRecordsTable';
import { useDialogState } from '../../admin/forms/useDialogState';
import { NewSiteDialog } from './NewSiteDialog';
import { customerSiteColumns } from './siteColumns';

/** Every site of the customer; a row opens the site, New opens the New Site modal pre-filled. */
export function CustomerSitesTab({ customerId }: { customerId: Identifier }) {
  const newSite = useDialogState();
  const { data: customer } = useGetOne(customers.name, { id: customerId });
  return (
    <RelatedRecordsTable
      entity={sites}
      target={sites.parent!.field}
      id={customerId}
      columns={customerSiteColumns}
      rowLink={(site) => `/${sites.route}/${site.id}`}
      label="Sites"
      onNew={() => newSite.open(true)}
      newDisabled={!customer}
    >
      <NewSiteDialog open={newSite.isOpen} onClose={newSite.close} customer={customer} />
    </RelatedRecordsTable>
  );
}
