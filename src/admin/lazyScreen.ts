import { createElement, lazy, useState, type ComponentType } from 'react';

type Screen<P extends object = object> = ComponentType<P> & { preload(): Promise<unknown> };
type PropsOf<C> = C extends ComponentType<infer P> ? (P extends object ? P : object) : object;

const screens: Screen[] = [];

/**
 * A screen whose code is not part of the first download: the sign-in page does not wait for
 * every list and detail screen. Once signed in, `preloadScreens` fetches them all in the
 * background, and a screen whose code is there renders at once, without suspending.
 *
 * Why not React.lazy alone: a screen that suspends keeps the previous one mounted (hidden)
 * until it arrives, and the list's pending work still runs meanwhile — its debounced search
 * writes the list URL back and undoes the navigation to the detail the user clicked.
 */
export function lazyScreen<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K): Screen<PropsOf<M[K]>> {
  let loaded: ComponentType<object> | undefined;
  let loading: Promise<ComponentType<object>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module[name] as unknown as ComponentType<object>),
      (error) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  // What a mounted screen renders is decided once: switching from Lazy to the loaded component
  // when the code arrives would mount the screen anew and drop what the user just did (a tab
  // clicked meanwhile was lost: tests/e2e/sites.test.ts in CI).
  const LazyScreen = (props: object) => {
    const [screen] = useState(() => loaded ?? Lazy);
    return createElement(screen, props);
  };
  LazyScreen.displayName = `LazyScreen(${String(name)})`;
  const screen = Object.assign(LazyScreen, { preload });
  screens.push(screen);
  return screen as unknown as Screen<PropsOf<M[K]>>;
}

let preloading: Promise<unknown> = Promise.resolve();

/** Fetches the code of every screen (after sign-in, when the browser is idle). */
export function preloadScreens(): Promise<unknown> {
  preloading = Promise.allSettled(screens.map((screen) => screen.preload()));
  return preloading;
}

/**
 * The last background fetch of the screens, settled or not: a UI test file waits for it before
 * its DOM goes away (a module still loading then fails the next file that imports it).
 */
export function screensPreloading(): Promise<unknown> {
  return preloading;
}
