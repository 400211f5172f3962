import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBlocker, useCanBlock, useLocation } from 'react-admin';
import { useFormState, type Control } from 'react-hook-form';
import {
  blockingFormId,
  guardedFormsVersion,
  leavesUnsavedInput,
  putGuardedForm,
  removeGuardedForm,
  subscribeToGuardedForms,
} from './unsavedFormsStore';
import { LOGIN_ROUTE } from '../../providers/navigation';
import { useDialogGuard } from './GuardedDialog';
import { useConfirmDiscard } from './useConfirmDiscard';

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

interface UnsavedChangesGuardProps {
  /** Moves to paths starting with this stay on the form (e.g. `/estimates/5/`); the current path unless given. */
  rootPathname?: string;
  /** The form, when the guard is not inside it. */
  control?: Control;
  /** Told whether the form holds unsaved input (e.g. the work areas panel, before selecting another area). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The one guard of unsaved input, placed in every form (DetailPage, DialogFormBody and the
 * other forms put it there): while the form holds unsaved input, leaving the screen asks first
 * (in the app, or by closing the page), and so does closing the GuardedDialog it is in (Close,
 * Escape, a click beside it) — always the same question (useConfirmDiscard). Unlike
 * react-admin's warnWhenUnsavedChanges, any number of forms on one screen can be guarded at
 * once (see unsavedFormsStore.ts).
 */
export function UnsavedChangesGuard({ rootPathname, control, onDirtyChange }: UnsavedChangesGuardProps) {
  const { dirtyFields } = useFormState(control ? { control } : undefined);
  // Unlike react-admin, a submitted form still counts as unsaved until it is reset with what was
  // stored: a refused save (409, a failed notes save) must not let the input go silently.
  const dirty = Object.keys(dirtyFields).length > 0;
  const [id] = useState(() => Symbol('guarded form'));
  const canBlock = useCanBlock();
  const blocksForAll = useSyncExternalStore(subscribeToGuardedForms, blockingFormId) === id;
  const dialog = useDialogGuard();

  useEffect(() => putGuardedForm(id, { dirty, rootPathname }), [id, dirty, rootPathname]);
  useEffect(() => () => removeGuardedForm(id), [id]);
  useEffect(() => dialog?.report(id, dirty), [dialog, id, dirty]);
  useEffect(() => () => dialog?.report(id, false), [dialog, id]);
  useEffect(() => onDirtyChange?.(dirty), [onDirtyChange, dirty]);
  // A form that goes away holds nothing any more.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  useBeforeUnloadWarning(dirty);

  return canBlock && blocksForAll ? <NavigationBlocker /> : null;
}

/** The screen's one navigation blocker: asks when a move would leave any guarded form's unsaved input. */
function NavigationBlocker() {
  const confirmDiscard = useConfirmDiscard();
  const { pathname } = useLocation();
  // Signed out (Sign Out, or a 401): the session is over and the input could not be saved anyway.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      nextLocation.pathname !== LOGIN_ROUTE && leavesUnsavedInput(currentLocation.pathname, nextLocation.pathname),
  );
  // Rendered again whenever a form's state changes, so a form saved or reset meanwhile lets the move go on.
  useSyncExternalStore(subscribeToGuardedForms, guardedFormsVersion);
  // Each blocked move by its own key: a second move blocked before a render saw the first one
  // answered (reset) is still a new question.
  const blockedMove = blocker.state === 'blocked' ? (blocker.location.key ?? blocker.location.pathname) : null;
  const stillLeavesInput = blocker.state === 'blocked' && leavesUnsavedInput(pathname, blocker.location.pathname);
  const [asking, setAsking] = useState<string | null>(null);
  // The blocker is a new object on every render: the effects read the current one.
  const current = useRef(blocker);
  current.current = blocker;

  useEffect(() => {
    if (blockedMove === null) return;
    // E.g. a save or a delete that resets the form and moves on in the same tick: no question.
    if (stillLeavesInput) setAsking(blockedMove);
    else current.current.proceed?.();
  }, [blockedMove, stillLeavesInput]);

  useEffect(() => {
    if (asking === null) return;
    setAsking(null);
    const { state, proceed, reset } = current.current;
    if (state !== 'blocked') return;
    if (confirmDiscard()) proceed();
    else reset();
  }, [asking, confirmDiscard]);

  return null;
}
