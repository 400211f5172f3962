import type { ReactNode } from 'react';
import { Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { FormSaveButton } from './FormSaveButton';
import { useGuardedClose } from './GuardedDialog';
import { InvalidFormWarning } from './InvalidFormWarning';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

interface DialogFormBodyProps {
  /** The title's element id, which the dialog's aria-labelledby names. */
  titleId: string;
  title: ReactNode;
  onClose: () => void;
  /** Offers Delete (left of Close) when given. */
  onDelete?: () => void;
  deleteDisabled?: boolean;
  /** In place of the plain Save (e.g. a Generate button). */
  saveButton?: ReactNode;
  /** Guards the form's unsaved input (UnsavedChangesGuard); off once what it held is saved. True unless given. */
  guarded?: boolean;
  children: ReactNode;
}

/**
 * What a modal's <Form> holds: the guard of its unsaved input, the 'Form is invalid.' warning,
 * the title, the inputs and the buttons — Delete where offered, Close (which asks first over
 * unsaved input, in a GuardedDialog), and Save (always enabled, so a save attempt shows what
 * is missing).
 */
export function DialogFormBody({
  titleId,
  title,
  onClose,
  onDelete,
  deleteDisabled,
  saveButton,
  guarded = true,
  children,
}: DialogFormBodyProps) {
  const close = useGuardedClose(onClose);
  return (
    <>
      {guarded && <UnsavedChangesGuard />}
      <InvalidFormWarning />
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        {onDelete && (
          <Button color="error" onClick={onDelete} disabled={deleteDisabled} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button onClick={close}>Close</Button>
        {saveButton ?? <FormSaveButton />}
      </DialogActions>
    </>
  );
}
