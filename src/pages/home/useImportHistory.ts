import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { YardstickDataProvider } from '../../providers/dataProvider';

/** One import as GET /api/imports lists it (what Getting started needs of it). */
export interface ImportEntry {
  id: number;
  status: string;
}

/** GET /api/imports: the imports made, newest first. */
export function useImportHistory() {
  const dataProvider = useDataProvider<YardstickDataProvider>();
  return useQuery({
    queryKey: ['imports'],
    queryFn: async () => (await dataProvider.request<{ imports: ImportEntry[] }>('GET', '/imports')).imports,
  });
}
