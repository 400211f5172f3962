import { describe, expect, it } from 'vitest';
import {
  discountAmount,
  estimatePricing,
  estimateSubtotal,
  itemTotals,
  itemTotalWithTax,
  workAreaSubtotal,
} from '../../src/domain/pricing';
import { TAX_CODES, taxRate, taxRateLabel } from '../../src/domain/taxes';
import { statusLabel } from '../../src/domain/estimates';

describe('tax rates (SPEC §9)', () => {
  it.each([
    ['NJ', 0.06625],
    ['PA', 0.06],
    ['Phila', 0.08],
    ['DE', 0],
    ['EXEMPT', 0],
  ])('%s is %s', (tax, rate) => {
    expect(taxRate(tax)).toBe(rate);
  });

  it('taxes nothing for an unknown code', () => {
    expect(taxRate('NY')).toBe(0);
    expect(taxRate(undefined)).toBe(0);
    expect(taxRate('__proto__')).toBe(0);
  });

  it('lists the five codes with their rates', () => {
    expect(TAX_CODES).toEqual(['NJ', 'PA', 'Phila', 'DE', 'EXEMPT']);
    expect(taxRateLabel('NJ')).toBe('NJ (6.625%)');
    expect(taxRateLabel('EXEMPT')).toBe('EXEMPT (0%)');
  });
});

describe('item arithmetic', () => {
  it('Cost = round2(quantity × unit cost), Price = round2(quantity × unit price)', () => {
    // 12 yd³ of hardwood mulch at 28.00 / 65.00
    expect(itemTotals({ quantity: 12, unitCost: 28, unitPrice: 65 })).toEqual({ totalCost: 336, totalPrice: 780 });
    // 1.333 yd³ at 65.00 = 86.645 → 86.65 (half away from zero)
    expect(itemTotals({ quantity: 1.333, unitCost: 28, unitPrice: 65 })).toEqual({ totalCost: 37.32, totalPrice: 86.65 });
    // 3 × 0.335 = 1.005 in decimal, 1.00499… in binary: still 1.01
    expect(itemTotals({ quantity: 3, unitCost: 0.335, unitPrice: 0.335 })).toEqual({ totalCost: 1.01, totalPrice: 1.01 });
  });

  it('reads typed strings and treats blanks as zero', () => {
    expect(itemTotals({ quantity: '4', unitCost: '6', unitPrice: '14' })).toEqual({ totalCost: 24, totalPrice: 56 });
    expect(itemTotals({ quantity: '', unitCost: 6, unitPrice: null })).toEqual({ totalCost: 0, totalPrice: 0 });
  });

  it('Total = round2(quantity × unit price × (1 + rate))', () => {
    // 30 visits of mowing at 62.00 in NJ: 1860 × 1.06625 = 1983.225 → 1983.23
    expect(itemTotalWithTax({ quantity: 30, unitPrice: 62 }, 'NJ')).toBe(1983.23);
    expect(itemTotalWithTax({ quantity: 30, unitPrice: 62 }, 'PA')).toBe(1971.6);
    expect(itemTotalWithTax({ quantity: 30, unitPrice: 62 }, 'Phila')).toBe(2008.8);
    expect(itemTotalWithTax({ quantity: 30, unitPrice: 62 }, 'DE')).toBe(1860);
    expect(itemTotalWithTax({ quantity: 30, unitPrice: 62 }, 'EXEMPT')).toBe(1860);
  });
});

describe('subtotals', () => {
  it('a work area sums its items’ prices', () => {
    expect(workAreaSubtotal([{ totalPrice: 780 }, { totalPrice: 86.65 }, { totalPrice: 0.1 }, { totalPrice: 0.2 }])).toBe(866.95);
    expect(workAreaSubtotal([])).toBe(0);
  });

  it('an estimate sums its included areas only', () => {
    const areas = [
      { subtotal: 1000, tax: 'NJ', isIncluded: true },
      { subtotal: 250.5, tax: 'PA', isIncluded: true },
      { subtotal: 999, tax: 'NJ', isIncluded: false },
    ];
    expect(estimateSubtotal(areas)).toBe(1250.5);
  });
});

describe('estimate pricing', () => {
  const areas = [
    { subtotal: 1000, tax: 'NJ', isIncluded: true },
    { subtotal: 500, tax: 'PA', isIncluded: true },
    { subtotal: 300, tax: 'EXEMPT', isIncluded: true },
    { subtotal: 10000, tax: 'Phila', isIncluded: false },
  ];

  it('without a discount: taxes per area, total = subtotal + taxes', () => {
    // 1000 × 0.06625 = 66.25; 500 × 0.06 = 30; 300 × 0 = 0
    expect(estimatePricing(areas, 0)).toEqual({ discount: 0, subtotal: 1800, taxes: 96.25, total: 1896.25 });
  });

  it('with 10 %: each area discounted before its tax, total = round2(subtotal × 0.9) + taxes', () => {
    // 900 × 0.06625 = 59.625 → 59.63; 450 × 0.06 = 27; taxes 86.63; 1620 + 86.63
    expect(estimatePricing(areas, 10)).toEqual({ discount: 10, subtotal: 1800, taxes: 86.63, total: 1706.63 });
    expect(discountAmount({ subtotal: 1800, discount: 10 })).toBe(180);
  });

  it('rounds each area’s tax to cents before adding', () => {
    const odd = [
      { subtotal: 10.01, tax: 'NJ', isIncluded: true }, // 0.6631625 → 0.66
      { subtotal: 10.01, tax: 'NJ', isIncluded: true }, // 0.66
    ];
    // Rounding the sum instead would give round2(1.326325) = 1.33.
    expect(estimatePricing(odd, 0)).toEqual({ discount: 0, subtotal: 20.02, taxes: 1.32, total: 21.34 });
  });

  it('rounds the discounted subtotal half away from zero', () => {
    // 33.33 × 0.85 = 28.3305 → 28.33; tax DE 0
    expect(estimatePricing([{ subtotal: 33.33, tax: 'DE', isIncluded: true }], 15)).toEqual({
      discount: 15,
      subtotal: 33.33,
      taxes: 0,
      total: 28.33,
    });
    // 0.05 × 0.5 = 0.025 → 0.03
    expect(estimatePricing([{ subtotal: 0.05, tax: 'DE', isIncluded: true }], 50).total).toBe(0.03);
  });

  it('100 % leaves nothing to pay; no areas price at zero', () => {
    expect(estimatePricing(areas, 100)).toEqual({ discount: 100, subtotal: 1800, taxes: 0, total: 0 });
    expect(estimatePricing([], 25)).toEqual({ discount: 25, subtotal: 0, taxes: 0, total: 0 });
  });
});

describe('status labels (SPEC §4)', () => {
  it.each([
    [0, 'In Progress'],
    [1, 'Client Proposal Phase'],
    [2, 'Contract Signed'],
    [3, 'Estimate Lost'],
    [4, 'N/A'],
    [-1, 'N/A'],
    ['1', 'N/A'],
    [null, 'N/A'],
  ])('%s → %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});
