import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PriceRule } from '../../src/domain/priceRules';
import {
  catalogueUnitPrice,
  renamedProject,
  renewalMessages,
  renewalPercentError,
  renewedUnitPrice,
  RENEWAL_PERCENT_MAX,
  RENEWAL_PERCENT_MIN,
} from '../../src/domain/renewal';

/** The renewed price in whole cents, by integer arithmetic: round half away from zero of cents × (100 + percent) / 100. */
function expectedCents(cents: bigint, percentHundredths: bigint): bigint {
  const numerator = cents * (10000n + percentHundredths); // cents × (1 + p/100), scaled by 10^4
  const whole = numerator / 10000n;
  return (numerator % 10000n) * 2n >= 10000n ? whole + 1n : whole;
}

describe('renewedUnitPrice: round2(unitPrice × (1 + percent / 100)), half away from zero', () => {
  it.each([
    // Ties: 11.275 and 9.225 go away from zero.
    [10.25, 10, 11.28],
    [10.25, -10, 9.23],
    // 0.20 × 1.025 = 0.205 exactly; binary floating point gives 0.20499999999999996.
    [0.2, 2.5, 0.21],
    // 0.04 × 0.875 = 0.035 → 0.04.
    [0.04, -12.5, 0.04],
    [100, 4, 104],
    [65, 4, 67.6],
    [99.99, 4, 103.99],
    [0, 4, 0],
    [12.34, 0, 12.34],
    [50, RENEWAL_PERCENT_MIN, 5],
    [50, RENEWAL_PERCENT_MAX, 550],
    [0.01, -90, 0],
    [9999999999.99, 0, 9999999999.99],
  ])('%s at %s %% → %s', (price, percent, expected) => {
    expect(renewedUnitPrice(price, percent)).toBe(expected);
  });

  it('where naive floating point rounds the other way, the exact tie wins', () => {
    // 0.60 × 1.025 = 0.615 exactly.
    const naive = Math.round(0.6 * (1 + 2.5 / 100) * 100) / 100;
    expect(naive).toBe(0.61);
    expect(renewedUnitPrice(0.6, 2.5)).toBe(0.62);
  });

  it('+4 % on every price from 0.00 to 100.00 equals the exact decimal expectation', () => {
    for (let cents = 0n; cents <= 10000n; cents++) {
      const price = Number(cents) / 100;
      expect(renewedUnitPrice(price, 4)).toBe(Number(expectedCents(cents, 400n)) / 100);
    }
  });

  it('any price and any percent of the range (to the hundredth) equal the exact expectation', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 99_999_999_99n }),
        fc.integer({ min: RENEWAL_PERCENT_MIN * 100, max: RENEWAL_PERCENT_MAX * 100 }),
        (cents, hundredths) => {
          const price = Number(cents) / 100;
          const percent = hundredths / 100;
          expect(renewedUnitPrice(price, percent)).toBe(Number(expectedCents(cents, BigInt(hundredths))) / 100);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads stored prices given as strings like numbers', () => {
    expect(renewedUnitPrice('10.25', 10)).toBe(11.28);
  });
});

describe('renewalPercentError', () => {
  it.each([0, 4, -4, 4.25, -12.5, RENEWAL_PERCENT_MIN, RENEWAL_PERCENT_MAX, 0.01])('accepts %s', (percent) => {
    expect(renewalPercentError(percent)).toBeNull();
  });

  it.each([
    [undefined, renewalMessages.percentRequired],
    [null, renewalMessages.percentRequired],
    ['', renewalMessages.percentRequired],
    ['4', renewalMessages.percentInvalid],
    [Number.NaN, renewalMessages.percentInvalid],
    [Number.POSITIVE_INFINITY, renewalMessages.percentInvalid],
    [true, renewalMessages.percentInvalid],
    [-90.01, renewalMessages.percentRange],
    [1000.01, renewalMessages.percentRange],
    [1e300, renewalMessages.percentRange],
    [4.255, renewalMessages.percentDecimals],
    [1e-7, renewalMessages.percentDecimals],
  ])('refuses %s', (percent, message) => {
    expect(renewalPercentError(percent)).toBe(message);
  });
});

describe('catalogueUnitPrice: the size rules of the catalogue item today, else its price', () => {
  // The starter catalogue's lawn mowing: up to 0.25 acre 45; between 0.25 and 2, +18 per quarter acre; above 2, 95 an acre.
  const mowing: { price: number; rules: PriceRule[] } = {
    price: 45,
    rules: [
      { type: 'GREATER_THAN', rangeStart: 2, rangeEnd: null, step: 0, secondaryPrice: 95, id: 3 },
      { type: 'BETWEEN_EXCLUSIVE', rangeStart: 0.25, rangeEnd: 2, step: 0.25, secondaryPrice: 18, id: 2 },
      { type: 'LESS_THAN_OR_EQUAL', rangeStart: null, rangeEnd: 0.25, step: null, secondaryPrice: null, id: 1 },
    ],
  };

  it.each([
    [0.2, 45],
    [0.25, 45],
    // 45 + (1 − 0.25) / 0.25 × 18
    [1, 99],
    // 45 + (1.1 − 0.25) / 0.25 × 18 = 106.2
    [1.1, 106.2],
    // step 0: 2.5 × 95
    [2.5, 237.5],
  ])('size %s → %s', (size, expected) => {
    expect(catalogueUnitPrice(mowing, size)).toBe(expected);
  });

  it('follows a price raised in the catalogue', () => {
    expect(catalogueUnitPrice({ ...mowing, price: 50 }, 1)).toBe(104);
    expect(catalogueUnitPrice({ ...mowing, price: 50 }, 0.1)).toBe(50);
  });

  it('STATIC: size / step × price; cents rounded half away from zero', () => {
    const cleanup = { price: 85, rules: [{ type: 'STATIC', step: 1000 }] };
    expect(catalogueUnitPrice(cleanup, 3000)).toBe(255);
    // 1234 / 1000 × 85 = 104.89
    expect(catalogueUnitPrice(cleanup, 1234)).toBe(104.89);
    // 1 / 8 × 0.1 = 0.0125 → 0.01; 3 / 8 × 0.1 = 0.0375 → 0.04
    expect(catalogueUnitPrice({ price: 0.1, rules: [{ type: 'STATIC', step: 8 }] }, 3)).toBe(0.04);
  });

  it('no size, or a size no rule covers: the item price', () => {
    expect(catalogueUnitPrice(mowing, null)).toBe(45);
    expect(catalogueUnitPrice({ price: 45, rules: [mowing.rules[1]] }, 5)).toBe(45);
    expect(catalogueUnitPrice({ price: 12.5, rules: [] }, 3)).toBe(12.5);
  });
});

describe('renamedProject', () => {
  it('replaces every occurrence as plain text', () => {
    expect(renamedProject('Snow 2026 (2026-27 season)', '2026', '2027')).toBe('Snow 2027 (2027-27 season)');
    expect(renamedProject('Mowing 2026', '2025', '2026')).toBe('Mowing 2026');
    expect(renamedProject('a.b.c', '.', '$&')).toBe('a$&b$&c');
    expect(renamedProject('Snow 2026', '2026', '')).toBe('Snow ');
  });

  it('an empty text to replace changes nothing', () => {
    expect(renamedProject('Snow 2026', '', 'x')).toBe('Snow 2026');
  });
});
