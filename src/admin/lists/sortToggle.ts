import type { SortPayload } from 'react-admin';

/** SPEC §4: the same column again flips ASC/DESC; any other column starts ASC. */
export function nextSort(current: SortPayload | undefined, key: string): SortPayload {
  if (current?.field === key) return { field: key, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
  return { field: key, order: 'ASC' };
}
