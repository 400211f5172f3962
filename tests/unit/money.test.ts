import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyShort, round2 } from '../../src/domain/money';

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

describe('formatMoneyShort (chart labels)', () => {
  it('shows whole dollars below a thousand and one decimal of K, M, B above', () => {
    expect(formatMoneyShort(0)).toBe('$0');
    expect(formatMoneyShort(949.6)).toBe('$950');
    expect(formatMoneyShort(999.6)).toBe('$1K');
    expect(formatMoneyShort(12_550)).toBe('$12.6K');
    expect(formatMoneyShort(1_234_567.89)).toBe('$1.2M');
    expect(formatMoneyShort(19_999_999_999.99)).toBe('$20B');
    expect(formatMoneyShort(-2500)).toBe('-$2.5K');
  });

  it('never shows "-$0", and is blank for a missing amount', () => {
    expect(formatMoneyShort(-0.4)).toBe('$0');
    expect(formatMoneyShort(null)).toBe('');
    expect(formatMoneyShort(Number.POSITIVE_INFINITY)).toBe('');
  });
});
