import type { ReactNode } from 'react';
import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Tooltip } from '@mui/material';

interface ConfirmDialogProps {
  open: boolean;
  message: string;
  title?: string;
  confirmLabel?: string;
  /** Disables the buttons while the confirmed action runs. */
  isPending?: boolean;
  /**
   * Why the action cannot be done (e.g. 'This customer cannot be deleted: it still has 3
   * estimates.'): the confirm button is disabled, described by the message and with this as its tooltip.
   */
  blockedReason?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Something to do before deciding (e.g. export what the delete would take), left of Cancel. */
  beforeDeciding?: ReactNode;
}

/**
 * A yes/no question before a destructive action, e.g. 'Are you sure you would like to delete…?'.
 *
 * Kept beside react-admin's DeleteWithConfirmButton, whose Confirm always labels its button
 * 'Confirm' and cannot disable it: SPEC §2's 'Confirm Deletion' modals are answered with
 * Delete, and a delete the server would refuse (issue 20's delete-impact summary) is offered
 * with Delete disabled and the reason on it.
 */
export function ConfirmDialog({
  open,
  message,
  title = 'Confirm Deletion',
  confirmLabel = 'Delete',
  isPending = false,
  blockedReason,
  onConfirm,
  onClose,
  beforeDeciding,
}: ConfirmDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const messageId = `${id}-message`;
  const confirmButton = (
    <Button
      onClick={onConfirm}
      disabled={isPending || Boolean(blockedReason)}
      color="error"
      variant="contained"
      aria-describedby={blockedReason ? messageId : undefined}
    >
      {confirmLabel}
    </Button>
  );
  return (
    <Dialog open={open} onClose={isPending ? undefined : onClose} aria-labelledby={titleId} aria-describedby={messageId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId}>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {beforeDeciding}
        <Button onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        {blockedReason ? (
          // A disabled button gets no pointer events: the tooltip listens on its wrapper.
          <Tooltip title={blockedReason}>
            <span>{confirmButton}</span>
          </Tooltip>
        ) : (
          confirmButton
        )}
      </DialogActions>
    </Dialog>
  );
}
