import { describe, expect, it } from 'vitest';
import { newSnowLine, sheetOfDraft, snowDraftOf } from '../../src/resources/estimates/workAreas/snow/snowDraft';
import { parseSnowPricing, type SnowPricing } from '../../src/domain/snowPricing';

const STORED: SnowPricing = {
  expectedEvents: 10,
  expectedInches: 30,
  lines: [
    { service: 'plow', basis: 'seasonal', price: 4000, cap: { inches: 40 }, overage: 90, trigger: 2 },
    { service: 'salt', basis: 'perApplication', price: 310, per: 'ton', expectedPerEvent: 0.5 },
    { service: 'other', basis: 'hourly', rates: [{ equipment: 'Loader', hourly: 150 }], expectedPerEvent: 3 },
  ],
};

describe("the Work Area Editor's snow sheet as typed (issue 41)", () => {
  it('a stored sheet comes back unchanged through the editor', () => {
    expect(snowDraftOf(STORED).lines[0]).toMatchObject({ capUnit: 'inches', capAmount: 40 });
    expect(sheetOfDraft(snowDraftOf(STORED))).toEqual(STORED);
  });

  it("sends only the chosen basis's inputs, leaves blank optional ones out, and no sheet when off or empty", () => {
    const line = { ...newSnowLine(), basis: 'perInch' as const, price: 12, trigger: '', capUnit: 'events' as const, capAmount: 3 };
    const sheet = sheetOfDraft({ enabled: true, expectedEvents: 8, expectedInches: '', lines: [line] });
    expect(sheet).toEqual({ expectedEvents: 8, expectedInches: 0, lines: [{ service: 'plow', basis: 'perInch', price: 12 }] });
    expect(parseSnowPricing(sheet)).toEqual({ value: sheet });
    expect(sheetOfDraft({ enabled: false, expectedEvents: 8, expectedInches: 20, lines: [line] })).toBeNull();
    expect(sheetOfDraft({ enabled: true, expectedEvents: 8, expectedInches: 20, lines: [] })).toBeNull();
    expect(snowDraftOf(null)).toEqual({ enabled: false, expectedEvents: null, expectedInches: null, lines: [] });
  });

  it('a cap unit without an amount is sent for the parse to name', () => {
    const line = { ...newSnowLine(), basis: 'seasonal' as const, price: 100, capUnit: 'events' as const, capAmount: null };
    const parsed = parseSnowPricing(sheetOfDraft({ enabled: true, expectedEvents: 1, expectedInches: 1, lines: [line] }));
    expect(parsed).toEqual({ error: 'Snow pricing: Line 1 (plow, seasonal): the cap is in events or in inches (one of them).' });
  });
});
