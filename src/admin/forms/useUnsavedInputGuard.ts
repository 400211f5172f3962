import { useEffect, useState } from 'react';
import { putGuardedForm, removeGuardedForm } from './unsavedFormsStore';
import { useBeforeUnloadWarning } from './UnsavedChangesGuard';

/**
 * For input held outside a react-hook-form form (a drawing, a list edited in place): while it is
 * unsaved, leaving the screen asks the same question as a form's (UnsavedChangesGuard), and so
 * does closing the page. The question itself is asked by the screen's form guard, which consults
 * every guarded input (unsavedFormsStore.ts): use it on a screen that has one (a detail page).
 */
export function useUnsavedInputGuard(dirty: boolean, rootPathname?: string): void {
  const [id] = useState(() => Symbol('guarded input'));
  useEffect(() => putGuardedForm(id, { dirty, rootPathname }), [id, dirty, rootPathname]);
  useEffect(() => () => removeGuardedForm(id), [id]);
  useBeforeUnloadWarning(dirty);
}
