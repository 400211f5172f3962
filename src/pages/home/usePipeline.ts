import type { Pipeline } from '../../domain/pipeline';
import { useApiGet } from '../../providers/useApiGet';
import { PIPELINE_QUERY } from '../../schema/actions/queryNames';

/** GET /api/proposals/pipeline for the period (office dates; the server's default, the year so far, when not chosen). */
export function usePipeline(period: { from?: string; to?: string }) {
  const query = new URLSearchParams(Object.entries(period).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = query.toString();
  return useApiGet<Pipeline>([PIPELINE_QUERY, search], `/proposals/pipeline${search ? `?${search}` : ''}`);
}
