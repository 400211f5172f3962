import { useCallback, useEffect, useRef, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { ConfirmDialog } from '../forms/ConfirmDialog';
import { UnsavedChangesGuard } from '../forms/UnsavedChangesGuard';

export const DISCARD_CHANGES_QUESTION = 'You have unsaved changes. Close without saving them?';

/**
 * Placed inside a <Form>: tells `onChange` whether the form holds unsaved changes, and while
 * it does, leaving the screen asks first (UnsavedChangesGuard) — except to paths under
 * `rootPathname` (the same screen).
 */
export function DirtyStateReporter({ onChange, rootPathname }: { onChange: (dirty: boolean) => void; rootPathname?: string }) {
  const { isDirty } = useFormState();
  useEffect(() => onChange(isDirty), [isDirty, onChange]);
  // A form that goes away holds nothing any more.
  useEffect(() => () => onChange(false), [onChange]);
  return <UnsavedChangesGuard rootPathname={rootPathname} />;
}

/**
 * Closing a modal whose form holds unsaved changes asks first. Render `confirmation`, put
 * `<DirtyStateReporter onChange={reportDirty} />` in the form and close with `requestClose`
 * (a successful save closes with the plain `onClose`).
 */
export function useCloseGuard(onClose: () => void) {
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const requestClose = useCallback(() => (dirty.current ? setAsking(true) : onClose()), [onClose]);

  const confirmation = (
    <ConfirmDialog
      open={asking}
      title="Unsaved Changes"
      message={DISCARD_CHANGES_QUESTION}
      confirmLabel="Discard"
      onConfirm={() => {
        setAsking(false);
        onClose();
      }}
      onClose={() => setAsking(false)}
    />
  );
  return { reportDirty, requestClose, confirmation };
}
