import { createElement, useEffect, useState, type ComponentType } from 'react';
import { Loading } from 'react-admin';

type Screen<P extends object = object> = ComponentType<P> & { preload(): Promise<unknown> };
type PropsOf<C> = C extends ComponentType<infer P> ? (P extends object ? P : object) : object;

const screens: Screen[] = [];

/**
 * A screen whose code is not part of the first download: the sign-in page does not wait for
 * every list and detail screen. Once signed in, `preloadScreens` fetches them all in the
 * background (once the first screen is up), and a screen whose code is there renders at once.
 *
 * Why not React.lazy: a screen that suspends during a navigation (a transition) keeps the
 * previous one mounted (hidden) until it arrives, and the list's pending work still runs
 * meanwhile — its debounced search writes the list URL back and undoes the navigation to the
 * detail the user clicked. This one never suspends: until its code is there it shows Loading,
 * so the previous screen is gone as soon as the user leaves it.
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
  const LazyScreen = (props: object) => {
    const [state, setState] = useState<{ screen?: ComponentType<object>; error?: unknown }>(() => ({ screen: loaded }));
    useEffect(() => {
      if (state.screen || state.error) return;
      let mounted = true;
      preload().then(
        (screen) => mounted && setState({ screen }),
        (error: unknown) => mounted && setState({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [state]);
    // A screen whose code could not be fetched (an update deployed meanwhile) is the page's error.
    if (state.error) throw state.error;
    return state.screen ? createElement(state.screen, props) : createElement(Loading);
  };
  LazyScreen.displayName = `LazyScreen(${String(name)})`;
  const screen = Object.assign(LazyScreen, { preload });
  screens.push(screen);
  return screen as unknown as Screen<PropsOf<M[K]>>;
}

let preloading: Promise<unknown> = Promise.resolve();

/**
 * How long after the page has loaded the other screens' code starts coming, a few screens at a
 * time while the browser is idle: the screen the user opened, its data and its first paint go
 * first (issue 37: fetched at once, the ninety screens' code pushed /customers' largest paint
 * past its list's data on a phone).
 */
const PRELOAD_AFTER_MS = 2000;
const PRELOAD_BATCH = 4;

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 0);

/**
 * Fetches the code of every screen in the background, once the page has loaded and the browser
 * is idle (after sign-in). Answers how to stop before the rest starts (the shell unmounted).
 */
export function preloadScreens(): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started: Promise<unknown>[] = [];
  const loadFrom = (index: number) => {
    if (stopped || index >= screens.length) return;
    const batch = screens.slice(index, index + PRELOAD_BATCH).map((screen) => screen.preload());
    started.push(...batch);
    preloading = Promise.allSettled(started);
    void Promise.allSettled(batch).then(() => whenIdle(() => loadFrom(index + PRELOAD_BATCH)));
  };
  const begin = () => {
    timer = setTimeout(() => whenIdle(() => loadFrom(0)), PRELOAD_AFTER_MS);
  };
  if (document.readyState === 'complete') begin();
  else window.addEventListener('load', begin, { once: true });
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('load', begin);
  };
}

/**
 * The last background fetch of the screens, settled or not: a UI test file waits for it before
 * its DOM goes away (a module still loading then fails the next file that imports it).
 */
export function screensPreloading(): Promise<unknown> {
  return preloading;
}
