import type { FollowUpSettings } from '../domain/followUps';
import { FOLLOW_UPS_QUERY } from '../schema/actions/followUps';
import { useApiGet } from '../providers/useApiGet';

/** GET /api/company/followUps (issue 39): when reminders go to clients (version 0 until first saved). */
export type FollowUpSettingsRecord = FollowUpSettings & { version: number };

export const useFollowUpSettings = () => useApiGet<FollowUpSettingsRecord>([FOLLOW_UPS_QUERY], '/company/followUps');
