/**
 * The live check of an agreement's lines (issue 40): what each line's billing schedule adds up
 * to, against the contract value. Installments always add up to the line (the remainder on the
 * last); a per-visit line adds its price for each visit not skipped; a once line is its amount;
 * time and materials are billed as done, so they count at their signed amount until then.
 */
import { add, exactOrZero, mul, roundToNumber, sub, sum, type Exact } from './decimal';
import type { BillingBasis } from './agreements';
import { installmentSchedule } from './installments';
import { termMonths } from './agreements';

export interface ScheduledLine {
  id: number;
  amount: number;
  basis: BillingBasis;
  installments: number | null;
  visitPrice: number | null;
}

export interface ScheduleCheck {
  /** Each line's scheduled total, by its id. */
  lines: Record<number, number>;
  scheduled: number;
  contractValue: number;
  /** scheduled − contract value. */
  difference: number;
}

export function scheduledAmount(line: ScheduledLine, plannedVisits: number, term: { startDate: string; endDate: string }): Exact {
  switch (line.basis) {
    case 'installments':
      return sum(
        installmentSchedule(line.amount, term.startDate, term.endDate, line.installments ?? termMonths(term.startDate, term.endDate)).map(
          (installment) => exactOrZero(installment.amount),
        ),
      );
    case 'perVisit':
      return mul(exactOrZero(line.visitPrice ?? 0), exactOrZero(plannedVisits));
    default:
      return exactOrZero(line.amount);
  }
}

/** `visitCounts`: the visits not skipped of each line, by its id. */
export function scheduleCheck(
  lines: readonly ScheduledLine[],
  visitCounts: Readonly<Record<number, number>>,
  term: { startDate: string; endDate: string },
): ScheduleCheck {
  const totals = lines.map((line) => [line.id, scheduledAmount(line, visitCounts[line.id] ?? 0, term)] as const);
  const scheduled = totals.reduce((total, [, amount]) => add(total, amount), exactOrZero(0));
  const contractValue = sum(lines.map((line) => exactOrZero(line.amount)));
  return {
    lines: Object.fromEntries(totals.map(([id, amount]) => [id, roundToNumber(amount, 2)])),
    scheduled: roundToNumber(scheduled, 2),
    contractValue: roundToNumber(contractValue, 2),
    difference: roundToNumber(sub(scheduled, contractValue), 2),
  };
}
