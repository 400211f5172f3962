import type { Identifier } from 'react-admin';
import type { z } from 'zod';
import { useApiGet } from '../../providers/useApiGet';
import { AGREEMENT_QUERY, VISITS_QUERY, type agreementLineSchema, type visitSchema } from '../../schema/actions/agreements';

export type AgreementLine = z.output<typeof agreementLineSchema>;
export type Visit = z.output<typeof visitSchema>;

export interface AgreementCosting {
  plannedHours: number;
  plannedHoursSoFar: number;
  actualHours: number;
  visitsPlanned: number;
  visitsDone: number;
  materialsUsed: number;
  earnedToDate: number;
  billedToDate: number;
  remaining: number;
  costSoFar: number;
  marginSoFarPercent: number | null;
  overBudget: boolean;
  suggestedRenewalPercent: number | null;
}

export interface AgreementDetail {
  id: number;
  estimateID: number;
  startDate: string;
  endDate: string;
  status: string;
  contractValue: number;
  cancelledOn: string | null;
  lines: AgreementLine[];
  costing: AgreementCosting;
}

const path = (id: Identifier) => `/agreements/${encodeURIComponent(String(id))}`;

/** GET /api/agreements/:id: the agreement with its lines and costing (what a line's or visit's change makes stale). */
export const useAgreement = (id: Identifier) => useApiGet<AgreementDetail>([AGREEMENT_QUERY, String(id)], path(id));

/** GET /api/agreements/:id/visits. */
export const useAgreementVisits = (id: Identifier) =>
  useApiGet<{ visits: Visit[] }, Visit[]>([VISITS_QUERY, 'agreement', String(id)], `${path(id)}/visits`, { pick: (body) => body.visits });
