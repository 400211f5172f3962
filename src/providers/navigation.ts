/**
 * Lets code outside React components (the auth provider) move the router with
 * `replace`, which react-admin's own logout redirect does not do (SPEC §2, §4: going to
 * /login replaces the current history entry).
 */
import { useEffect } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';

export const LOGIN_ROUTE = '/login';
/** User Settings (SPEC §2): one's password and details. */
export const USER_SETTINGS_ROUTE = '/user-settings';

let navigateFn: NavigateFunction | null = null;

/** Rendered once inside the router; keeps the current navigate function at hand. */
export function NavigationBridge(): null {
  const navigate = useNavigate();
  useEffect(() => {
    navigateFn = navigate;
    return () => {
      if (navigateFn === navigate) navigateFn = null;
    };
  }, [navigate]);
  return null;
}

/** Goes to `path`, replacing the current history entry. */
export function replaceLocation(path: string): void {
  if (navigateFn) navigateFn(path, { replace: true });
  else window.location.replace(path);
}
