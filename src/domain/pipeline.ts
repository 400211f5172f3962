/**
 * Home's pipeline (issue 39): where the newest proposal of each estimate stands, how proposals
 * convert, and the win rate and lost value by reason and by salesperson. What
 * GET /api/proposals/pipeline answers, and the arithmetic the server leaves to the domain. Pure.
 */
import { exactOrZero, sum, toNumber } from './decimal';

/** The stages an estimate's newest proposal can be in (`filter:proposalStage=`). */
export const PROPOSAL_STAGES = ['notOpened', 'opened', 'changesRequested', 'expiring', 'expired'] as const;
export type ProposalStage = (typeof PROPOSAL_STAGES)[number];

export const proposalStageLabels: Record<ProposalStage, string> = {
  notOpened: 'Sent, not opened',
  opened: 'Opened, not answered',
  changesRequested: 'Changes requested',
  expiring: 'Expiring within 7 days',
  expired: 'Expired this month',
};

/** The estimates list's filter of the stage of their newest proposal (`filter:proposalStage=expired`). */
export const PROPOSAL_STAGE_FILTER = 'proposalStage';

/** An open proposal whose last day is within this many days is expiring. */
export const EXPIRING_DAYS = 7;
/** The window of the conversion figures. */
export const CONVERSION_DAYS = 90;

export interface StageFigure {
  stage: ProposalStage;
  count: number;
  /** Σ the estimates' subtotals. */
  value: number;
}

export interface Conversion {
  /** Estimates with a proposal first sent in the last CONVERSION_DAYS days… */
  sent: number;
  /** …of which one was opened by the client… */
  opened: number;
  /** …and one signed. */
  signed: number;
  /** The median of whole days from the first send to the signature; null when none was signed. */
  medianDaysToSign: number | null;
}

export interface OutcomeRow {
  won: number;
  lost: number;
  /** Σ subtotals of the lost estimates. */
  lostValue: number;
  /** won ÷ (won + lost), a whole percent; null when nothing is decided. */
  winRatePercent: number | null;
}

export interface Pipeline {
  stages: StageFigure[];
  conversion: Conversion;
  /** Estimates created in the period [from, to] (office dates), decided as won or lost. */
  outcomes: {
    from: string;
    to: string;
    total: OutcomeRow;
    byReason: (OutcomeRow & { reason: string })[];
    bySalesperson: (OutcomeRow & { salesperson: number | null; name: string })[];
  };
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Money summed exactly (src/domain/decimal.ts), from the database's numbers or numeric text. */
export function sumMoney(values: readonly unknown[]): number {
  return toNumber(sum(values.map((value) => exactOrZero(value))));
}
