import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { NewUserAccount, UserAccount, UserRole } from '../../../schema/userAccount';
import type { YardstickDataProvider } from '../../../providers/dataProvider';
import { useApiGet } from '../../../providers/useApiGet';

/** The API of Settings › Users (server/routes/userAccounts.ts). */
export const USER_ACCOUNTS_PATH = '/userAccounts';
const queryKey = ['userAccounts'];

/** The users with their state, and the changes Settings › Users makes to them. */
export function useUserAccounts() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  const accounts = useApiGet<UserAccount[]>(queryKey, USER_ACCOUNTS_PATH);

  const add = useMutation({
    mutationFn: (user: NewUserAccount) =>
      dataProvider.request<{ id: number; password: string; account: UserAccount }>('POST', USER_ACCOUNTS_PATH, { body: user }),
    onSettled: refresh,
  });
  const resetPassword = useMutation({
    mutationFn: (account: UserAccount) =>
      dataProvider.request<{ password: string }>('POST', `${USER_ACCOUNTS_PATH}/${account.id}/resetPassword`),
  });
  const setActive = useMutation({
    mutationFn: ({ account, active }: { account: UserAccount; active: boolean }) =>
      dataProvider.request<UserAccount>('PUT', `${USER_ACCOUNTS_PATH}/${account.id}/active`, { body: { active } }),
    onSettled: refresh,
  });

  const setRole = useMutation({
    mutationFn: ({ account, role }: { account: UserAccount; role: UserRole }) =>
      dataProvider.request<UserAccount>('PUT', `${USER_ACCOUNTS_PATH}/${account.id}/role`, { body: { role } }),
    onSettled: refresh,
  });

  return { accounts, add, resetPassword, setActive, setRole };
}
