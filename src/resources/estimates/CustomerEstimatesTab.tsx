import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useGetManyReference, useGetOne, type Identifier } from 'react-admin';
import { customers, estimates } from '../../schema';
import { ListTable } from '../../admin/lists/ListTable';
import { ALL_ROWS } from '../../admin/lists/pageLinks';
import { useDialogState } from '../../admin/forms/useDialogState';
import { customerEstimateColumns } from './estimateColumns';
import { estimatePath } from './estimatePaths';
import { NewEstimateDialog } from './NewEstimateDialog';

/**
 * The customer detail's Estimates tab (SPEC §2): every estimate of the customer, archived ones
 * too (GET /customers/{id}/estimates), newest number first; a row opens the estimate, New opens
 * the New Estimate modal with the customer filled in.
 */
export function CustomerEstimatesTab({ customerId }: { customerId: Identifier }) {
  const newEstimate = useDialogState();
  const { data: customer } = useGetOne(customers.name, { id: customerId });
  const { data, isPending } = useGetManyReference(estimates.name, {
    target: 'customerID',
    id: customerId,
    pagination: { ...ALL_ROWS },
    sort: { field: estimates.defaultSort.key, order: estimates.defaultSort.direction },
  });

  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => newEstimate.open(true)} disabled={!customer}>
          New
        </Button>
      </Stack>
      <ListTable
        columns={customerEstimateColumns}
        rows={data}
        isPending={isPending}
        rowHref={(estimate) => estimatePath(estimate.id)}
        emptyText="No estimates found."
        aria-label="Estimates"
      />
      <NewEstimateDialog open={newEstimate.isOpen} onClose={newEstimate.close} customer={customer} />
    </Box>
  );
}
