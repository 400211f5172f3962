import { lazy, type ComponentType } from 'react';

/**
 * A screen loaded when it is first shown, from a module's named export: the sign-in page
 * does not wait for the code of every list and detail screen.
 */
export function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
}
