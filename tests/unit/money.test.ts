import { describe, expect, it } from 'vitest';
import { formatMoney, round2 } from '../../src/domain/money';

describe('round2', () => {
  it.each([
    [1.005, 1.01],
    [-1.005, -1.01],
    [2.675, 2.68],
    [0.125, 0.13],
    [-0.125, -0.13],
    [1.004999, 1],
    [0.1 + 0.2, 0.3],
    [1.5 * 33.33, 50],
    [123456789.125, 123456789.13],
    [10, 10],
    [0.994, 0.99],
  ])('rounds %s half away from zero to %s', (value, expected) => {
    expect(round2(value)).toBe(expected);
  });

  it('never answers -0', () => {
    expect(Object.is(round2(-0.001), 0)).toBe(true);
    expect(Object.is(round2(-0), 0)).toBe(true);
  });

  it('gives NaN for non-finite input instead of a plausible amount', () => {
    expect(round2(Number.NaN)).toBeNaN();
    expect(round2(Infinity)).toBeNaN();
    expect(round2(-Infinity)).toBeNaN();
  });
});

describe('formatMoney', () => {
  it('formats dollars and cents with thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-3)).toBe('-$3.00');
    expect(formatMoney(0.009)).toBe('$0.01');
  });

  it('is blank for a missing or non-finite amount', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});
