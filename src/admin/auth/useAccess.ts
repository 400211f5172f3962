import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePermissions } from 'react-admin';
import type { YardstickPermissions } from '../../providers/authProvider';

/**
 * What the signed-in user may do, as the screens show it (react-admin's permissions, from the
 * token's claims; the server decides for itself on every request). Pending → not yet known.
 */
export function useAccess(): { isPending: boolean; isAdmin: boolean; mustChangePassword: boolean } {
  const { permissions, isPending } = usePermissions<YardstickPermissions>();
  return {
    isPending,
    isAdmin: permissions?.role === 'admin',
    mustChangePassword: permissions?.mustChangePassword === true,
  };
}

/** Reads the permissions again (after the token changed: a password change, a fresh token). */
export function useRefreshAccess(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['auth', 'getPermissions'] }), [queryClient]);
}
