/**
 * The frame of a UI test: what is rendered sits in react-admin's context (the given data
 * provider, a fresh memory store, English messages) inside a memory router, and the test can
 * read where the screen went and move it elsewhere. The fake `fetch` is in fakeApi.ts.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import {
  AdminContext,
  defaultI18nProvider,
  memoryStore,
  testDataProvider,
  TestMemoryRouter,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { Route, Routes, type NavigateFunction } from 'react-router-dom';
import { AlertArea } from '../../src/admin/alerts/AlertArea';
import { AlertNotification } from '../../src/admin/alerts/AlertNotification';
import { actionMethodsOver } from '../../src/providers/actionClient';
import { emptySitePlan } from '../../src/domain/sitePlan';

// Mocks stand in for methods with generic signatures: their own types are kept loose.
type FakeMethod = (...args: any[]) => Promise<any>;

type FakeMethods = Partial<Record<Exclude<keyof DataProvider, 'supportAbortSignal'>, FakeMethod>> & {
  /** The app's own call (YardstickDataProvider.request). */
  request?: FakeMethod;
  /** What GET /<resource>/:id/deleteImpact answers (before a delete's confirmation): nothing depends on the record unless given. */
  deleteImpact?: FakeMethod;
  /** What GET /sites/:id/plan answers (issue 42): an empty plan unless given. */
  sitePlan?: FakeMethod;
  /** What GET /<sites|estimates|workAreas>/:id/photos answers (issue 42); else `request`'s, or none without one. */
  photos?: FakeMethod;
};

const NOTHING_DEPENDS = { deletes: [], blockedBy: [] };

/**
 * react-admin's testDataProvider answering with `methods` (vi.fn mocks welcome); the others fail.
 * The typed client of the declared actions checks its bodies as in the app and sends through
 * `request` (`request('POST', '/termsConditions/reorder', {body})`).
 */
export function fakeDataProvider({
  request,
  deleteImpact = async () => NOTHING_DEPENDS,
  sitePlan,
  photos,
  ...methods
}: FakeMethods = {}): DataProvider {
  const provider = testDataProvider(methods as Partial<DataProvider>);
  const answer: FakeMethod = async (method: string, path: string, ...rest: unknown[]) => {
    if (method === 'GET' && path.endsWith('/deleteImpact')) return deleteImpact(path);
    // An office with no custom fields (issue 38): a test of custom fields runs on the app's own data provider (fakeFetch).
    if (method === 'GET' && path.startsWith('/customFields?')) return { customFields: [] };
    // Nothing to tell the office (issue 39).
    if (method === 'GET' && path === '/notices') return { notices: [], unseen: 0 };
    // A site's snow log (issue 41): nothing logged (its own tests run on the app's data provider, fakeFetch).
    if (method === 'GET' && /^\/sites\/\d+\/snowLog\?/.test(path)) return { entries: [], head: null };
    // A site's plan (issue 42): none drawn yet, unless the test answers it.
    const plan = /^\/sites\/(\d+)\/plan$/.exec(path);
    if (method === 'GET' && plan) return sitePlan ? sitePlan(path) : emptySitePlan(Number(plan[1]));
    // A site's, an estimate's or a work area's photos (issue 42): `photos`' answer, else none for a test with no `request`.
    if (method === 'GET' && /^\/(sites|estimates|workAreas)\/\d+\/photos$/.test(path) && (photos || !request))
      return photos ? photos(path) : { photos: [] };
    // A test that gives no `request` expects none: a search finds nothing.
    if (!request) return [];
    return request(method, path, ...rest);
  };
  return { ...provider, request: answer, ...actionMethodsOver(answer) };
}

interface RenderAdminOptions {
  /** react-admin's default (which answers nothing) unless given. */
  dataProvider?: DataProvider;
  /** None unless given (e.g. the app's own, which reads the signed-in user from the stored token). */
  authProvider?: AuthProvider;
  /** react-admin's own unless given (the app's, from createQueryClient, never retries). */
  queryClient?: QueryClient;
  /** The history the test starts with; the last entry is the current one unless `initialIndex` says. */
  initialEntries?: string[];
  initialIndex?: number;
  /**
   * Also renders the app's alert area, to see the alerts themselves rather than the alert store.
   * The notification path (AlertNotification: notify() and failed calls become the alert) is
   * always there, as in the app.
   */
  alerts?: boolean;
}

/**
 * Renders `ui` in the admin context; `location()` is the current path, `search()` its query
 * (`?tab=sites`), `navigate(to)` moves.
 */
export function renderAdmin(
  ui: ReactNode,
  { dataProvider, authProvider, queryClient, initialEntries = ['/'], initialIndex, alerts = false }: RenderAdminOptions = {},
) {
  let pathname = '';
  let search = '';
  let navigateTo: NavigateFunction | undefined;
  const result = render(
    <TestMemoryRouter
      initialEntries={initialEntries}
      initialIndex={initialIndex}
      locationCallback={(l) => {
        pathname = l.pathname;
        search = l.search;
      }}
      navigateCallback={(n) => (navigateTo = n)}
    >
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        store={memoryStore()}
        i18nProvider={defaultI18nProvider}
      >
        <AlertNotification />
        {alerts && <AlertArea />}
        {ui}
      </AdminContext>
    </TestMemoryRouter>,
  );
  return {
    ...result,
    location: () => pathname,
    search: () => search,
    navigate: (to: string | -1) => Promise.resolve(typeof to === 'number' ? navigateTo!(to) : navigateTo!(to)),
  };
}

/** Path → element: the screen under test and stand-ins for the screens it leads to. */
export function routes(elements: Record<string, ReactNode>) {
  return (
    <Routes>
      {Object.entries(elements).map(([path, element]) => (
        <Route key={path} path={path} element={element} />
      ))}
    </Routes>
  );
}
