import { useGetOne, useRecordContext, type RaRecord } from 'react-admin';

/** The record a form's reference field points to when the form opened (none for a new record). */
export function useReferencedRecord(resource: string, source: string): { record: RaRecord | null; isPending: boolean } {
  const id = useRecordContext()?.[source] as RaRecord['id'] | null | undefined;
  const { data, isPending } = useGetOne(resource, { id: id! }, { enabled: id != null });
  return { record: id == null ? null : (data ?? null), isPending: id != null && isPending };
}
