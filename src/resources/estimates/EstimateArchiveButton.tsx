import { Button } from '@mui/material';
import ArchiveIcon from '@mui/icons-material/Archive';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import { useRecordContext, useSaveContext } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';

/**
 * Archive / Unarchive (SPEC §4): flips isArchived and saves the estimate at once, as the form
 * shows it (so nothing typed is dropped) with the version it was loaded at; a refused save
 * changes nothing.
 */
export function EstimateArchiveButton() {
  const record = useRecordContext();
  const { handleSubmit, setError } = useFormContext();
  const { isSubmitting } = useFormState();
  const saveContext = useSaveContext();
  const archived = Boolean(record?.isArchived);
  const busy = isSubmitting || Boolean(saveContext?.saving);

  const toggle = handleSubmit(async (values) => {
    const errors = await saveContext?.save?.({ ...values, isArchived: !archived });
    for (const [field, message] of Object.entries(errors ?? {})) {
      setError(field, { type: 'server', message: String(message) });
    }
  });

  return (
    <Button variant="outlined" startIcon={archived ? <UnarchiveIcon /> : <ArchiveIcon />} onClick={toggle} disabled={busy}>
      {archived ? 'Unarchive' : 'Archive'}
    </Button>
  );
}
