import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useApiGet } from '../../providers/useApiGet';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import type { UserDetails } from '../../schema/userAccount';

export const MY_DETAILS_QUERY_KEY = ['myDetails'];

/** GET /api/users/me: the signed-in user's name, email and phone. */
export const useMyDetails = () => useApiGet<UserDetails>(MY_DETAILS_QUERY_KEY, '/users/me');

/** Saves them, and reads them again (the answer after it carries a token with the new name). */
export function useSaveMyDetails() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  return async (details: UserDetails) => {
    const saved = await dataProvider.saveMyDetails(details);
    queryClient.setQueryData(MY_DETAILS_QUERY_KEY, saved);
    await queryClient.invalidateQueries({ queryKey: MY_DETAILS_QUERY_KEY });
    return saved;
  };
}
