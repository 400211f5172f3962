import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { PIPELINE_QUERY, PROPOSALS_QUERY } from '../schema/actions/queryNames';
import { estimates } from '../schema';
import { useNotices } from './useNotices';

/** Notices this tab has announced already: each client's answer pops up once. */
const announced = new Set<number>();

/**
 * The office is told (issue 39): when a client answers a proposal of an estimate the signed-in
 * user sells, a notification says so at their next look (Home's pipeline lists it until seen).
 */
export function NoticeWatcher() {
  const { data } = useNotices();
  const notify = useNotify();
  const queryClient = useQueryClient();
  useEffect(() => {
    const fresh = (data?.notices ?? []).filter((notice) => !announced.has(notice.id));
    for (const notice of fresh) announced.add(notice.id);
    // What the answers changed: the pipeline, the proposals and the estimates shown.
    if (fresh.length)
      for (const key of [PIPELINE_QUERY, PROPOSALS_QUERY, estimates.name]) void queryClient.invalidateQueries({ queryKey: [key] });
    if (fresh.length === 1) notify(fresh[0].text, { type: 'info' });
    else if (fresh.length > 1) notify(`${fresh.length} clients answered proposals: see Home.`, { type: 'info' });
  }, [data, notify, queryClient]);
  return null;
}
