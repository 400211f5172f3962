import { useApiAction } from '../../../admin/actions/useApiAction';
import { addUserAccount, USER_ACCOUNTS_QUERY } from '../../../schema/actions/userAccounts';
import type { UserAccount } from '../../../schema/userAccount';
import { useApiGet } from '../../../providers/useApiGet';

/** The API of Settings › Users (src/schema/actions/userAccounts.ts). */
export const USER_ACCOUNTS_PATH = addUserAccount.path;

/** The users with their state, and the changes Settings › Users makes to them (each refreshes the list). */
export function useUserAccounts() {
  const accounts = useApiGet<UserAccount[]>([USER_ACCOUNTS_QUERY], USER_ACCOUNTS_PATH);
  return {
    accounts,
    add: useApiAction('addUserAccount'),
    resetPassword: useApiAction('resetUserPassword'),
    setActive: useApiAction('setUserActive'),
    setRole: useApiAction('setUserRole'),
  };
}
