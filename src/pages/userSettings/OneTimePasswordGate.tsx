import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useAccess, useRefreshAccess } from '../../admin/auth/useAccess';
import { onTokenStored } from '../../providers/sessionToken';

const UserSettingsPage = lazy(() => import('./UserSettingsPage'));

/**
 * Wraps every screen of the layout: after signing in with a one-time password (a new account's,
 * a reset's), whatever the address, the password change is the only screen until it is done —
 * as the server answers 403 to everything else meanwhile. It also reads the permissions again
 * whenever a new token arrives: the server sends one as soon as the user's role changed.
 */
export function OneTimePasswordGate({ children }: { children: ReactNode }) {
  const { isPending, mustChangePassword } = useAccess();
  const refreshAccess = useRefreshAccess();
  // While the gate holds, the password form itself opens it (after moving Home).
  const holding = useRef(mustChangePassword);
  holding.current = mustChangePassword;
  useEffect(
    () =>
      onTokenStored(() => {
        if (!holding.current) void refreshAccess();
      }),
    [refreshAccess],
  );
  if (isPending) return null;
  if (!mustChangePassword) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <UserSettingsPage />
    </Suspense>
  );
}
