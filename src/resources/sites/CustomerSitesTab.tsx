import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useGetManyReference, useGetOne, type Identifier } from 'react-admin';
import { customers, sites } from '../../schema';
import { ListTable } from '../../admin/lists/ListTable';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { useDialogState } from '../../admin/forms/useDialogState';
import { NewSiteDialog } from './NewSiteDialog';
import { customerSiteColumns } from './siteColumns';

/** Every site of the customer; a row opens the site, New opens the New Site modal pre-filled. */
export function CustomerSitesTab({ customerId }: { customerId: Identifier }) {
  const newSite = useDialogState();
  const { data: customer } = useGetOne(customers.name, { id: customerId });
  const { data, isPending } = useGetManyReference(sites.name, {
    target: sites.parent!.field,
    id: customerId,
    pagination: { ...ALL_ROWS },
    sort: { field: sites.defaultSort.key, order: sites.defaultSort.direction },
  });

  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => newSite.open(true)} disabled={!customer}>
          New
        </Button>
      </Stack>
      <ListTable
        columns={customerSiteColumns}
        rows={data}
        isPending={isPending}
        rowHref={(site) => `/${sites.route}/${site.id}`}
        emptyText="No sites found."
        aria-label="Sites"
      />
      <NewSiteDialog open={newSite.isOpen} onClose={newSite.close} customer={customer} />
    </Box>
  );
}
