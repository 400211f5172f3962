import { describe, expect, it } from 'vitest';
import { orderPriceRules, parseSize, ruleUnitPrice, unitPriceFromSize, type PriceRule } from '../../src/domain/priceRules';

const lte: PriceRule = { type: 'LESS_THAN_OR_EQUAL', rangeStart: null, rangeEnd: 0.25, step: null, secondaryPrice: null };
const between: PriceRule = { type: 'BETWEEN_EXCLUSIVE', rangeStart: 0.25, rangeEnd: 2, step: 0.25, secondaryPrice: 18 };
const perUnit: PriceRule = { type: 'GREATER_THAN', rangeStart: 2, rangeEnd: null, step: 0, secondaryPrice: 95 };
const stepped: PriceRule = { type: 'GREATER_THAN', rangeStart: 2, rangeEnd: null, step: 0.5, secondaryPrice: 10 };
const staticRule: PriceRule = { type: 'STATIC', rangeStart: null, rangeEnd: null, step: 1000, secondaryPrice: null };

describe('LESS_THAN_OR_EQUAL: if size <= rangeEnd, the base price', () => {
  it.each([
    [0, 45],
    [0.1, 45],
    [0.25, 45],
    [0.2500001, null],
    [5, null],
  ])('size %s → %s', (size, expected) => {
    expect(ruleUnitPrice(lte, size, 45)).toBe(expected);
  });

  it('gives no result without a range end', () => {
    expect(ruleUnitPrice({ ...lte, rangeEnd: null }, 0.1, 45)).toBeNull();
  });
});

describe('BETWEEN_EXCLUSIVE: strictly between, base + (size − rangeStart) / step × secondaryPrice', () => {
  it.each([
    [0.25, null],
    [2, null],
    [0.1, null],
    [2.5, null],
    [0.3, 48.6],
    [1, 99],
    [1.9, 163.8],
  ])('size %s → %s', (size, expected) => {
    expect(ruleUnitPrice(between, size, 45)).toBe(expected);
  });

  it('gives no result for a zero step instead of Infinity or NaN', () => {
    expect(ruleUnitPrice({ ...between, step: 0 }, 1, 45)).toBeNull();
  });

  it.each(['rangeStart', 'rangeEnd', 'step', 'secondaryPrice'] as const)('gives no result without %s', (field) => {
    expect(ruleUnitPrice({ ...between, [field]: null }, 1, 45)).toBeNull();
  });
});

describe('GREATER_THAN', () => {
  it.each([
    [2, 190],
    [3.5, 332.5],
    [100, 9500],
  ])('step 0 and size %s >= rangeStart: size × secondaryPrice = %s', (size, expected) => {
    expect(ruleUnitPrice(perUnit, size, 45)).toBe(expected);
  });

  it('step 0 and size below rangeStart gives no result', () => {
    expect(ruleUnitPrice(perUnit, 1.99, 45)).toBeNull();
    expect(ruleUnitPrice(perUnit, 0, 45)).toBeNull();
  });

  it.each([
    [3, 120],
    [2.25, 105],
    [2.5, 110],
  ])('step above 0, size %s above rangeStart: base + (size − rangeStart) / step × secondaryPrice = %s', (size, expected) => {
    expect(ruleUnitPrice(stepped, size, 100)).toBe(expected);
  });

  it.each([2, 1, 0])('a stepped rule applies only above its range start: size %s gives no result', (size) => {
    expect(ruleUnitPrice(stepped, size, 100)).toBeNull();
  });

  it('gives no result without the numbers its branch reads', () => {
    expect(ruleUnitPrice({ ...perUnit, secondaryPrice: null }, 3, 45)).toBeNull();
    expect(ruleUnitPrice({ ...perUnit, rangeStart: null }, 3, 45)).toBeNull();
    expect(ruleUnitPrice({ ...stepped, step: null }, 3, 100)).toBeNull();
  });

  it('gives no result when the product overflows', () => {
    expect(ruleUnitPrice(perUnit, 1e308, 45)).toBeNull();
  });
});

describe('STATIC: size / step × base price', () => {
  it.each([
    [3000, 255],
    [2500, 212.5],
    [1000, 85],
    [1, 0.09],
  ])('size %s → %s', (size, expected) => {
    expect(ruleUnitPrice(staticRule, size, 85)).toBe(expected);
  });

  it('size 0 gives 0, never -0', () => {
    expect(Object.is(ruleUnitPrice(staticRule, 0, 85), 0)).toBe(true);
  });

  it('gives no result for a zero or missing step', () => {
    expect(ruleUnitPrice({ ...staticRule, step: 0 }, 3000, 85)).toBeNull();
    expect(ruleUnitPrice({ ...staticRule, step: null }, 3000, 85)).toBeNull();
  });

  it('rounds half away from zero to cents', () => {
    expect(ruleUnitPrice({ ...staticRule, step: 3 }, 1, 10)).toBe(3.33);
    expect(ruleUnitPrice({ ...staticRule, step: 3 }, 2, 10)).toBe(6.67);
    expect(ruleUnitPrice({ ...staticRule, step: 1 }, 1.5, 0.33)).toBe(0.5);
  });
});

describe('any other type gives no result', () => {
  it.each(['PER_UNIT', '', 'less_than_or_equal', 'UNIT_PRICE'])('%j', (type) => {
    expect(ruleUnitPrice({ ...staticRule, type }, 3000, 85)).toBeNull();
  });
});

describe('sizes', () => {
  it.each([
    [-0.01, null],
    [-1, null],
    ['abc', null],
    ['', null],
    ['   ', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Infinity, null],
    [true, null],
    [' 0.2 ', 0.2],
    ['1e3', 1000],
    [0, 0],
  ])('parseSize(%j) → %s', (size, expected) => {
    expect(parseSize(size)).toBe(expected);
  });

  it('a negative or non-numeric size gives no price from any rule', () => {
    for (const rule of [lte, between, perUnit, stepped, staticRule]) {
      expect(ruleUnitPrice(rule, -1, 45)).toBeNull();
      expect(ruleUnitPrice(rule, 'lots', 45)).toBeNull();
    }
  });

  it('a size typed as text counts like the number', () => {
    expect(ruleUnitPrice(between, '1', 45)).toBe(99);
  });

  it('a non-finite base price gives no result', () => {
    expect(ruleUnitPrice(lte, 0.1, Number.NaN)).toBeNull();
    expect(ruleUnitPrice(staticRule, 10, Infinity)).toBeNull();
  });
});

describe('an item with several rules', () => {
  const mowing = [perUnit, between, lte].map((rule, index) => ({ ...rule, id: index + 1 }));

  it('tries up-to, between, greater-than, then static, and takes the first price', () => {
    expect(orderPriceRules(mowing).map((r) => r.type)).toEqual(['LESS_THAN_OR_EQUAL', 'BETWEEN_EXCLUSIVE', 'GREATER_THAN']);
    expect(unitPriceFromSize(mowing, 0.25, 45)).toMatchObject({ unitPrice: 45, rule: { type: 'LESS_THAN_OR_EQUAL' } });
    expect(unitPriceFromSize(mowing, 1, 45)).toMatchObject({ unitPrice: 99, rule: { type: 'BETWEEN_EXCLUSIVE' } });
    expect(unitPriceFromSize(mowing, 2, 45)).toMatchObject({ unitPrice: 190, rule: { type: 'GREATER_THAN' } });
  });

  it('orders rules of one type by range start, then id', () => {
    const a = { ...between, id: 9, rangeStart: 5, rangeEnd: 10 };
    const b = { ...between, id: 3, rangeStart: 1, rangeEnd: 5 };
    const c = { ...between, id: 1, rangeStart: 5, rangeEnd: 10 };
    expect(orderPriceRules([a, b, c]).map((r) => r.id)).toEqual([3, 1, 9]);
    expect(
      orderPriceRules([
        { ...staticRule, type: 'ODD', id: 1 },
        { ...staticRule, id: 2 },
      ]).map((r) => r.id),
    ).toEqual([2, 1]);
  });

  it('gives no result when no rule applies, for a bad size, or without rules', () => {
    expect(unitPriceFromSize([lte], 3, 45)).toBeNull();
    expect(unitPriceFromSize(mowing, 'x', 45)).toBeNull();
    expect(unitPriceFromSize([], 1, 45)).toBeNull();
  });
});

describe('never a negative unit price', () => {
  const rules: PriceRule[] = [
    { type: 'LESS_THAN_OR_EQUAL', rangeEnd: 5 },
    { type: 'BETWEEN_EXCLUSIVE', rangeStart: 0, rangeEnd: 10, step: 1, secondaryPrice: -50 },
    { type: 'GREATER_THAN', rangeStart: 10, step: 0, secondaryPrice: -1 },
    { type: 'GREATER_THAN', rangeStart: 10, step: 1, secondaryPrice: -100 },
    { type: 'STATIC', step: 1 },
  ];
  it.each(rules.flatMap((rule) => [0, 0.5, 3, 9.99, 10, 11, 500].map((size) => [rule, size] as const)))('%o at size %s', (rule, size) => {
    for (const base of [0, 45, -10]) {
      const price = ruleUnitPrice(rule, size, base);
      if (price !== null) expect(price).toBeGreaterThanOrEqual(0);
    }
  });

  it('a stored set with a negative secondary price falls through to the next rule', () => {
    const set: PriceRule[] = [
      { type: 'BETWEEN_EXCLUSIVE', rangeStart: 0, rangeEnd: 10, step: 1, secondaryPrice: -50, id: 1 },
      { type: 'STATIC', step: 1, id: 2 },
    ];
    expect(unitPriceFromSize(set, 5, 20)).toMatchObject({ unitPrice: 100, rule: { id: 2 } });
  });
});
