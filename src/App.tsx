/** The SPA: providers, the shell and the routes of SPEC §2. */
import { lazy, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { NavigationBridge } from './providers/navigation';
import { createQueryClient } from './providers/queryClient';
import { AlertNotification } from './custom/alerts/AlertNotification';
import { AppLayout } from './custom/layout/AppLayout';
import { theme } from './custom/layout/theme';
import { LoginPage } from './custom/login/LoginPage';
import { customersResource } from './resources/customers';
import { itemsResource } from './resources/items';
import { termsConditionsScreens } from './resources/termsConditions';
import { termsConditions } from './schema';
import type { EntityResourceOverrides } from './custom/generic/resourceFromEntity';
import { sitesResource } from './resources/sites';
import { servicesResource } from './resources/services';
import { estimatesResource } from './resources/estimates';
import { resourceFromEntity } from './custom/generic/resourceFromEntity';
import { genericEntities } from './custom/generic/genericEntities';

const HomePage = lazy(() => import('./custom/home/HomePage'));
const UserSettingsPage = lazy(() => import('./custom/userSettings/UserSettingsPage'));
const SettingsPage = lazy(() => import('./custom/settings/SettingsPage'));
const OperationsPage = lazy(() => import('./custom/operations/OperationsPage'));

const RedirectToHome = () => <Navigate to="/home" replace />;

/** The screens of generic resources that are bespoke (the rest comes from their declarations). */
const bespokeScreens: Record<string, EntityResourceOverrides> = { [termsConditions.name]: termsConditionsScreens };

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
        layout={AppLayout}
        loginPage={LoginPage}
        dashboard={RedirectToHome}
        notification={AlertNotification}
      >
        <CustomRoutes>
          <Route path="/home" element={<HomePage />} />
          <Route path="/dashboard" element={<RedirectToHome />} />
          <Route path="/user-settings" element={<UserSettingsPage />} />
          <Route path="/settings" element={<SettingsPage />} />
          <Route path="/operations" element={<OperationsPage />} />
        </CustomRoutes>
        <Resource name="customers" {...customersResource} />
        <Resource name="itemCatalog" {...itemsResource} />
        <Resource name="sites" {...sitesResource} />
        <Resource name="services" {...servicesResource} />
        <Resource name="estimates" {...estimatesResource} />
        {genericEntities().map((entity) => (
          <Resource key={entity.name} {...resourceFromEntity(entity, bespokeScreens[entity.name])} />
        ))}
      </Admin>
    </>
  );
}
