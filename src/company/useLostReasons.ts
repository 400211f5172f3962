import type { LostReason } from '../domain/lostReasons';
import { LOST_REASONS_QUERY } from '../schema/actions/lostReasons';
import { useApiGet } from '../providers/useApiGet';

/** GET /api/company/lostReasons (issue 39): why estimates are lost (version 0 until first saved). */
export type LostReasonsRecord = { reasons: LostReason[]; version: number };

export const useLostReasons = () => useApiGet<LostReasonsRecord>([LOST_REASONS_QUERY], '/company/lostReasons');
