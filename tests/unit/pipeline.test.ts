import { describe, expect, it } from 'vitest';
import { median, sumMoney } from '../../src/domain/pipeline';

describe("Home's pipeline arithmetic (issue 39)", () => {
  it('the median: none, the middle value, the mean of the two middle ones, whatever the order', () => {
    expect(median([])).toBeNull();
    expect(median([4])).toBe(4);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([10, 2, 4, 8])).toBe(6);
    expect(median([0, 0, 1, 30])).toBe(0.5);
  });

  it('sums money exactly, from numbers or the numeric text the database gives', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney(['1234.50', '0.10', null])).toBe(1234.6);
    expect(sumMoney([])).toBe(0);
  });
});
