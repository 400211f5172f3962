import type { ReactNode } from 'react';
import { Button, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { FormSaveButton } from './FormSaveButton';
import { InvalidFormWarning } from './InvalidFormWarning';

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
  children: ReactNode;
}

/**
 * What a modal's <Form> holds: the 'Form is invalid.' warning, the title, the inputs and the
 * buttons — Delete where offered, Close, and Save (always enabled, so a save attempt shows
 * what is missing).
 */
export function DialogFormBody({ titleId, title, onClose, onDelete, deleteDisabled, saveButton, children }: DialogFormBodyProps) {
  return (
    <>
      <InvalidFormWarning />
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        {onDelete && (
          <Button color="error" onClick={onDelete} disabled={deleteDisabled} sx={{ mr: 'auto' }}>
            Delete
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
        {saveButton ?? <FormSaveButton />}
      </DialogActions>
    </>
  );
}
