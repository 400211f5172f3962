/**
 * Issue 20, defect 12: money is exact. The pricing rules (DESIGN "Pricing rules") are checked
 * against a reference written here in BigInt arithmetic on cents and basis points, with
 * nothing shared with src/domain but the tax codes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountAmount, estimatePricing, itemTotals, itemTotalWithTax } from '../../src/domain/pricing';
import { round2, roundTo } from '../../src/domain/money';
import { TAX_CODES, type TaxCode } from '../../src/domain/taxes';
import { totalsByItem } from '../../src/domain/materials';
import { ruleUnitPrice } from '../../src/domain/priceRules';
import { add, exact, sum, ZERO } from '../../src/domain/decimal';

/** SPEC §9 "Tax rates", as fractions num/den. */
const REFERENCE_RATES: Record<string, [bigint, bigint]> = {
  NJ: [6625n, 100_000n],
  PA: [6n, 100n],
  Phila: [8n, 100n],
  DE: [0n, 1n],
  EXEMPT: [0n, 1n],
};

/** n / d (d > 0, n ≥ 0) rounded half away from zero to an integer. */
function roundHalfUp(n: bigint, d: bigint): bigint {
  const q = n / d;
  return (n % d) * 2n >= d ? q + 1n : q;
}

const dollars = (cents: bigint) => Number(`${cents}e-2`);

interface RefArea {
  cents: bigint;
  tax: TaxCode;
  isIncluded: boolean;
}

/** The rules on cents and a discount in basis points (hundredths of a percent). */
function reference(areas: readonly RefArea[], discountBasisPoints: bigint) {
  const keepNum = 10_000n - discountBasisPoints; // (1 − discount/100) = keepNum / 10_000
  const included = areas.filter((a) => a.isIncluded);
  const subtotal = included.reduce((s, a) => s + a.cents, 0n);
  const taxes = included.reduce((s, a) => {
    const [rn, rd] = REFERENCE_RATES[a.tax];
    return s + roundHalfUp(a.cents * keepNum * rn, 10_000n * rd);
  }, 0n);
  const discounted = roundHalfUp(subtotal * keepNum, 10_000n);
  return { subtotal, taxes, discounted, total: discounted + taxes, discountAmount: subtotal - discounted };
}

function check(areas: readonly RefArea[], discountBasisPoints: bigint) {
  const discount = Number(discountBasisPoints) / 100;
  const priced = estimatePricing(
    areas.map((a) => ({ subtotal: dollars(a.cents), tax: a.tax, isIncluded: a.isIncluded })),
    discount,
  );
  const ref = reference(areas, discountBasisPoints);
  expect(priced.subtotal).toBe(dollars(ref.subtotal));
  expect(priced.taxes).toBe(dollars(ref.taxes));
  expect(priced.total).toBe(dollars(ref.total));
  expect(discountAmount(priced)).toBe(dollars(ref.discountAmount));
}

describe('exact pricing against a BigInt reference', () => {
  it('covers every tax code of the domain', () => {
    expect(Object.keys(REFERENCE_RATES).sort()).toEqual([...TAX_CODES].sort());
  });

  it('taxes, discounted subtotal and total equal the exact decimal rules', () => {
    const area = fc.record({
      // numeric(12,2): up to 10 digits of dollars; the estimate's sum stays below 10^12 cents too
      cents: fc.bigInt({ min: 0n, max: 99_999_999_999n }),
      tax: fc.constantFrom(...TAX_CODES),
      isIncluded: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(area, { minLength: 1, maxLength: 6 }), fc.bigInt({ min: 0n, max: 10_000n }), (areas, bp) => {
        check(areas, bp);
      }),
      { numRuns: 3000 },
    );
  });

  it('rounds half-cent ties of the discounted subtotal and of each tax as exact decimals do', () => {
    // Ties that binary floating point (with the old toPrecision(15) clean-up) rounded the other way.
    const ties: [number, number, TaxCode, number, number][] = [
      // subtotal, discount %, tax, taxes, total
      [5025, 99.75, 'Phila', 1.01, 13.57], // tax 1.005 (old: 1.00)
      [20500, 92.65, 'PA', 90.41, 1597.16], // tax 90.405 (old: 90.40)
      [17612.5, 93.5, 'Phila', 91.59, 1236.4],
      [25335, 99.9, 'NJ', 1.68, 27.02], // discounted 25.335 (old: 25.33)
      [85650, 90.65, 'Phila', 640.66, 8648.94],
      [35576567.5, 99.4, 'NJ', 14141.69, 227601.1],
      [14681531.25, 95.92, 'Phila', 47920.52, 646927],
    ];
    for (const [subtotal, discount, tax, taxes, total] of ties) {
      const priced = estimatePricing([{ subtotal, tax, isIncluded: true }], discount);
      expect({ subtotal, discount, tax, taxes: priced.taxes, total: priced.total }).toEqual({ subtotal, discount, tax, taxes, total });
      check([{ cents: BigInt(Math.round(subtotal * 100)), tax, isIncluded: true }], BigInt(Math.round(discount * 100)));
    }
    expect(discountAmount({ subtotal: 25335, discount: 99.9 })).toBe(25309.66);
  });

  it('item totals are exact products rounded once', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 9_999_999_999n }), // quantity in thousandths
        fc.bigInt({ min: 0n, max: 99_999_999n }), // unit price in cents
        fc.constantFrom(...TAX_CODES),
        (q, p, tax) => {
          const quantity = Number(`${q}e-3`);
          const unitPrice = Number(`${p}e-2`);
          const [rn, rd] = REFERENCE_RATES[tax];
          expect(itemTotals({ quantity, unitCost: unitPrice, unitPrice }).totalPrice).toBe(dollars(roundHalfUp(q * p, 1000n)));
          expect(itemTotalWithTax({ quantity, unitPrice }, tax)).toBe(dollars(roundHalfUp(q * p * (rd + rn), 1000n * rd)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('exact rounding elsewhere in src/domain', () => {
  it('round2 and roundTo read a number as the decimal it prints as, exponent forms included', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(-2.675)).toBe(-2.68);
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(roundTo(5e-7, 6)).toBe(0.000001);
    expect(roundTo(1.5e21, 2)).toBe(1.5e21);
    expect(roundTo(0.0005, 3)).toBe(0.001);
  });

  it('a size-based price is computed exactly before it is rounded', () => {
    // 8.5 + (1.5 − 1) / 1 × 0.01 = 8.505 → 8.51 (binary: 8.504999…)
    expect(ruleUnitPrice({ type: 'BETWEEN_EXCLUSIVE', rangeStart: 1, rangeEnd: 2, step: 1, secondaryPrice: 0.01 }, 1.5, 8.5)).toBe(8.51);
    // STATIC: 1.005 / 1 × 1 stays 1.005 → 1.01; 2.01 × 0.5 = 1.005 → 1.01
    expect(ruleUnitPrice({ type: 'GREATER_THAN', rangeStart: 0, step: 0, secondaryPrice: 0.5 }, 2.01, 0)).toBe(1.01);
  });

  it('materials add quantities exactly', () => {
    const lines = [0.1, 0.2, 0.0005].map((quantity) => ({ name: 'Mulch', units: 'yd', quantity }));
    expect(totalsByItem(lines)[0].quantity).toBe(0.301);
  });
});

describe('exact sums stay small', () => {
  it('a long sum of amounts with different decimals keeps a decimal denominator', () => {
    const values = Array.from({ length: 2000 }, (_, i) => exact([1.5, 1.25, 3, 0.125][i % 4])!);
    const total = sum(values);
    expect(total.d).toBe(1000n);
    expect(total.n).toBe(5875n * 500n);
    expect(add(ZERO, exact(0.1)!)).toEqual({ n: 1n, d: 10n });
  });
});
