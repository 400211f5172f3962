import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { termMonths } from '../../src/domain/agreements';
import { installmentSchedule, installmentsDueIn, installmentsUntil } from '../../src/domain/installments';
import { addDays } from '../../src/domain/officeDate';

const cents = (amount: number) => Math.round(amount * 100);

describe('installmentSchedule', () => {
  it('splits a season into equal monthly installments, the remainder last', () => {
    expect(installmentSchedule(1000, '2026-04-01', '2026-11-30', 3)).toEqual([
      { dueDate: '2026-04-01', amount: 333.33 },
      { dueDate: '2026-05-01', amount: 333.33 },
      { dueDate: '2026-06-01', amount: 333.34 },
    ]);
    expect(installmentSchedule(4800, '2026-04-01', '2026-11-30', 8).map((i) => i.amount)).toEqual(Array(8).fill(600));
    expect(installmentSchedule(0.05, '2026-04-01', '2026-11-30', 8).map((i) => i.amount)).toEqual([0, 0, 0, 0, 0, 0, 0, 0.05]);
  });

  it('mirrors a negative total', () => {
    expect(installmentSchedule(-1000, '2026-04-01', '2026-11-30', 3).map((i) => i.amount)).toEqual([-333.33, -333.33, -333.34]);
  });

  it('clamps due dates to short months', () => {
    expect(installmentSchedule(300, '2026-01-31', '2026-04-30', 3).map((i) => i.dueDate)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
  });

  it('refuses a count outside 1..termMonths', () => {
    expect(() => installmentSchedule(100, '2026-04-01', '2026-11-30', 9)).toThrow(RangeError);
    expect(() => installmentSchedule(100, '2026-04-01', '2026-11-30', 0)).toThrow(RangeError);
    expect(() => installmentSchedule(100, '2026-04-01', '2026-11-30', 1.5)).toThrow(RangeError);
  });

  it('sums to the total to the cent, in order, inside the term, the last within count cents of the others', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1500 }),
        fc.integer({ min: 1, max: 364 }),
        fc.integer({ min: 1, max: 12 }),
        (totalCents, offset, length, wanted) => {
          const start = addDays('2025-01-01', offset);
          const end = addDays(start, length);
          const count = Math.min(wanted, termMonths(start, end));
          const schedule = installmentSchedule(totalCents / 100, start, end, count);
          expect(schedule).toHaveLength(count);
          expect(schedule.reduce((total, i) => total + cents(i.amount), 0)).toBe(totalCents);
          schedule.forEach((installment, index) => {
            expect(installment.dueDate >= start && installment.dueDate <= end).toBe(true);
            if (index > 0) expect(installment.dueDate > schedule[index - 1].dueDate).toBe(true);
            expect(Number.isInteger(Math.round(installment.amount * 100))).toBe(true);
          });
          const difference = cents(schedule[count - 1].amount) - cents(schedule[0].amount);
          expect(difference).toBeGreaterThanOrEqual(0);
          expect(difference).toBeLessThan(count);
        },
      ),
    );
  });
});

describe('installments of a month or until a date', () => {
  const schedule = installmentSchedule(800, '2026-04-15', '2026-11-30', 8);

  it('finds the installments due in a month', () => {
    expect(installmentsDueIn(schedule, '2026-05')).toEqual([{ dueDate: '2026-05-15', amount: 100 }]);
    expect(installmentsDueIn(schedule, '2026-12')).toEqual([]);
  });

  it('keeps those due on or before a cancellation', () => {
    expect(installmentsUntil(schedule, '2026-06-14').map((i) => i.dueDate)).toEqual(['2026-04-15', '2026-05-15']);
    expect(installmentsUntil(schedule, '2026-06-15')).toHaveLength(3);
  });
});
