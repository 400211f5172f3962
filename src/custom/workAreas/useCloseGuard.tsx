import { useCallback, useEffect, useRef, useState } from 'react';
import { useCanBlock, WarnWhenUnsavedChanges } from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { ConfirmDialog } from '../forms/ConfirmDialog';

export const DISCARD_CHANGES_QUESTION = 'You have unsaved changes. Close without saving them?';

/** While `active`, the browser asks before the page is closed or reloaded. */
export function useBeforeUnloadWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

/**
 * Placed inside a <Form>: tells `onChange` whether the form holds unsaved changes, asks
 * before the page unloads while it does, and before an in-app navigation where the router
 * can block one (a data router) — except to paths under `rootPathname` (the same screen).
 */
export function DirtyStateReporter({ onChange, rootPathname }: { onChange: (dirty: boolean) => void; rootPathname?: string }) {
  const { isDirty } = useFormState();
  const { control } = useFormContext();
  const canBlock = useCanBlock();
  useEffect(() => onChange(isDirty), [isDirty, onChange]);
  // A form that goes away holds nothing any more.
  useEffect(() => () => onChange(false), [onChange]);
  useBeforeUnloadWarning(isDirty);
  return canBlock ? <WarnWhenUnsavedChanges enable formRootPathName={rootPathname} formControl={control} /> : null;
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
