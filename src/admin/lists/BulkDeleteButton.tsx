import { useState } from 'react';
import { Button } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { bulkDeleteConfirmation, type BulkDeleteImpact } from '../../domain/bulkActions';
import { ConfirmDialog } from '../forms/ConfirmDialog';
import { useBulkAction } from './useBulkAction';

interface BulkDeleteButtonProps {
  list: { route: string; singular: string; plural: string };
}

/**
 * Delete, among the actions on a list's ticked rows: first asks the server what would go
 * with them and which rows it would keep (and why), says so, then deletes in one request.
 */
export function BulkDeleteButton({ list }: BulkDeleteButtonProps) {
  const { run, preview, isPending } = useBulkAction(list.route);
  const [impact, setImpact] = useState<BulkDeleteImpact | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = async () => {
    setAsking(true);
    setImpact((await preview()) ?? null);
    setAsking(false);
  };
  const confirm = async () => {
    await run('delete');
    setImpact(null);
  };
  return (
    <>
      <Button color="error" variant="outlined" startIcon={<DeleteIcon />} disabled={asking || isPending} onClick={() => void ask()}>
        Delete
      </Button>
      {impact && (
        <ConfirmDialog
          open
          title={`Delete ${list.plural}`}
          message={bulkDeleteConfirmation(list, impact)}
          isPending={isPending}
          blockedReason={impact.done.length ? undefined : `None of the selected ${list.plural} can be deleted.`}
          onConfirm={() => void confirm()}
          onClose={() => setImpact(null)}
        />
      )}
    </>
  );
}
