/** The SPA: providers, the shell and the routes of SPEC §2. */
import { lazy, useState, type ReactNode } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { NavigationBridge, USER_SETTINGS_ROUTE } from './providers/navigation';
import { createQueryClient } from './providers/queryClient';
import { AlertNotification } from './admin/alerts/AlertNotification';
import { AppLayout } from './admin/layout/AppLayout';
import { OneTimePasswordGate } from './pages/userSettings/OneTimePasswordGate';
import { NoticeWatcher } from './notices/NoticeWatcher';
import { navigationEntries } from './navigationEntries';
import { NotFoundPage } from './admin/layout/NotFoundPage';
import { theme } from './admin/layout/theme';
import { LoginPage } from './pages/login/LoginPage';
import { bespokeScreens } from './resources';
import { resourceFromEntity } from './admin/generic/resourceFromEntity';
import { entitiesWithScreens } from './admin/generic/entitiesWithScreens';

const HomePage = lazy(() => import('./pages/home/HomePage'));
const UserSettingsPage = lazy(() => import('./pages/userSettings/UserSettingsPage'));
const SettingsPage = lazy(() => import('./pages/settings/SettingsPage'));
const OperationsPage = lazy(() => import('./pages/operations/OperationsPage'));
const SchedulePage = lazy(() => import('./pages/schedule/SchedulePage'));
const TodayPage = lazy(() => import('./pages/schedule/TodayPage'));
const BillingPage = lazy(() => import('./pages/billing/BillingPage'));
const StormBoardPage = lazy(() => import('./pages/stormBoard/StormBoardPage'));
const StormCloseOutPage = lazy(() => import('./pages/stormCloseOut/StormCloseOutPage'));

const RedirectToHome = () => <Navigate to="/home" replace />;
const Layout = ({ children }: { children: ReactNode }) => (
  <AppLayout navigation={navigationEntries}>
    <OneTimePasswordGate>
      <NoticeWatcher />
      {children}
    </OneTimePasswordGate>
  </AppLayout>
);

/**
 * A data router (not <BrowserRouter>): react-admin's warnWhenUnsavedChanges blocks leaving a
 * form through react-router's useBlocker, which only data routers offer. Every path goes to
 * the admin, whose own routes below decide. Router state changes are plain updates, not
 * transitions: a transition can leave the unsaved-changes prompt holding a blocker state that
 * is no longer the router's (it then proceeds a navigation that was cancelled, and crashes).
 */
export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AdminApp /> }]));
  return <RouterProvider router={router} useTransitions={false} />;
}

function AdminApp() {
  const [queryClient] = useState(createQueryClient);
  return (
    <>
      <NavigationBridge />
      <Admin
        disableTelemetry
        requireAuth
        title="Yardstick"
        authProvider={authProvider}
        dataProvider={dataProvider}
        queryClient={queryClient}
        theme={theme}
        layout={Layout}
        loginPage={LoginPage}
        dashboard={RedirectToHome}
        notification={AlertNotification}
        catchAll={NotFoundPage}
      >
        <CustomRoutes>
          <Route path="/home" element={<HomePage />} />
          <Route path="/dashboard" element={<RedirectToHome />} />
          <Route path={USER_SETTINGS_ROUTE} element={<UserSettingsPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/operations" element={<OperationsPage />} />
          <Route path="/schedule" element={<SchedulePage />} />
          <Route path="/schedule/today" element={<TodayPage />} />
          <Route path="/billing" element={<BillingPage />} />
          <Route path="/storms/:id/board" element={<StormBoardPage />} />
          <Route path="/storms/:id/closeOut" element={<StormCloseOutPage />} />
        </CustomRoutes>
        {/* Every resource comes from its declaration, with its bespoke parts (src/resources) in place. */}
        {entitiesWithScreens().map((entity) => (
          <Resource key={entity.name} {...resourceFromEntity(entity, bespokeScreens[entity.name])} />
        ))}
      </Admin>
    </>
  );
}
