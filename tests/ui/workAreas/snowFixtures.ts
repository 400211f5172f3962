/**
 * Issue 41: a snow area of estimate 5 and the site's past winters as GET /sites/7/snowHistory
 * answers them (faked: the server's endpoint is built alongside).
 */
import type { SnowPricing } from '../../../src/domain/snowPricing';
import type { SnowHistory } from '../../../src/domain/snowHistoryFigures';

/** Plowing per push ($65 from 2 in, nothing below), de-icing $85 an application; 12 events, 40 in expected. */
export const PLOW_AND_SALT: SnowPricing = {
  expectedEvents: 12,
  expectedInches: 40,
  lines: [
    {
      service: 'plow',
      basis: 'perPush',
      bands: [
        { from: 0, to: 2, price: 0 },
        { from: 2, to: null, price: 65 },
      ],
    },
    { service: 'salt', basis: 'perApplication', price: 85, per: 'application' },
  ],
};

export const snowLot = (sheet: SnowPricing) => ({
  id: 23,
  estimateID: 5,
  name: 'Parking Lot',
  tax: 'NJ',
  isIncluded: true,
  notes: null,
  subtotal: 1800,
  version: 1,
  snowPricing: sheet,
});

const visit = (id: number, services: string[], extra: Record<string, unknown> = {}) => ({
  id,
  services,
  passes: 1,
  depth: null,
  hours: 1,
  material: null,
  ...extra,
});

/**
 * 2023–24: a 3 in storm plowed and salted, a 1 in storm salted only, 800 lb of salt in all;
 * 2024–25: one 6 in storm plowed twice, 100 lb. A paved area of 20,000 ft², a salt rate of 15 lb.
 */
export const TWO_WINTERS = {
  pavedArea: 20000,
  saltRate: 15,
  seasons: [
    {
      season: 2023,
      events: 2,
      inches: 4,
      saltPounds: 800,
      storms: [
        { id: 1, date: '2023-12-10', depth: 3, visits: [visit(11, ['plow', 'salt'], { material: { quantity: 500, unit: 'lb' } })] },
        { id: 2, date: '2024-01-05', depth: 1, visits: [visit(12, ['salt'], { material: { quantity: 300, unit: 'lb' } })] },
      ],
    },
    {
      season: 2024,
      events: 1,
      inches: 6,
      saltPounds: 100,
      storms: [{ id: 3, date: '2025-01-20', depth: 6, visits: [visit(13, ['plow', 'salt'], { passes: 2 })] }],
    },
  ],
} as SnowHistory;
