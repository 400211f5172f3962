import { describe, expect, it } from 'vitest';
import { averageSeason, pastSeasonCost, saltAboveRate, saltPerThousandPerEvent, sheetBases } from '../../src/domain/snowHistoryFigures';
import type { SnowPricing } from '../../src/domain/snowPricing';

const SHEET: SnowPricing = {
  expectedEvents: 10,
  expectedInches: 30,
  lines: [
    { service: 'plow', basis: 'seasonal', price: 3000, cap: { events: 1 }, overage: 200 },
    { service: 'salt', basis: 'perApplication', price: 80 },
    { service: 'walks', basis: 'seasonal', price: 500 },
  ],
};
const visit = (id: number) => ({ id, services: ['plow', 'salt', 'walks'] as const, passes: 1, depth: null, hours: 1, material: null });
const storm = (id: number, date: string) => ({ id, date, depth: 3, visits: [visit(id)] });

describe('snow history figures (issue 41)', () => {
  it('averages past seasons: whole events, inches to a tenth; none without a season', () => {
    expect(averageSeason([])).toBeNull();
    expect(
      averageSeason([
        { season: 2022, storms: [], events: 9, inches: 31.2, saltPounds: 0 },
        { season: 2023, storms: [], events: 12, inches: 28.25, saltPounds: 0 },
      ]),
    ).toEqual({ events: 11, inches: 29.7 });
  });

  it('salt per 1,000 ft² per event, and whether it is above the rate', () => {
    expect(saltPerThousandPerEvent({ events: 4, saltPounds: 1000 }, 25_000)).toBe(10);
    expect(saltPerThousandPerEvent({ events: 0, saltPounds: 1000 }, 25_000)).toBeNull();
    expect(saltPerThousandPerEvent({ events: 4, saltPounds: 1000 }, null)).toBeNull();
    expect(saltAboveRate(10, 8)).toBe(true);
    expect(saltAboveRate(8, 8)).toBe(false);
    expect(saltAboveRate(10, null)).toBe(false);
    expect(saltAboveRate(null, 8)).toBe(false);
  });

  it("a past season's cost by basis (seasonal prices with their overage) and in all; the sheet's bases once each", () => {
    const cost = pastSeasonCost(SHEET, [storm(1, '2024-12-01'), storm(2, '2025-01-10')]);
    expect(cost.byBasis).toEqual({ seasonal: 3700, perApplication: 160 });
    expect(cost.total).toBe(3860);
    expect(sheetBases(SHEET)).toEqual(['seasonal', 'perApplication']);
  });
});
