import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countRatios,
  everyStatus,
  formatPercent,
  recentWindowStart,
  totalCount,
  totalPrice,
  wholePercent,
  winRate,
  type StatusInsight,
} from '../../src/domain/insights';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import { ESTIMATE_STATUS, ESTIMATE_STATUSES, statusLabel } from '../../src/domain/estimates';

const list = (...counts: number[]): StatusInsight[] => counts.map((count, status) => ({ status, count, price: count * 10 }));

describe('recentWindowStart (Last 30 Days)', () => {
  it('is midnight at the office on the day 29 days before today', () => {
    // 10:00 EDT on 15 March 2026 → 14 February, still EST.
    expect(recentWindowStart(new Date('2026-03-15T14:00:00Z')).toISOString()).toBe('2026-02-14T05:00:00.000Z');
    // 23 November 2026 (EST) → 25 October, still EDT.
    expect(recentWindowStart(new Date('2026-11-23T08:00:00Z')).toISOString()).toBe('2026-10-25T04:00:00.000Z');
  });

  it('follows the office date, not the UTC date', () => {
    // 22:30 EDT on 15 March is 02:30 UTC on the 16th: still the 15th at the office.
    expect(recentWindowStart(new Date('2026-03-16T02:30:00Z')).toISOString()).toBe('2026-02-14T05:00:00.000Z');
    expect(recentWindowStart(new Date('2026-03-16T04:00:00Z')).toISOString()).toBe('2026-02-15T05:00:00.000Z');
    expect(recentWindowStart(new Date('2026-03-16T02:30:00Z'), 'UTC').toISOString()).toBe('2026-02-15T00:00:00.000Z');
  });

  it('crosses month, year and leap-day boundaries', () => {
    expect(recentWindowStart(new Date('2026-01-10T17:00:00Z')).toISOString()).toBe('2025-12-12T05:00:00.000Z');
    expect(recentWindowStart(new Date('2024-03-29T17:00:00Z')).toISOString()).toBe('2024-02-29T05:00:00.000Z');
  });

  it('always starts at an office midnight and spans today plus 29 whole days', () => {
    const dateAtOffice = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: OFFICE_TIME_ZONE });
    const timeAtOffice = (d: Date) => d.toLocaleTimeString('en-GB', { timeZone: OFFICE_TIME_ZONE, hourCycle: 'h23' });
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (now) => {
        const start = recentWindowStart(now);
        expect(timeAtOffice(start)).toBe('00:00:00');
        expect(start.getTime()).toBeLessThanOrEqual(now.getTime());
        const days = Math.round((Date.parse(dateAtOffice(now)) - Date.parse(dateAtOffice(start))) / 86_400_000);
        expect(days).toBe(29);
      }),
    );
  });
});

describe('ratios', () => {
  it('rounds each share to a whole percent, halves up', () => {
    expect(countRatios(list(1, 1, 1, 0))).toEqual([33, 33, 33, 0]);
    expect(countRatios(list(1, 2, 3, 2))).toEqual([13, 25, 38, 25]); // 12.5 → 13, 37.5 → 38
    expect(countRatios(list(29, 171, 0, 0))).toEqual([15, 86, 0, 0]); // 14.5 exactly, not 14.499…
    expect(countRatios(list(0, 0, 7, 0))).toEqual([0, 0, 100, 0]);
    expect(countRatios(list(1, 998, 1, 0))).toEqual([0, 100, 0, 0]);
  });

  it('is 0 % for every row of an empty list, never NaN', () => {
    expect(countRatios(list(0, 0, 0, 0))).toEqual([0, 0, 0, 0]);
    expect(countRatios([])).toEqual([]);
    expect(wholePercent(0, 0)).toBe(0);
    expect(wholePercent(5, Number.NaN)).toBe(0);
    expect(wholePercent(Number.NaN, 10)).toBe(0);
  });

  it('is always a whole number between 0 and 100', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1_000_000 }), { minLength: 4, maxLength: 4 }), (counts) => {
        for (const ratio of countRatios(list(...counts))) {
          expect(Number.isInteger(ratio)).toBe(true);
          expect(ratio).toBeGreaterThanOrEqual(0);
          expect(ratio).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});

describe('winRate', () => {
  it('is Contract Signed over Contract Signed plus Estimate Lost, as a whole percent', () => {
    expect(winRate(list(5, 9, 2, 1))).toBe(67);
    expect(winRate(list(0, 0, 1, 7))).toBe(13); // 12.5 → 13
    expect(winRate(list(3, 3, 4, 0))).toBe(100);
    expect(winRate(list(3, 3, 0, 4))).toBe(0);
  });

  it('does not exist when nothing was signed or lost', () => {
    expect(winRate(list(4, 6, 0, 0))).toBeNull();
    expect(winRate([])).toBeNull();
    expect(formatPercent(winRate(list(4, 6, 0, 0)))).toBe('—');
  });

  it('formats as a percent', () => {
    expect(formatPercent(67)).toBe('67%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(Number.NaN)).toBe('—');
  });
});

describe('lists', () => {
  it('every status in order, zeros where the server had none', () => {
    expect(everyStatus([{ status: 2, count: 3, price: 4.5 }])).toEqual([
      { status: 0, count: 0, price: 0 },
      { status: 1, count: 0, price: 0 },
      { status: 2, count: 3, price: 4.5 },
      { status: 3, count: 0, price: 0 },
    ]);
    // A value outside the statuses (never stored: the schema refuses it) is left out.
    expect(everyStatus([{ status: 9, count: 1, price: 1 }]).map((r) => r.count)).toEqual([0, 0, 0, 0]);
  });

  it('totals', () => {
    expect(totalCount(list(1, 2, 3, 4))).toBe(10);
    expect(totalPrice(list(1, 2, 3, 4))).toBe(100);
    expect(totalCount([])).toBe(0);
  });
});

describe('ESTIMATE_STATUS', () => {
  it('names every status of ESTIMATE_STATUSES once, with its id', () => {
    expect(Object.values(ESTIMATE_STATUS).sort()).toEqual(ESTIMATE_STATUSES.map((s) => s.id).sort());
    expect(statusLabel(ESTIMATE_STATUS.inProgress)).toBe('In Progress');
    expect(statusLabel(ESTIMATE_STATUS.proposalPhase)).toBe('Client Proposal Phase');
    expect(statusLabel(ESTIMATE_STATUS.contractSigned)).toBe('Contract Signed');
    expect(statusLabel(ESTIMATE_STATUS.lost)).toBe('Estimate Lost');
  });
});
