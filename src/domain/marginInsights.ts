/**
 * Home's costing insights (issue 24): the margin of Contract Signed estimates, weighted by
 * revenue, and the win rate by salesperson. What GET /api/insights/margin answers: the server
 * reads each estimate's stored figures and these functions price them.
 */
import { exactOrZero, sub, sum, toNumber } from './decimal';
import { type Costing, estimateProfitability, marginPercent } from './profitability';
import { ESTIMATE_STATUS } from './estimates';
import { LOST_STATUS, WON_STATUS, wholePercent } from './insights';

export { LOST_STATUS, WON_STATUS };

/** Client Proposal Phase, Contract Signed, Estimate Lost: an estimate that reached the client. */
export const PROPOSED_STATUSES: readonly number[] = [ESTIMATE_STATUS.proposalPhase, WON_STATUS, LOST_STATUS];

/** The estimates of one window added up: Σ revenue, Σ cost, and their margin (Σ profit ÷ Σ revenue). */
export interface SignedMargin {
  count: number;
  revenue: number;
  cost: number;
  grossProfit: number;
  /** Weighted by revenue: Σ grossProfit ÷ Σ revenue × 100, one decimal; null without revenue. */
  marginPercent: number | null;
}

export interface SalespersonWinRate {
  salesperson: number;
  name: string;
  /** Estimates that reached the client: Client Proposal Phase, Contract Signed or Estimate Lost. */
  proposed: number;
  /** Contract Signed + Estimate Lost. */
  decided: number;
  won: number;
  lost: number;
  /** won ÷ decided as a whole percent (like the Home card's win rate); null when none is decided. */
  winRatePercent: number | null;
}

export interface MarginInsights {
  /** Contract Signed estimates created in the last 30 days (the window of the Home lists) and of all time. */
  signedMargin: { last30Days: SignedMargin; allTime: SignedMargin };
  /** One row per salesperson with any proposed estimate, most won first, then by name. */
  winRates: SalespersonWinRate[];
}

/** A window's sums, as the database adds them (numbers or numeric text), finished. */
export function signedMargin(count: unknown, revenue: unknown, cost: unknown): SignedMargin {
  const r = toNumber(exactOrZero(revenue));
  const c = toNumber(exactOrZero(cost));
  return {
    count: Number(count) || 0,
    revenue: r,
    cost: c,
    grossProfit: toNumber(sub(exactOrZero(r), exactOrZero(c))),
    marginPercent: marginPercent(r, c),
  };
}

/** won ÷ (won + lost), a whole percent; null when nothing is decided. */
export function winRatePercent(won: number, lost: number): number | null {
  const decided = won + lost;
  return decided > 0 ? wholePercent(won, decided) : null;
}

/**
 * A Contract Signed estimate as the margin reads it: its stored subtotal and discount, and the
 * Σ direct cost and Σ crew hours of the lines of its included areas (profitability rounds
 * these sums once, so one summed line prices the same as every line).
 */
export interface SignedEstimate {
  subtotal: unknown;
  discount: unknown;
  totalCost: unknown;
  laborHours: unknown;
}

/** The estimates of a window added up, each priced by estimateProfitability (src/domain/profitability.ts). */
export function signedMarginOf(estimates: readonly SignedEstimate[], costing: Costing): SignedMargin {
  const figures = estimates.map(({ subtotal, discount, totalCost, laborHours }) =>
    estimateProfitability({ discount, areas: [{ id: 0, subtotal, isIncluded: true, items: [{ totalCost, laborHours }] }] }, costing),
  );
  const total = (key: 'revenue' | 'cost') => toNumber(sum(figures.map((f) => exactOrZero(f[key]))));
  return signedMargin(estimates.length, total('revenue'), total('cost'));
}
