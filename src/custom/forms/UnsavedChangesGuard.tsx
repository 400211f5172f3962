import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useBlocker, useCanBlock, useLocation, useTranslate } from 'react-admin';
import { useFormState, type Control } from 'react-hook-form';
import {
  blockingFormId,
  guardedFormsVersion,
  leavesUnsavedInput,
  putGuardedForm,
  removeGuardedForm,
  subscribeToGuardedForms,
} from './unsavedFormsStore';

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
}

/**
 * Placed in a form: while it holds unsaved input, leaving the screen asks first (react-admin's
 * question), in the app or by closing the page. Unlike react-admin's warnWhenUnsavedChanges,
 * any number of forms on one screen can be guarded at once (see unsavedFormsStore.ts).
 */
export function UnsavedChangesGuard({ rootPathname, control }: UnsavedChangesGuardProps) {
  const { dirtyFields } = useFormState(control ? { control } : undefined);
  // Unlike react-admin, a submitted form still counts as unsaved until it is reset with what was
  // stored: a refused save (409, a failed notes save) must not let the input go silently.
  const dirty = Object.keys(dirtyFields).length > 0;
  const [id] = useState(() => Symbol('guarded form'));
  const canBlock = useCanBlock();
  const blocksForAll = useSyncExternalStore(subscribeToGuardedForms, blockingFormId) === id;

  useEffect(() => putGuardedForm(id, { dirty, rootPathname }), [id, dirty, rootPathname]);
  useEffect(() => () => removeGuardedForm(id), [id]);
  useBeforeUnloadWarning(dirty);

  return canBlock && blocksForAll ? <NavigationBlocker /> : null;
}

/** The screen's one navigation blocker: asks when a move would leave any guarded form's unsaved input. */
function NavigationBlocker() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => leavesUnsavedInput(currentLocation.pathname, nextLocation.pathname));
  // Rendered again whenever a form's state changes, so a form saved or reset meanwhile lets the move go on.
  useSyncExternalStore(subscribeToGuardedForms, guardedFormsVersion);
  const blocked = blocker.state === 'blocked';
  const stillLeavesInput = blocker.state === 'blocked' && leavesUnsavedInput(pathname, blocker.location.pathname);
  const [asking, setAsking] = useState(false);
  // The blocker is a new object on every render: the effects read the current one.
  const current = useRef(blocker);
  current.current = blocker;

  useEffect(() => {
    if (!blocked) return;
    // E.g. a save or a delete that resets the form and moves on in the same tick: no question.
    if (stillLeavesInput) setAsking(true);
    else current.current.proceed?.();
  }, [blocked, stillLeavesInput]);

  useEffect(() => {
    if (!asking) return;
    setAsking(false);
    const { state, proceed, reset } = current.current;
    if (state !== 'blocked') return;
    if (window.confirm(translate('ra.message.unsaved_changes'))) proceed();
    else reset();
  }, [asking, translate]);

  return null;
}
