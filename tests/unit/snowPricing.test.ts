import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  costByBasis,
  expectedSeasonTotal,
  materialIn,
  seasonCharges,
  type SnowStormFacts,
  type SnowVisitFacts,
} from '../../src/domain/snowCharges';
import {
  bandsError,
  parseSnowPricing,
  snowMessages,
  snowSeasonLabel,
  snowSeasonOf,
  type SnowBand,
  type SnowLine,
  type SnowPricing,
  type SnowService,
} from '../../src/domain/snowPricing';
import { starterSnowSheet } from '../../src/domain/snowStarter';
import { snowPricingWords } from '../../src/domain/snowWords';

const band = (from: number, to: number | null, price = 100): SnowBand => ({ from, to, price });

const PLOW_BANDS: SnowBand[] = [band(0, 2, 0), band(2, 6, 100), band(6, 12, 150), band(12, null, 225)];

const sheet = (lines: SnowLine[], expectedEvents = 0, expectedInches = 0): SnowPricing => ({ expectedEvents, expectedInches, lines });

const visit = (
  id: number,
  services: readonly SnowService[],
  { passes = 1, depth = null, hours = 0, material = null }: Partial<Omit<SnowVisitFacts, 'id' | 'services'>> = {},
): SnowVisitFacts => ({ id, services, passes, depth, hours, material });

const storm = (id: number, date: string, depth: number, visits: readonly SnowVisitFacts[]): SnowStormFacts => ({ id, date, depth, visits });

/** Names every plain object answers to through its prototype. */
const PROTOTYPE_KEYS = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'];

/** The error text of a parse, or null when it parsed. */
const parseError = (raw: unknown) => {
  const parsed = parseSnowPricing(raw);
  return 'error' in parsed ? parsed.error : null;
};

const parsedValue = (raw: unknown) => {
  const parsed = parseSnowPricing(raw);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.value;
};

const plowSheet = (bands: unknown, extra: Record<string, unknown> = {}) => ({
  expectedEvents: 10,
  expectedInches: 40,
  lines: [
    { service: 'salt', basis: 'perApplication', price: 85 },
    { service: 'plow', basis: 'perPush', bands, ...extra },
  ],
});

describe('bandsError (issue 41)', () => {
  it('accepts bands covering every depth once, from 0 to unbounded', () => {
    expect(bandsError(PLOW_BANDS)).toBeNull();
    expect(bandsError([band(0, null, 40)])).toBeNull();
    expect(bandsError([band(6, 12), band(0, 2), band(12, null), band(2, 6)])).toBeNull();
  });

  it('names a gap by both depths', () => {
    expect(bandsError([band(0, 2), band(4, null)])).toBe('no band covers 2 in to 4 in.');
    expect(bandsError([band(0, 2), band(2, 6), band(6.5, null)])).toBe('no band covers 6 in to 6.5 in.');
  });

  it('names an overlap', () => {
    expect(bandsError([band(0, 4), band(2, null)])).toBe('the bands from 0 in and from 2 in overlap (2 in to 4 in).');
    expect(bandsError([band(0, 10), band(2, 4), band(4, null)])).toBe('the bands from 0 in and from 2 in overlap (2 in to 4 in).');
    expect(bandsError([band(0, null), band(2, null)])).toBe('the bands from 0 in and from 2 in overlap (2 in to 2 in and over).');
    expect(bandsError([band(0, null), band(2, 5)])).toBe('the bands from 0 in and from 2 in overlap (2 in to 5 in).');
    expect(bandsError([band(0, 2), band(0, null)])).toMatch(/overlap/);
  });

  it('needs a first band from 0, a last band left open, and every band ending above its start', () => {
    expect(bandsError([])).toBe('give at least one depth band.');
    expect(bandsError([band(1, null)])).toBe('no band covers 0 to 1 in.');
    expect(bandsError([band(0, 6), band(6, 12)])).toBe("no band covers 12 in and over: leave the last band's end empty.");
    expect(bandsError([band(0, 0), band(0, null)])).toBe('the band from 0 in must end above where it starts.');
    expect(bandsError([band(0, 2), band(2, 1), band(2, null)])).not.toBeNull();
    expect(bandsError([band(0, 2), band(2, 2)])).toBe('the band from 2 in must end above where it starts.');
    expect(bandsError([band(0, 3), band(3, 2)])).toBe('the band from 3 in must end above where it starts.');
  });

  it('any accepted set of bands prices every depth with exactly one band', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ from: fc.integer({ min: 0, max: 20 }), to: fc.option(fc.integer({ min: 0, max: 20 })) }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 0, max: 40 }),
        (raw, depth) => {
          const bands = raw.map((b) => band(b.from, b.to));
          if (bandsError(bands) !== null) return;
          const covering = bands.filter((b) => depth >= b.from && (b.to === null || depth < b.to));
          expect(covering).toHaveLength(1);
        },
      ),
    );
  });
});

describe('parseSnowPricing (issue 41)', () => {
  it('null, undefined and a sheet without lines mean "not priced as snow"', () => {
    expect(parseSnowPricing(null)).toEqual({ value: null });
    expect(parseSnowPricing(undefined)).toEqual({ value: null });
    expect(parseSnowPricing({ expectedEvents: 3, expectedInches: 10, lines: [] })).toEqual({ value: null });
    expect(parseSnowPricing({ lines: [] })).toEqual({ value: null });
  });

  it('keeps a valid sheet, sorting bands, rounding numbers to 2 decimals and dropping unknown keys', () => {
    const value = parsedValue({
      expectedEvents: '10',
      expectedInches: 40.456,
      hacker: true,
      lines: [
        {
          service: 'plow',
          basis: 'perPush',
          trigger: 2.004,
          bands: [
            { from: 12, to: null, price: 225, colour: 'red' },
            { from: 2, to: 6, price: '100.005' },
            { from: 0, to: 2, price: 0 },
            { from: 6, to: 12, price: 149.999 },
          ],
          price: 5,
          extra: 'x',
        },
        { service: 'salt', basis: 'perApplication', price: 85, per: 'ton', expectedPerEvent: 1.234 },
        { service: 'walks', basis: 'seasonal', price: 3000.004, cap: { inches: 10.005, junk: 1 }, overage: 50 },
        { service: 'other', basis: 'hourly', rates: [{ equipment: '  Loader  ', hourly: 95.5, x: 1 }] },
        { service: 'other', basis: 'perInch', price: 12.345 },
      ],
    });
    expect(value).toEqual({
      expectedEvents: 10,
      expectedInches: 40.46,
      lines: [
        {
          service: 'plow',
          basis: 'perPush',
          trigger: 2,
          bands: [
            { from: 0, to: 2, price: 0 },
            { from: 2, to: 6, price: 100.01 },
            { from: 6, to: 12, price: 150 },
            { from: 12, to: null, price: 225 },
          ],
        },
        { service: 'salt', basis: 'perApplication', price: 85, per: 'ton', expectedPerEvent: 1.23 },
        { service: 'walks', basis: 'seasonal', price: 3000, cap: { inches: 10.01 }, overage: 50 },
        { service: 'other', basis: 'hourly', rates: [{ equipment: 'Loader', hourly: 95.5 }] },
        { service: 'other', basis: 'perInch', price: 12.35 },
      ],
    });
  });

  it('defaults a per-application line to per application and an empty band end to open', () => {
    const value = parsedValue({
      lines: [
        { service: 'salt', basis: 'perApplication', price: 85 },
        { service: 'plow', basis: 'perPush', bands: [{ from: 0, to: '', price: 40 }] },
      ],
    });
    expect(value).toEqual({
      expectedEvents: 0,
      expectedInches: 0,
      lines: [
        { service: 'salt', basis: 'perApplication', price: 85, per: 'application' },
        { service: 'plow', basis: 'perPush', bands: [{ from: 0, to: null, price: 40 }] },
      ],
    });
  });

  it('names the line in band problems', () => {
    expect(parseError(plowSheet([band(0, 2), band(4, null)]))).toBe('Snow pricing: Line 2 (plow, per push): no band covers 2 in to 4 in.');
    expect(parseError(plowSheet([band(0, 4), band(2, null)]))).toBe(
      'Snow pricing: Line 2 (plow, per push): the bands from 0 in and from 2 in overlap (2 in to 4 in).',
    );
    expect(parseError(plowSheet([band(1, null)]))).toBe('Snow pricing: Line 2 (plow, per push): no band covers 0 to 1 in.');
    expect(parseError(plowSheet([band(0, 6), band(6, 12)]))).toBe(
      "Snow pricing: Line 2 (plow, per push): no band covers 12 in and over: leave the last band's end empty.",
    );
    expect(parseError(plowSheet([band(0, 6), band(6, 6), band(6, null)]))).toBe(
      'Snow pricing: Line 2 (plow, per push): the band from 6 in must end above where it starts.',
    );
    expect(parseError(plowSheet([]))).toBe(
      'Snow pricing: Line 2 (plow, per push): give 1 to 20 depth bands, each { from, to, price } in inches.',
    );
    expect(parseError(plowSheet(Array.from({ length: 21 }, (_, i) => band(i, i === 20 ? null : i + 1))))).toMatch(
      /^Snow pricing: Line 2 \(plow, per push\): give 1 to 20 depth bands/,
    );
    expect(parsedValue(plowSheet(Array.from({ length: 20 }, (_, i) => band(i, i === 19 ? null : i + 1))))?.lines[1].bands).toHaveLength(20);
  });

  it('validates the trigger', () => {
    expect(parsedValue(plowSheet(PLOW_BANDS, { trigger: 0 }))?.lines[1].trigger).toBe(0);
    expect(parsedValue(plowSheet(PLOW_BANDS, { trigger: 100 }))?.lines[1].trigger).toBe(100);
    expect(parsedValue(plowSheet(PLOW_BANDS, { trigger: null }))?.lines[1]).not.toHaveProperty('trigger');
    for (const trigger of [-1, 100.01, 'deep', Number.NaN, Number.POSITIVE_INFINITY, {}, [], true]) {
      expect(parseError(plowSheet(PLOW_BANDS, { trigger }))).toBe(
        'Snow pricing: Line 2 (plow, per push): the trigger depth must be a number of inches from 0 to 100.',
      );
    }
  });

  it('validates the sheet itself', () => {
    for (const raw of ['sheet', 42, [], true]) expect(parseError(raw)).toBe(snowMessages.notASheet);
    const lines = [{ service: 'salt', basis: 'perApplication', price: 85 }];
    for (const expectedEvents of [-1, 2.5, 201, 'many', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(parseError({ expectedEvents, expectedInches: 10, lines })).toBe(snowMessages.expectedEvents);
    }
    for (const expectedInches of [-0.01, 1000.01, 'lots', Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(parseError({ expectedEvents: 3, expectedInches, lines })).toBe(snowMessages.expectedInches);
    }
    expect(parseError({ expectedEvents: 3, expectedInches: 10 })).toBe(snowMessages.lines);
    expect(parseError({ expectedEvents: 3, expectedInches: 10, lines: 'plow' })).toBe(snowMessages.lines);
    expect(parseError({ expectedEvents: 3, expectedInches: 10, lines: Array.from({ length: 21 }, () => lines[0]) })).toBe(
      snowMessages.lines,
    );
    expect(parseError({ expectedEvents: 3, expectedInches: 10, lines: Array.from({ length: 20 }, () => lines[0]) })).toBeNull();
  });

  it('refuses hostile lines with a message naming the line', () => {
    const bad: [unknown, string][] = [
      [null, 'Snow pricing: Line 2 (?, ?): must be an object.'],
      ['plow', 'Snow pricing: Line 2 (?, ?): must be an object.'],
      [[1, 2], 'Snow pricing: Line 2 (?, ?): must be an object.'],
      [{ service: 'ice', basis: 'perPush' }, 'Snow pricing: Line 2 (?, per push): service must be one of: plow, salt, walks, other.'],
      [
        { service: 'plow', basis: 'perStorm' },
        'Snow pricing: Line 2 (plow, ?): basis must be one of: seasonal, perPush, perApplication, perInch, hourly.',
      ],
      [{ service: 'toString', basis: 'perPush' }, 'Snow pricing: Line 2 (?, per push): service must be one of: plow, salt, walks, other.'],
      [
        { service: 'plow', basis: 'toString' },
        'Snow pricing: Line 2 (plow, ?): basis must be one of: seasonal, perPush, perApplication, perInch, hourly.',
      ],
      [
        { service: 'plow', basis: 'constructor' },
        'Snow pricing: Line 2 (plow, ?): basis must be one of: seasonal, perPush, perApplication, perInch, hourly.',
      ],
      [{ service: 'constructor', basis: '__proto__' }, 'Snow pricing: Line 2 (?, ?): service must be one of: plow, salt, walks, other.'],
      [
        { service: 'plow', basis: '__proto__' },
        'Snow pricing: Line 2 (plow, ?): basis must be one of: seasonal, perPush, perApplication, perInch, hourly.',
      ],
      [
        { service: 'salt', basis: 'seasonal' },
        'Snow pricing: Line 2 (salt, seasonal): the season price must be an amount from 0 to 999,999.99.',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 1_000_000 },
        'Snow pricing: Line 2 (salt, seasonal): the season price must be an amount from 0 to 999,999.99.',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, cap: { events: 5, inches: 10 }, overage: 50 },
        'Snow pricing: Line 2 (salt, seasonal): the cap is in events or in inches (one of them).',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, cap: {} },
        'Snow pricing: Line 2 (salt, seasonal): the cap is in events or in inches (one of them).',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, cap: 10 },
        'Snow pricing: Line 2 (salt, seasonal): the cap must be { events } or { inches }.',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, cap: { events: 2.5 } },
        'Snow pricing: Line 2 (salt, seasonal): the cap in events must be a whole number from 1 to 200.',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, cap: { events: 0 } },
        'Snow pricing: Line 2 (salt, seasonal): the cap in events must be a whole number from 1 to 200.',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, cap: { inches: 0 } },
        'Snow pricing: Line 2 (salt, seasonal): the cap in inches must be a number above 0, at most 1000.',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, overage: 50 },
        'Snow pricing: Line 2 (salt, seasonal): an overage needs a cap to start after.',
      ],
      [
        { service: 'salt', basis: 'seasonal', price: 100, cap: { events: 5 }, overage: -1 },
        'Snow pricing: Line 2 (salt, seasonal): the overage must be an amount from 0 to 999,999.99.',
      ],
      [{ service: 'plow', basis: 'perPush', bands: 'deep' }, expect.stringContaining('Line 2 (plow, per push): give 1 to 20 depth bands')],
      [{ service: 'plow', basis: 'perPush', bands: [null] }, 'Snow pricing: Line 2 (plow, per push): band 1 must be { from, to, price }.'],
      [
        { service: 'plow', basis: 'perPush', bands: [{ from: -1, to: null, price: 5 }] },
        'Snow pricing: Line 2 (plow, per push): band 1 must start at a depth from 0 to 1000 inches.',
      ],
      [
        { service: 'plow', basis: 'perPush', bands: [{ from: Number.NaN, to: null, price: 5 }] },
        'Snow pricing: Line 2 (plow, per push): band 1 must start at a depth from 0 to 1000 inches.',
      ],
      [
        { service: 'plow', basis: 'perPush', bands: [band(0, 2), { from: 2, to: Number.POSITIVE_INFINITY, price: 5 }] },
        'Snow pricing: Line 2 (plow, per push): band 2 must end at a depth of at most 1000 inches, or be left open.',
      ],
      [
        { service: 'plow', basis: 'perPush', bands: [band(0, 2), { from: 2, to: 'open', price: 5 }] },
        'Snow pricing: Line 2 (plow, per push): band 2 must end at a depth of at most 1000 inches, or be left open.',
      ],
      [
        { service: 'plow', basis: 'perPush', bands: [{ from: 0, to: null, price: 'free' }] },
        "Snow pricing: Line 2 (plow, per push): band 1's price must be an amount from 0 to 999,999.99.",
      ],
      [
        { service: 'salt', basis: 'perApplication', price: 85, per: 'gallon' },
        'Snow pricing: Line 2 (salt, per application): it is priced per application, per ton, per bag.',
      ],
      [
        { service: 'salt', basis: 'perApplication', price: -85 },
        'Snow pricing: Line 2 (salt, per application): the price must be an amount from 0 to 999,999.99.',
      ],
      [
        { service: 'salt', basis: 'perApplication', price: 85, expectedPerEvent: -1 },
        'Snow pricing: Line 2 (salt, per application): the expected quantity per event must be a number from 0 to 10,000.',
      ],
      [
        { service: 'plow', basis: 'perInch', price: Number.NaN },
        'Snow pricing: Line 2 (plow, per inch): the price per inch must be an amount from 0 to 999,999.99.',
      ],
      [
        { service: 'other', basis: 'hourly', rates: [] },
        'Snow pricing: Line 2 (other, hourly): give 1 to 10 rates, each { equipment, hourly }.',
      ],
      [
        { service: 'other', basis: 'hourly', rates: Array.from({ length: 11 }, () => ({ equipment: 'Truck', hourly: 90 })) },
        'Snow pricing: Line 2 (other, hourly): give 1 to 10 rates, each { equipment, hourly }.',
      ],
      [
        { service: 'other', basis: 'hourly', rates: [{ equipment: '   ', hourly: 90 }] },
        'Snow pricing: Line 2 (other, hourly): rate 1 must name its equipment (at most 60 characters).',
      ],
      [
        { service: 'other', basis: 'hourly', rates: [{ equipment: 'x'.repeat(61), hourly: 90 }] },
        'Snow pricing: Line 2 (other, hourly): rate 1 must name its equipment (at most 60 characters).',
      ],
      [
        { service: 'other', basis: 'hourly', rates: [{ equipment: 'Loader\u0000', hourly: 90 }] },
        'Snow pricing: Line 2 (other, hourly): rate 1 must name its equipment (at most 60 characters).',
      ],
      [
        { service: 'other', basis: 'hourly', rates: [{ equipment: 'Loader', hourly: '1e9' }] },
        "Snow pricing: Line 2 (other, hourly): rate 1's hourly price must be an amount from 0 to 999,999.99.",
      ],
    ];
    for (const [line, message] of bad) {
      expect(
        parseError({ expectedEvents: 1, expectedInches: 4, lines: [{ service: 'salt', basis: 'perApplication', price: 85 }, line] }),
      ).toEqual(message);
    }
  });

  it('never throws on arbitrary input, and what it accepts parses again to itself', () => {
    const number = fc.oneof(
      fc.double(),
      fc.integer({ min: -5, max: 30 }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308),
      fc.string(),
      fc.constant(null),
    );
    const line = fc.record(
      {
        service: fc.oneof(fc.constantFrom('plow', 'salt', 'walks', 'other'), fc.constantFrom(...PROTOTYPE_KEYS), fc.anything()),
        basis: fc.oneof(
          fc.constantFrom('seasonal', 'perPush', 'perApplication', 'perInch', 'hourly'),
          fc.constantFrom(...PROTOTYPE_KEYS),
          fc.anything(),
        ),
        per: fc.oneof(fc.constantFrom('application', 'ton', 'bag'), fc.constantFrom(...PROTOTYPE_KEYS), fc.anything()),
        price: number,
        trigger: number,
        overage: number,
        cap: fc.oneof(fc.record({ events: number }), fc.record({ inches: number }), fc.anything()),
        bands: fc.oneof(fc.array(fc.record({ from: number, to: number, price: number }), { maxLength: 25 }), fc.anything()),
        rates: fc.oneof(fc.array(fc.record({ equipment: fc.string(), hourly: number }), { maxLength: 12 }), fc.anything()),
        expectedPerEvent: number,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ expectedEvents: number, expectedInches: number, lines: fc.oneof(fc.array(line, { maxLength: 22 }), fc.anything()) }),
        ),
        (raw) => {
          const parsed = parseSnowPricing(raw);
          if ('error' in parsed) {
            expect(parsed.error).toMatch(/^Snow pricing/);
            return;
          }
          if (parsed.value === null) return;
          expect(parseSnowPricing(parsed.value)).toEqual(parsed);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('seasonCharges: one storm under each basis (issue 41)', () => {
  const plow: SnowLine = { service: 'plow', basis: 'perPush', trigger: 2, bands: PLOW_BANDS };

  it('per push: a band by each visit’s depth, passes as pushes, the trigger skipping, a free band charging nothing', () => {
    const charges = seasonCharges(sheet([plow]), [
      storm(1, '2026-12-05', 8, [
        visit(11, ['plow'], { depth: 4, passes: 2 }),
        visit(12, ['plow'], { depth: 7 }),
        visit(13, ['plow'], { depth: 1.5 }),
        visit(14, ['plow'], { depth: 12, passes: 0 }),
      ]),
    ]);
    expect(charges).toEqual([
      {
        stormID: 1,
        lineIndex: 0,
        part: 'push-11',
        description: 'Plowing — 2 pushes at 4 in (2–6 in)',
        quantity: 2,
        rate: 100,
        amount: 200,
        visitIDs: [11],
      },
      {
        stormID: 1,
        lineIndex: 0,
        part: 'push-12',
        description: 'Plowing — 1 push at 7 in (6–12 in)',
        quantity: 1,
        rate: 150,
        amount: 150,
        visitIDs: [12],
      },
      {
        stormID: 1,
        lineIndex: 0,
        part: 'push-14',
        description: 'Plowing — 1 push at 12 in (12 in and over)',
        quantity: 1,
        rate: 225,
        amount: 225,
        visitIDs: [14],
      },
    ]);
    // Below the trigger: nothing. In the free band (no trigger): nothing either.
    expect(seasonCharges(sheet([plow]), [storm(2, '2026-12-06', 1.9, [visit(21, ['plow'])])])).toEqual([]);
    const noTrigger: SnowLine = { service: 'plow', basis: 'perPush', bands: PLOW_BANDS };
    expect(seasonCharges(sheet([noTrigger]), [storm(3, '2026-12-07', 1, [visit(31, ['plow'])])])).toEqual([]);
    // A visit without a depth is priced by the storm's.
    expect(seasonCharges(sheet([noTrigger]), [storm(4, '2026-12-08', 6, [visit(41, ['plow'])])]).map((c) => c.amount)).toEqual([150]);
  });

  it('per application: by applications (passes)', () => {
    const salt: SnowLine = { service: 'salt', basis: 'perApplication', price: 85, per: 'application' };
    const charges = seasonCharges(sheet([salt]), [
      storm(1, '2026-12-05', 3, [visit(11, ['salt'], { passes: 2 }), visit(12, ['salt'], { passes: 0 }), visit(13, ['plow'])]),
    ]);
    expect(charges).toEqual([
      {
        stormID: 1,
        lineIndex: 0,
        part: 'applications',
        description: 'De-icing — 3 applications',
        quantity: 3,
        rate: 85,
        amount: 255,
        visitIDs: [11, 12],
      },
    ]);
    // The default unit is the application.
    expect(
      seasonCharges(sheet([{ service: 'salt', basis: 'perApplication', price: 85 }]), [
        storm(2, '2026-12-06', 3, [visit(21, ['salt'])]),
      ])[0],
    ).toMatchObject({ description: 'De-icing — 1 application', amount: 85 });
  });

  it('per application by the ton and by the bag: material converted to the priced unit', () => {
    expect(materialIn({ quantity: 500, unit: 'lb' }, 'ton')).toBe(0.25);
    expect(materialIn({ quantity: 125, unit: 'lb' }, 'bag')).toBe(2.5);
    expect(materialIn({ quantity: 1.5, unit: 'ton' }, 'bag')).toBe(60);
    expect(materialIn({ quantity: 40, unit: 'bag' }, 'ton')).toBe(1);
    const visits = [
      visit(11, ['salt'], { material: { quantity: 1000, unit: 'lb' } }),
      visit(12, ['salt'], { material: { quantity: 1.5, unit: 'ton' } }),
      visit(13, ['salt'], { material: { quantity: 10, unit: 'bag' } }),
      visit(14, ['salt']),
    ];
    const byTon = seasonCharges(sheet([{ service: 'salt', basis: 'perApplication', price: 120, per: 'ton' }]), [
      storm(1, '2026-12-05', 3, visits),
    ]);
    // 0.5 + 1.5 + 0.25 tons.
    expect(byTon).toEqual([
      {
        stormID: 1,
        lineIndex: 0,
        part: 'material',
        description: 'De-icing — 2.25 tons of material',
        quantity: 2.25,
        rate: 120,
        amount: 270,
        visitIDs: [11, 12, 13, 14],
      },
    ]);
    const byBag = seasonCharges(sheet([{ service: 'salt', basis: 'perApplication', price: 9.5, per: 'bag' }]), [
      storm(1, '2026-12-05', 3, visits),
    ]);
    // 20 + 60 + 10 bags.
    expect(byBag).toMatchObject([{ description: 'De-icing — 90 50 lb bags of material', quantity: 90, rate: 9.5, amount: 855 }]);
    // No material logged: no charge.
    expect(
      seasonCharges(sheet([{ service: 'salt', basis: 'perApplication', price: 120, per: 'ton' }]), [
        storm(2, '2026-12-06', 3, [visit(21, ['salt'])]),
      ]),
    ).toEqual([]);
  });

  it('per inch: the deepest depth logged on site, else the storm’s', () => {
    const perInch = sheet([{ service: 'plow', basis: 'perInch', price: 12.5 }]);
    expect(
      seasonCharges(perInch, [
        storm(1, '2026-12-05', 5, [visit(11, ['plow'], { depth: 6.5 }), visit(12, ['plow'], { depth: 4 }), visit(13, ['plow'])]),
      ]),
    ).toEqual([
      {
        stormID: 1,
        lineIndex: 0,
        part: 'inches',
        description: 'Plowing — 6.5 in of snow',
        quantity: 6.5,
        rate: 12.5,
        amount: 81.25,
        visitIDs: [11, 12, 13],
      },
    ]);
    expect(seasonCharges(perInch, [storm(2, '2026-12-06', 5, [visit(21, ['plow'])])])).toMatchObject([{ quantity: 5, amount: 62.5 }]);
  });

  it('hourly: the hours on site at each rate', () => {
    const hourly = sheet([
      {
        service: 'other',
        basis: 'hourly',
        rates: [
          { equipment: 'Loader', hourly: 95 },
          { equipment: 'Operator', hourly: 45.5 },
        ],
      },
    ]);
    expect(
      seasonCharges(hourly, [storm(1, '2026-12-05', 5, [visit(11, ['other'], { hours: 1.5 }), visit(12, ['other'], { hours: 2.25 })])]),
    ).toEqual([
      {
        stormID: 1,
        lineIndex: 0,
        part: 'rate-0',
        description: 'Other snow work — Loader, 3.75 h',
        quantity: 3.75,
        rate: 95,
        amount: 356.25,
        visitIDs: [11, 12],
      },
      {
        stormID: 1,
        lineIndex: 0,
        part: 'rate-1',
        description: 'Other snow work — Operator, 3.75 h',
        quantity: 3.75,
        rate: 45.5,
        amount: 170.63,
        visitIDs: [11, 12],
      },
    ]);
    // Hours not known: nothing.
    expect(seasonCharges(hourly, [storm(2, '2026-12-06', 5, [visit(21, ['other'])])])).toEqual([]);
  });

  it('seasonal without a cap, or within it, charges nothing per storm', () => {
    const storms = [1, 2, 3].map((id) => storm(id, `2026-12-0${id}`, 6, [visit(id, ['plow'])]));
    expect(seasonCharges(sheet([{ service: 'plow', basis: 'seasonal', price: 3000 }]), storms)).toEqual([]);
    expect(seasonCharges(sheet([{ service: 'plow', basis: 'seasonal', price: 3000, cap: { events: 3 }, overage: 200 }]), storms)).toEqual(
      [],
    );
    expect(seasonCharges(sheet([{ service: 'plow', basis: 'seasonal', price: 3000, cap: { inches: 18 }, overage: 50 }]), storms)).toEqual(
      [],
    );
    // A cap without an overage: nothing beyond it either.
    expect(seasonCharges(sheet([{ service: 'plow', basis: 'seasonal', price: 3000, cap: { events: 1 } }]), storms)).toEqual([]);
  });

  it('seasonal with an events cap: each event beyond it is charged the overage', () => {
    const line: SnowLine = { service: 'plow', basis: 'seasonal', price: 3000, cap: { events: 2 }, overage: 200 };
    const storms = [1, 2, 3, 4].map((id) => storm(id, `2026-12-0${id}`, 6, [visit(id, ['plow'])]));
    expect(seasonCharges(sheet([line]), storms)).toEqual([
      {
        stormID: 3,
        lineIndex: 0,
        part: 'overage',
        description: 'Plowing — event 3, beyond the 2-event cap',
        quantity: 1,
        rate: 200,
        amount: 200,
        visitIDs: [3],
      },
      {
        stormID: 4,
        lineIndex: 0,
        part: 'overage',
        description: 'Plowing — event 4, beyond the 2-event cap',
        quantity: 1,
        rate: 200,
        amount: 200,
        visitIDs: [4],
      },
    ]);
  });

  it('seasonal with an inches cap crossed mid-storm: only the inches beyond it; later storms wholly overage', () => {
    const line: SnowLine = { service: 'plow', basis: 'seasonal', price: 3000, cap: { inches: 10 }, overage: 50 };
    const storms = [
      storm(1, '2026-12-01', 4, [visit(1, ['plow'])]),
      storm(2, '2026-12-10', 8, [visit(2, ['plow'])]),
      storm(3, '2027-01-05', 3.5, [visit(3, ['plow'])]),
    ];
    expect(seasonCharges(sheet([line]), storms)).toEqual([
      {
        stormID: 2,
        lineIndex: 0,
        part: 'overage',
        description: 'Plowing — 2 in beyond the 10 in cap',
        quantity: 2,
        rate: 50,
        amount: 100,
        visitIDs: [2],
      },
      {
        stormID: 3,
        lineIndex: 0,
        part: 'overage',
        description: 'Plowing — 3.5 in beyond the 10 in cap',
        quantity: 3.5,
        rate: 50,
        amount: 175,
        visitIDs: [3],
      },
    ]);
    // Exactly reaching the cap charges nothing.
    expect(
      seasonCharges(sheet([line]), [storm(1, '2026-12-01', 4, [visit(1, ['plow'])]), storm(2, '2026-12-10', 6, [visit(2, ['plow'])])]),
    ).toEqual([]);
  });

  it('a trigger keeps a storm off the bill and off the cap', () => {
    const line: SnowLine = { service: 'plow', basis: 'seasonal', price: 3000, cap: { events: 1 }, overage: 200, trigger: 2 };
    const storms = [
      storm(1, '2026-12-01', 1, [visit(1, ['plow'])]),
      storm(2, '2026-12-10', 3, [visit(2, ['plow'])]),
      storm(3, '2026-12-20', 3, [visit(3, ['plow'])]),
    ];
    expect(seasonCharges(sheet([line]), storms).map((c) => [c.stormID, c.description])).toEqual([
      [3, 'Plowing — event 2, beyond the 1-event cap'],
    ]);
  });

  it('storms given out of date order count against caps in date order', () => {
    const line: SnowLine = { service: 'plow', basis: 'seasonal', price: 3000, cap: { inches: 10 }, overage: 50 };
    const storms = [
      storm(3, '2027-01-05', 3.5, [visit(3, ['plow'])]),
      storm(1, '2026-12-01', 4, [visit(1, ['plow'])]),
      storm(2, '2026-12-10', 8, [visit(2, ['plow'])]),
    ];
    expect(seasonCharges(sheet([line]), storms).map((c) => [c.stormID, c.quantity, c.amount])).toEqual([
      [2, 2, 100],
      [3, 3.5, 175],
    ]);
    // Same day: by id.
    const sameDay = [storm(9, '2026-12-01', 8, [visit(9, ['plow'])]), storm(8, '2026-12-01', 4, [visit(8, ['plow'])])];
    expect(seasonCharges(sheet([line]), sameDay).map((c) => [c.stormID, c.quantity])).toEqual([[9, 2]]);
  });

  it('prices a combination sheet in one storm, each line only the visits with its service', () => {
    const combination = sheet([
      plow,
      { service: 'salt', basis: 'perApplication', price: 85 },
      { service: 'walks', basis: 'perPush', trigger: 1, bands: [band(0, null, 40)] },
    ]);
    const charges = seasonCharges(combination, [
      storm(1, '2026-12-05', 5, [
        visit(11, ['plow', 'salt'], { depth: 5, passes: 2 }),
        visit(12, ['walks'], { passes: 3 }),
        visit(13, ['salt', 'walks']),
      ]),
    ]);
    expect(charges.map((c) => [c.lineIndex, c.part, c.quantity, c.rate, c.amount, c.visitIDs])).toEqual([
      [0, 'push-11', 2, 100, 200, [11]],
      [1, 'applications', 3, 85, 255, [11, 13]],
      [2, 'push-12', 3, 40, 120, [12]],
      [2, 'push-13', 1, 40, 40, [13]],
    ]);
    // A line with no visit of its service prices nothing.
    expect(seasonCharges(combination, [storm(2, '2026-12-06', 5, [visit(21, ['walks'])])]).map((c) => c.lineIndex)).toEqual([2]);
  });

  it('amounts are exact to the cent', () => {
    const line: SnowLine = { service: 'salt', basis: 'perApplication', price: 33.335 };
    expect(seasonCharges(sheet([line]), [storm(1, '2026-12-05', 3, [visit(1, ['salt'], { passes: 3 })])])[0].amount).toBe(100.01);
    const cents: SnowLine = { service: 'plow', basis: 'perInch', price: 0.1 };
    expect(seasonCharges(sheet([cents]), [storm(1, '2026-12-05', 0.3, [visit(1, ['plow'])])])[0].amount).toBe(0.03);
    const hourly: SnowLine = { service: 'other', basis: 'hourly', rates: [{ equipment: 'Truck', hourly: 0.1 }] };
    expect(
      seasonCharges(sheet([hourly]), [
        storm(1, '2026-12-05', 3, [visit(1, ['other'], { hours: 0.2 }), visit(2, ['other'], { hours: 0.1 })]),
      ])[0],
    ).toMatchObject({
      quantity: 0.3,
      amount: 0.03,
    });
  });
});

describe('expectedSeasonTotal (issue 41)', () => {
  it('a combination sheet: 10 events of 4 in', () => {
    const combination = sheet(
      [
        { service: 'plow', basis: 'perPush', trigger: 2, bands: PLOW_BANDS },
        { service: 'salt', basis: 'perApplication', price: 85 },
        { service: 'walks', basis: 'perPush', bands: [band(0, null, 40)], trigger: 1 },
      ],
      10,
      40,
    );
    // 10 × 100 + 10 × 85 + 10 × 40.
    expect(expectedSeasonTotal(combination)).toBe(2250);
    // Shallower storms fall in the free band and below the trigger.
    expect(expectedSeasonTotal({ ...combination, expectedInches: 15 })).toBe(10 * 0 + 850 + 400);
  });

  it('a season price with an inches cap and salt by the ton: 8 events, 30 in', () => {
    const seasonal = sheet(
      [
        { service: 'plow', basis: 'seasonal', price: 3000, cap: { inches: 10 }, overage: 50 },
        { service: 'salt', basis: 'perApplication', price: 120, per: 'ton', expectedPerEvent: 1 },
      ],
      8,
      30,
    );
    // 3000 + 20 in × 50 + 8 × 120.
    expect(expectedSeasonTotal(seasonal)).toBe(4960);
  });

  it('an events cap, per inch and hourly', () => {
    const mixed = sheet(
      [
        { service: 'plow', basis: 'seasonal', price: 2000, cap: { events: 6 }, overage: 150 },
        { service: 'walks', basis: 'perInch', price: 5 },
        { service: 'other', basis: 'hourly', rates: [{ equipment: 'Loader', hourly: 100 }], expectedPerEvent: 1.5 },
      ],
      8,
      32,
    );
    // 2000 + 2 × 150 + 32 × 5 + 8 × 1.5 × 100.
    expect(expectedSeasonTotal(mixed)).toBe(2000 + 300 + 160 + 1200);
  });

  it('zero events: only the season prices', () => {
    const zero = sheet(
      [
        { service: 'plow', basis: 'seasonal', price: 3000, cap: { inches: 10 }, overage: 50 },
        { service: 'walks', basis: 'seasonal', price: 499.99 },
        { service: 'salt', basis: 'perApplication', price: 85 },
      ],
      0,
      30,
    );
    expect(expectedSeasonTotal(zero)).toBe(3499.99);
  });
});

describe('costByBasis (issue 41)', () => {
  it('sums a season’s charges by basis, seasonal with its price', () => {
    const mixed = sheet([
      { service: 'plow', basis: 'seasonal', price: 3000, cap: { events: 2 }, overage: 200 },
      { service: 'walks', basis: 'seasonal', price: 500 },
      { service: 'plow', basis: 'perPush', bands: PLOW_BANDS },
      { service: 'salt', basis: 'perApplication', price: 85 },
      { service: 'salt', basis: 'perApplication', price: 100, per: 'ton' },
    ]);
    const storms = [
      storm(1, '2026-12-01', 4, [visit(1, ['plow', 'salt', 'walks'], { material: { quantity: 1000, unit: 'lb' } })]),
      storm(2, '2026-12-10', 8, [visit(2, ['plow', 'salt'], { material: { quantity: 1, unit: 'ton' } })]),
      storm(3, '2027-01-05', 1, [visit(3, ['plow'])]),
    ];
    expect(costByBasis(mixed, storms)).toEqual({
      // 3000 + 500 + one event beyond the cap.
      seasonal: 3700,
      // 100 + 150 + 0 (the free band).
      perPush: 250,
      // 2 × 85 + 1.5 tons × 100.
      perApplication: 320,
    });
    expect(costByBasis(mixed, [])).toEqual({ seasonal: 3500, perPush: 0, perApplication: 0 });
  });
});

describe('snowPricingWords (issue 41)', () => {
  it('tells the sheet in plain words', () => {
    const words = snowPricingWords(
      sheet(
        [
          { service: 'plow', basis: 'perPush', trigger: 2, bands: PLOW_BANDS },
          { service: 'salt', basis: 'perApplication', price: 85 },
          { service: 'walks', basis: 'perPush', bands: [band(0, null, 40)], trigger: 1 },
        ],
        10,
        40,
      ),
    );
    expect(words.lines).toEqual([
      'Plowing, per push by the depth on the ground — 0–2 in: no charge; 2–6 in: $100.00 per push; 6–12 in: $150.00 per push; 12 in and over: $225.00 per push. Nothing is billed for less than 2 in on the ground.',
      'De-icing: $85.00 per application.',
      'Walks, per push by the depth on the ground — 0 in and over: $40.00 per push. Nothing is billed for less than 1 in on the ground.',
    ]);
    expect(words.expected).toBe('Expected season (10 events, 40 in of snow): $2,250.00. You are billed by the storms that come.');
  });

  it('tells caps, overages and the other bases', () => {
    const words = snowPricingWords(
      sheet(
        [
          { service: 'plow', basis: 'seasonal', price: 3000, cap: { inches: 10 }, overage: 50 },
          { service: 'walks', basis: 'seasonal', price: 1200, cap: { events: 12 }, overage: 75 },
          { service: 'other', basis: 'seasonal', price: 500, cap: { events: 5 } },
          { service: 'plow', basis: 'seasonal', price: 2500 },
          { service: 'salt', basis: 'perApplication', price: 120, per: 'ton' },
          { service: 'salt', basis: 'perApplication', price: 9.5, per: 'bag' },
          { service: 'walks', basis: 'perInch', price: 5, trigger: 0 },
          {
            service: 'other',
            basis: 'hourly',
            rates: [
              { equipment: 'Loader', hourly: 95 },
              { equipment: 'Operator', hourly: 45.5 },
            ],
          },
        ],
        1,
        4,
      ),
    );
    expect(words.lines).toEqual([
      'Plowing: $3,000.00 for the season, covering up to 10 in of snow in total; after that, $50.00 per inch.',
      'Walks: $1,200.00 for the season, covering up to 12 events; after that, $75.00 per event.',
      'Other snow work: $500.00 for the season, covering up to 5 events; beyond that, nothing more.',
      'Plowing: $2,500.00 for the season, however many storms come.',
      'De-icing: $120.00 per ton of material used.',
      'De-icing: $9.50 per 50 lb bag of material used.',
      'Walks: $5.00 per inch of snow on the ground per storm.',
      'Other snow work, by the hour on site: Loader $95.00/h, Operator $45.50/h.',
    ]);
    expect(words.expected).toMatch(/^Expected season \(1 event, 4 in of snow\): \$/);
  });
});

describe('snow seasons (issue 41)', () => {
  it('a season is named by the year it starts, from July on', () => {
    expect(snowSeasonOf('2026-12-05')).toBe(2026);
    expect(snowSeasonOf('2027-02-02')).toBe(2026);
    expect(snowSeasonOf('2027-06-30')).toBe(2026);
    expect(snowSeasonOf('2027-07-01')).toBe(2027);
    expect(snowSeasonLabel(2026)).toBe('2026–27');
    expect(snowSeasonLabel(2099)).toBe('2099–00');
    expect(snowSeasonLabel(2008)).toBe('2008–09');
  });
});

describe('starterSnowSheet (the SNOW template’s areas)', () => {
  it('prices per push or per application at the items’ price per event, so the expected season equals the items’ total', () => {
    const plowing = starterSnowSheet('Plowing', [{ quantity: 12, unitPrice: 80.5, units: 'push', size: 20000 }])!;
    expect(plowing).toEqual({
      expectedEvents: 12,
      expectedInches: 36,
      lines: [{ service: 'plow', basis: 'perPush', trigger: 2, bands: [{ from: 0, to: null, price: 80.5 }] }],
    });
    expect(expectedSeasonTotal(plowing)).toBe(966);
    const salting = starterSnowSheet('Salting', [{ quantity: 15, unitPrice: 280, units: 'application', size: 20000 }])!;
    expect(salting.lines).toEqual([{ service: 'salt', basis: 'perApplication', per: 'application', price: 280 }]);
    expect(expectedSeasonTotal(salting)).toBe(4200);
    // 600 ft of walks pushed 12 times: 7,200 linear ft at $1.10.
    const walks = starterSnowSheet('Sidewalks', [{ quantity: 7200, unitPrice: 1.1, units: 'linear ft', size: 600 }])!;
    expect(walks).toMatchObject({ expectedEvents: 12, lines: [{ service: 'walks', basis: 'perPush', bands: [{ price: 660 }] }] });
    expect(expectedSeasonTotal(walks)).toBe(7920);
  });

  it('leaves an area whose items count no event unpriced, and names the service by the area’s words', () => {
    expect(starterSnowSheet('Plowing', [{ quantity: 3, unitPrice: 10, units: 'hours', size: null }])).toBeNull();
    expect(starterSnowSheet('Plowing', [])).toBeNull();
    expect(starterSnowSheet('Snow removal from steps', [{ quantity: 4, unitPrice: 10, units: 'pushes' }])!.lines[0].service).toBe('walks');
    expect(starterSnowSheet('Ice control', [{ quantity: 4, unitPrice: 10, units: 'applications' }])!.lines[0].service).toBe('salt');
    expect(starterSnowSheet('Loader work', [{ quantity: 4, unitPrice: 10, units: 'visits' }])!.lines[0].service).toBe('other');
  });
});
