import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  areaProfitability,
  crewDays,
  isBelowTarget,
  estimateProfitability,
  lineCost,
  lineLaborHours,
  lineMargin,
  marginPercent,
  priceForTargetMargin,
  type CostedArea,
  type Costing,
} from '../../src/domain/profitability';
import { estimatePricing } from '../../src/domain/pricing';
import { isListedMaterial, ITEM_KINDS } from '../../src/domain/itemKinds';

/** $40 an hour burdened and $10 of overhead: a crew hour costs $50. Target 35 %. */
const costing: Costing = { laborRate: 40, overheadPerHour: 10, targetMarginPercent: 35 };

/** 12 yd³ of mulch at $28 / $65 and 0.5 h per yd³; 30 mowing visits at $25 / $99 and 1 h each; an excluded area. */
const areas: CostedArea[] = [
  { id: 1, subtotal: 780, isIncluded: true, items: [{ totalCost: 336, laborHours: 6 }] },
  { id: 2, subtotal: 2970, isIncluded: true, items: [{ totalCost: 750, laborHours: 30 }] },
  { id: 3, subtotal: 1000, isIncluded: false, items: [{ totalCost: 200, laborHours: 10 }] },
];

const toCents = (value: number) => Math.round(value * 100);

describe('a line', () => {
  it('crew hours are quantity × hours per unit, to the hundredth, half away from zero', () => {
    expect(lineLaborHours({ quantity: 12, hoursPerUnit: 0.5 })).toBe(6);
    expect(lineLaborHours({ quantity: 3, hoursPerUnit: 0.0025 })).toBe(0.01); // 0.0075
    expect(lineLaborHours({ quantity: 1600, hoursPerUnit: 0.005 })).toBe(8);
    expect(lineLaborHours({ quantity: 5, hoursPerUnit: null })).toBe(0);
  });

  it('costs its direct cost plus its hours at labour rate + overhead', () => {
    expect(lineCost({ totalCost: 336, laborHours: 6 }, costing)).toEqual({ materialCost: 336, laborHours: 6, laborCost: 300, cost: 636 });
    // 0.33 h × $50 = $16.50; without overhead 0.33 × $40 = $13.20
    expect(lineCost({ totalCost: 0, laborHours: 0.33 }, costing).laborCost).toBe(16.5);
    expect(lineCost({ totalCost: 0, laborHours: 0.33 }, { laborRate: 40 }).laborCost).toBe(13.2);
  });

  it('margin for the item editor: price against cost and crew time', () => {
    expect(lineMargin({ quantity: 12, unitCost: 28, unitPrice: 65, hoursPerUnit: 0.5 }, costing)).toEqual({
      price: 780,
      materialCost: 336,
      laborHours: 6,
      laborCost: 300,
      cost: 636,
      grossProfit: 144,
      marginPercent: 18.5, // 144 / 780 = 18.46 %
    });
    expect(lineMargin({ quantity: 0, unitCost: 28, unitPrice: 65, hoursPerUnit: 0.5 }, costing).marginPercent).toBeNull();
  });

  it('price for target margin: (unit cost + hours × hourly cost) ÷ (1 − target), rounded up to the cent', () => {
    // 28 + 0.5 × 50 = 53; 53 / 0.65 = 81.538… → 81.54
    expect(priceForTargetMargin(28, 0.5, costing)).toBe(81.54);
    const margin = lineMargin({ quantity: 1, unitCost: 28, unitPrice: 81.54, hoursPerUnit: 0.5 }, costing).marginPercent!;
    expect(margin).toBeGreaterThanOrEqual(35);
    // 81.53 would be below the target: (81.53 − 53) / 81.53 = 34.994 %
    expect((81.53 - 53) / 81.53).toBeLessThan(0.35);
    // 13 / 0.65 = 20 exactly: no cent added
    expect(priceForTargetMargin(13, 0, costing)).toBe(20);
    expect(priceForTargetMargin(0, 0, costing)).toBe(0);
    expect(priceForTargetMargin(10, null, { laborRate: 50 })).toBe(15.39); // default target 35 %: 15.3846…
  });

  it('kinds: labour is not a material', () => {
    expect(ITEM_KINDS).toEqual(['MATERIAL', 'LABOR', 'EQUIPMENT', 'SUBCONTRACT', 'OTHER']);
    expect(ITEM_KINDS.filter(isListedMaterial)).toEqual(['MATERIAL', 'EQUIPMENT', 'SUBCONTRACT', 'OTHER']);
    expect(isListedMaterial(null)).toBe(true);
  });
});

describe('an area and an estimate', () => {
  it("an area's own figures, after the estimate's discount, whether it is included or not", () => {
    expect(areaProfitability(areas[0], 10, costing)).toEqual({
      id: 1,
      revenue: 702,
      materialCost: 336,
      cost: 636,
      laborHours: 6,
      grossProfit: 66,
      marginPercent: 9.4,
    });
    expect(areaProfitability(areas[2], 10, costing)).toEqual({
      id: 3,
      revenue: 900,
      materialCost: 200,
      cost: 700,
      laborHours: 10,
      grossProfit: 200,
      marginPercent: 22.2,
    });
  });

  it('the estimate: included areas only, revenue after the discount, break-even and target subtotals', () => {
    const result = estimateProfitability({ discount: 10, areas }, costing);
    expect(result).toEqual({
      revenue: 3375, // (780 + 2970) × 0.9
      materialCost: 1086,
      laborHours: 36,
      laborCost: 1800,
      cost: 2886,
      grossProfit: 489,
      marginPercent: 14.5, // 489 / 3375 = 14.49 %
      targetMarginPercent: 35,
      breakEvenSubtotal: 3206.67, // 3206.67 × 0.9 = 2886.003 → 2886.00; 3206.66 gives 2885.99
      targetSubtotal: 4933.33, // needs revenue 2886 / 0.65 = 4440; 4933.33 × 0.9 = 4439.997 → 4440.00
      areas: [
        { id: 1, revenue: 702, materialCost: 336, cost: 636, laborHours: 6, grossProfit: 66, marginPercent: 9.4 },
        { id: 2, revenue: 2673, materialCost: 750, cost: 2250, laborHours: 30, grossProfit: 423, marginPercent: 15.8 },
        { id: 3, revenue: 900, materialCost: 200, cost: 700, laborHours: 10, grossProfit: 200, marginPercent: 22.2 },
      ],
    });
    // The revenue is the Pricing card's total before taxes.
    const pricing = estimatePricing(
      areas.map((a) => ({ ...a, tax: 'EXEMPT' })),
      10,
    );
    expect(pricing.total).toBe(result.revenue);
  });

  it('without a discount the subtotals are the revenues themselves', () => {
    const result = estimateProfitability({ discount: 0, areas }, costing);
    expect(result.revenue).toBe(3750);
    expect(result.breakEvenSubtotal).toBe(2886);
    expect(result.targetSubtotal).toBe(4440);
    expect(result.marginPercent).toBe(23); // 864 / 3750 = 23.04 %
  });

  it('no revenue: the margin is null; a 100 % discount reaches neither subtotal', () => {
    const empty = estimateProfitability({ discount: 0, areas: [] }, costing);
    expect(empty).toMatchObject({ revenue: 0, cost: 0, marginPercent: null, breakEvenSubtotal: 0, targetSubtotal: 0 });
    const free = estimateProfitability({ discount: 100, areas }, costing);
    expect(free).toMatchObject({
      revenue: 0,
      cost: 2886,
      grossProfit: -2886,
      marginPercent: null,
      breakEvenSubtotal: null,
      targetSubtotal: null,
    });
  });

  it('the target defaults to 35 % and hours without a rate cost nothing', () => {
    const result = estimateProfitability({ discount: 0, areas }, {});
    expect(result).toMatchObject({ targetMarginPercent: 35, laborHours: 36, laborCost: 0, cost: 1086 });
  });

  it('below target, exactly', () => {
    expect(isBelowTarget(3375, 2886, 35)).toBe(true);
    expect(isBelowTarget(4440, 2886, 35)).toBe(false); // exactly 35 %
    expect(isBelowTarget(4439.99, 2886, 35)).toBe(true);
    // 35.53 % reached exactly although the one-decimal margin prints 35.5
    expect(isBelowTarget(10000, 6447, 35.53)).toBe(false);
    expect(marginPercent(10000, 6447)).toBe(35.5);
    expect(isBelowTarget(0, 0, 35)).toBe(false);
    expect(isBelowTarget(0, 10, 35)).toBe(true);
  });

  it('margins round to one decimal, half away from zero; crew-days are 8 h', () => {
    expect(marginPercent(200, 199.9)).toBe(0.1); // 0.05 %
    expect(marginPercent(100, 150)).toBe(-50);
    expect(marginPercent(0, 10)).toBeNull();
    expect(crewDays(36)).toBe(4.5);
    expect(crewDays(10)).toBe(1.3); // 1.25
  });
});

const cents = (max: number) => fc.integer({ min: 0, max }).map((n) => n / 100);
const lineArb = fc.record({ totalCost: cents(2_000_000), laborHours: cents(50_000) });
const areaArb = fc.record({ subtotal: cents(5_000_000), isIncluded: fc.boolean(), items: fc.array(lineArb, { maxLength: 5 }) });
const estimateArb = fc.record({
  discount: fc.integer({ min: 0, max: 9999 }).map((n) => n / 100),
  areas: fc.array(areaArb, { maxLength: 6 }).map((list) => list.map((area, id) => ({ ...area, id: id + 1 }))),
});
const costingArb = fc.record({
  laborRate: cents(20_000),
  overheadPerHour: fc.option(cents(5_000), { nil: null }),
  targetMarginPercent: fc.integer({ min: 0, max: 9999 }).map((n) => n / 100),
});

/** The estimate's lines in one included area of the given subtotal. */
const repriced = (input: { discount: number; areas: CostedArea[] }, subtotal: number) => ({
  discount: input.discount,
  areas: [{ id: 1, subtotal, isIncluded: true, items: input.areas.filter((a) => a.isIncluded).flatMap((a) => a.items) }],
});

describe('properties', () => {
  it('revenue − cost = grossProfit exactly in cents, for the estimate and every area', () => {
    fc.assert(
      fc.property(estimateArb, costingArb, (input, c) => {
        const result = estimateProfitability(input, c);
        expect(toCents(result.revenue) - toCents(result.cost)).toBe(toCents(result.grossProfit));
        expect(toCents(result.materialCost) + toCents(result.laborCost)).toBe(toCents(result.cost));
        for (const area of result.areas) expect(toCents(area.revenue) - toCents(area.cost)).toBe(toCents(area.grossProfit));
      }),
    );
  });

  it('priced at targetSubtotal the margin is at least the target, and a cent less is not; break-even likewise', () => {
    fc.assert(
      fc.property(estimateArb, costingArb, (input, c) => {
        const result = estimateProfitability(input, c);
        if (result.targetSubtotal === null || result.breakEvenSubtotal === null) return;
        const costCents = BigInt(toCents(result.cost));
        const targetBasis = BigInt(Math.round(result.targetMarginPercent * 100)); // hundredths of a percent
        // margin ≥ target ⇔ (R − C) × 10000 ≥ target‱ × R, in whole cents
        const reaches = (subtotal: number) => {
          const r = BigInt(toCents(estimateProfitability(repriced(input, subtotal), c).revenue));
          return r > 0n && (r - costCents) * 10000n >= targetBasis * r;
        };
        const breaksEven = (subtotal: number) => BigInt(toCents(estimateProfitability(repriced(input, subtotal), c).revenue)) >= costCents;
        if (costCents > 0n) {
          expect(reaches(result.targetSubtotal)).toBe(true);
          expect(reaches((toCents(result.targetSubtotal) - 1) / 100)).toBe(false);
          expect(breaksEven(result.breakEvenSubtotal)).toBe(true);
          expect(breaksEven((toCents(result.breakEvenSubtotal) - 1) / 100)).toBe(false);
        } else {
          expect(result.targetSubtotal).toBe(0);
        }
      }),
    );
  });

  it('the price for the target margin reaches it per unit, and a cent less does not', () => {
    fc.assert(
      fc.property(
        cents(100_000),
        fc.integer({ min: 0, max: 100_000 }).map((n) => n / 10000),
        costingArb,
        (unitCost, hours, c) => {
          const price = priceForTargetMargin(unitCost, hours, c);
          const costExact = unitCost + hours * (c.laborRate as number) + hours * ((c.overheadPerHour as number | null) ?? 0);
          if (costExact === 0) {
            // A property passes by returning nothing (or true): an assertion object returned fails it.
            expect(price).toBe(0);
            return;
          }
          const target = c.targetMarginPercent as number;
          // Checked with a tolerance far below a cent: the exact check is the domain's own arithmetic.
          expect((price - costExact) / price).toBeGreaterThanOrEqual(target / 100 - 1e-12);
          const less = price - 0.01;
          expect(less <= 0 || (less - costExact) / less < target / 100 + 1e-12).toBe(true);
        },
      ),
    );
  });
});
