/**
 * Installment schedules of an agreement line billed in equal monthly installments. Exact:
 * amounts are whole cents whose sum is the line's amount to the cent.
 */
import { exactOrZero, roundExact, toNumber } from './decimal';
import { addMonths, termMonths } from './agreements';

export interface Installment {
  dueDate: string;
  amount: number;
}

/**
 * `count` monthly installments of `total`, due on startDate, startDate + 1 month, … (clamped to
 * the month's last day). Each is total ÷ count truncated to the cent (toward zero, so a negative
 * total mirrors a positive one) and the last takes the remainder: Σ amounts = total to the cent.
 * RangeError when count is not a whole number from 1 to termMonths(startDate, endDate).
 */
export function installmentSchedule(total: number, startDate: string, endDate: string, count: number): Installment[] {
  const max = termMonths(startDate, endDate);
  if (!Number.isInteger(count) || count < 1 || count > max) {
    throw new RangeError(`Installments must be a whole number from 1 to ${max}, not ${count}`);
  }
  const totalCents = roundExact(exactOrZero(total), 2).n; // d is 100: n counts cents
  const each = totalCents / BigInt(count); // BigInt division truncates toward zero
  const last = totalCents - each * BigInt(count - 1);
  const dollars = (cents: bigint) => toNumber({ n: cents, d: 100n });
  return Array.from({ length: count }, (_, index) => ({
    dueDate: addMonths(startDate, index),
    amount: dollars(index === count - 1 ? last : each),
  }));
}

/** The installments due in a month ('YYYY-MM'). */
export function installmentsDueIn<T extends { dueDate: string }>(schedule: readonly T[], month: string): T[] {
  return schedule.filter((installment) => installment.dueDate.slice(0, 7) === month);
}

/** The installments due on or before a date (a cancelled agreement bills only those due by its cancellation). */
export function installmentsUntil<T extends { dueDate: string }>(schedule: readonly T[], lastDate: string): T[] {
  return schedule.filter((installment) => installment.dueDate <= lastDate);
}
