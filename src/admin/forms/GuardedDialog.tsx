import { createContext, useCallback, useContext, useMemo, useRef } from 'react';
import { Dialog, type DialogProps } from '@mui/material';
import { useConfirmDiscard } from './useConfirmDiscard';

interface DialogGuard {
  /** A guarded form in the modal (UnsavedChangesGuard) says whether it holds unsaved input. */
  report: (form: symbol, dirty: boolean) => void;
  /** Closes the modal, after asking when one of its forms holds unsaved input. */
  requestClose: () => void;
}

const DialogGuardContext = createContext<DialogGuard | null>(null);

/** The modal around a form, if it is a GuardedDialog: where the form reports its unsaved input. */
export function useDialogGuard(): DialogGuard | null {
  return useContext(DialogGuardContext);
}

/**
 * How a button inside a modal closes it (e.g. Close): through the GuardedDialog around it, so
 * that unsaved input is asked about first; `onClose` as such outside one.
 */
export function useGuardedClose(onClose: () => void): () => void {
  return useContext(DialogGuardContext)?.requestClose ?? onClose;
}

type GuardedDialogProps = Omit<DialogProps, 'onClose' | 'open'> & {
  open?: boolean;
  /** Closes the modal for good (also what a successful save calls, which never asks). */
  onClose: () => void;
};

/**
 * A modal holding forms: Escape, a click beside it and its Close button (useGuardedClose) ask
 * first while any of its forms holds unsaved input — the question of leaving a screen with
 * unsaved input (useConfirmDiscard), from the forms' own UnsavedChangesGuard.
 */
export function GuardedDialog({ open = true, onClose, children, ...dialogProps }: GuardedDialogProps) {
  const confirmDiscard = useConfirmDiscard();
  const dirtyForms = useRef(new Set<symbol>());
  const report = useCallback((form: symbol, dirty: boolean) => {
    if (dirty) dirtyForms.current.add(form);
    else dirtyForms.current.delete(form);
  }, []);
  const requestClose = useCallback(() => {
    if (dirtyForms.current.size === 0 || confirmDiscard()) onClose();
  }, [confirmDiscard, onClose]);
  const guard = useMemo(() => ({ report, requestClose }), [report, requestClose]);

  return (
    <DialogGuardContext.Provider value={guard}>
      <Dialog open={open} onClose={requestClose} {...dialogProps}>
        {children}
      </Dialog>
    </DialogGuardContext.Provider>
  );
}
