import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';
import { useApiGet } from '../../providers/useApiGet';

/**
 * The ids of the services assigned to a site, and a toggle that shows the change at once
 * and puts it back if the server refuses it.
 */
export function useSiteServices(siteId: Identifier) {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  const queryClient = useQueryClient();
  const queryKey = ['sites', 'services', String(siteId)];
  const path = `/sites/${encodeURIComponent(String(siteId))}/services`;

  const { data = [] } = useApiGet<number[]>(queryKey, path);

  const mutation = useMutation({
    mutationKey: queryKey,
    mutationFn: ({ serviceID, assign }: { serviceID: number; assign: boolean }) =>
      assign ? dataProvider.request('POST', path, { body: { serviceID } }) : dataProvider.request('DELETE', `${path}/${serviceID}`),
    onMutate: async ({ serviceID, assign }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData<number[]>(queryKey) ?? [];
      const after = assign ? [...before, serviceID] : before.filter((id) => id !== serviceID);
      queryClient.setQueryData(queryKey, after);
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context) queryClient.setQueryData(queryKey, context.before);
    },
    // Reload once the last of several quick clicks is done, not between them.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: queryKey }) <= 1) return queryClient.invalidateQueries({ queryKey });
    },
  });

  return {
    assigned: new Set(data),
    toggle: (serviceID: number, isAssigned: boolean) => mutation.mutate({ serviceID, assign: !isAssigned }),
  };
}
