/**
 * The forms on screen that guard unsaved input (UnsavedChangesGuard), in the order they were
 * mounted. react-router consults only one navigation blocker at a time (the last one
 * registered), so a screen with several such forms (the estimate, the notes of a work area,
 * a modal) must block through one blocker that asks all of them.
 */

export interface GuardedForm {
  /** Holds input that is not saved. */
  dirty: boolean;
  /** Moves to paths starting with this stay on the form (e.g. `/estimates/5/`); the current path when absent. */
  rootPathname?: string;
}

const forms = new Map<symbol, GuardedForm>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Adds or updates a form (by the id its guard keeps for its lifetime). */
export function putGuardedForm(id: symbol, form: GuardedForm): void {
  forms.set(id, form);
  changed();
}

export function removeGuardedForm(id: symbol): void {
  if (forms.delete(id)) changed();
}

/** The form that holds the one blocker: the first mounted of those still on screen. */
export function blockingFormId(): symbol | undefined {
  return forms.keys().next().value;
}

/** Whether moving from `fromPathname` to `toPathname` would leave a form with unsaved input. */
export function leavesUnsavedInput(fromPathname: string, toPathname: string): boolean {
  for (const { dirty, rootPathname } of forms.values()) {
    if (dirty && !toPathname.startsWith(rootPathname ?? fromPathname)) return true;
  }
  return false;
}

/** For useSyncExternalStore: changes with every form added, updated or removed. */
export function guardedFormsVersion(): number {
  return version;
}

export function subscribeToGuardedForms(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
