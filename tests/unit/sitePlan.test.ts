import { describe, expect, it } from 'vitest';
import {
  changedShapes,
  defaultShapeName,
  emptySitePlan,
  labelPoint,
  linearFeet,
  lineLength,
  parseFeetPerUnit,
  parsePlanShapes,
  planExtent,
  polygonArea,
  polygonProblem,
  ringSelfIntersects,
  scaleFromCalibration,
  shapeLabel,
  shapeMeasure,
  squareFeet,
  BLANK_GRID_UNITS,
  PLAN_MAX_POINTS_PER_SHAPE,
  PLAN_MAX_SHAPES,
  type PlanPosition,
  type PlanShapes,
} from '../../src/domain/sitePlan';
import type { PlanMeasure } from '../../src/domain/planMeasure';

const rect = (x: number, y: number, w: number, h: number): PlanPosition[] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];
// An L: 10 × 4 along the top, then 4 × 6 down the left (y downward): 40 + 24 = 64 units².
const ell: PlanPosition[] = [
  [0, 0],
  [10, 0],
  [10, 4],
  [4, 4],
  [4, 10],
  [0, 10],
];
const bowtie: PlanPosition[] = [
  [0, 0],
  [10, 10],
  [10, 0],
  [0, 10],
];

const area = (id: string, name: string, rings: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id,
  geometry: { type: 'Polygon', coordinates: rings },
  properties: { name, kind: 'area', ...extra },
});
const line = (id: string, name: string, coords: unknown) => ({
  type: 'Feature',
  id,
  geometry: { type: 'LineString', coordinates: coords },
  properties: { name, kind: 'line' },
});
const collection = (...features: unknown[]) => ({ type: 'FeatureCollection', features });
const error = (raw: unknown, feetPerUnit: number | null = 1) => {
  const parsed = parsePlanShapes(raw, feetPerUnit);
  return 'error' in parsed ? parsed.error : null;
};
const value = (raw: unknown, feetPerUnit: number | null = 1): PlanShapes => {
  const parsed = parsePlanShapes(raw, feetPerUnit);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.value;
};

describe('site plan geometry', () => {
  it('measures rectangles, L-shapes and holes by the shoelace formula, either winding, open or closed', () => {
    expect(polygonArea([rect(0, 0, 20, 30)])).toBe(600);
    expect(polygonArea([[...rect(0, 0, 20, 30)].reverse()])).toBe(600);
    expect(polygonArea([[...rect(0, 0, 20, 30), [0, 0]]])).toBe(600);
    expect(polygonArea([ell])).toBe(64);
    expect(polygonArea([rect(0, 0, 20, 30), rect(5, 5, 4, 5)])).toBe(580);
    expect(
      lineLength([
        [0, 0],
        [3, 4],
        [3, 10],
      ]),
    ).toBe(11);
  });

  it('converts plan units to feet at the scale, to the hundredth', () => {
    // 600 units² at 0.5 ft/unit = 150 ft²; at 2.5 ft/unit = 3,750 ft².
    expect(squareFeet([rect(0, 0, 20, 30)], 0.5)).toBe(150);
    expect(squareFeet([rect(0, 0, 20, 30)], 2.5)).toBe(3750);
    expect(squareFeet([ell], 1 / 3)).toBe(7.11);
    expect(
      linearFeet(
        [
          [0, 0],
          [3, 4],
        ],
        1.5,
      ),
    ).toBe(7.5);
    expect(
      linearFeet(
        [
          [0, 0],
          [1, 1],
        ],
        1,
      ),
    ).toBe(1.41);
  });

  it('sets the scale from a line over a known length', () => {
    expect(scaleFromCalibration([0, 0], [300, 400], 50)).toEqual({ value: 0.1 });
    expect(scaleFromCalibration([10, 10], [10, 10], 50)).toHaveProperty('error');
    expect(scaleFromCalibration([0, 0], [10, 0], 0)).toHaveProperty('error');
    expect(scaleFromCalibration([0, 0], [10, 0], Number.NaN)).toHaveProperty('error');
    expect(scaleFromCalibration([0, Number.POSITIVE_INFINITY], [10, 0], 5)).toHaveProperty('error');
    expect(parseFeetPerUnit(null)).toEqual({ value: null });
    expect(parseFeetPerUnit(0.25)).toEqual({ value: 0.25 });
    for (const bad of [0, -1, '1', Number.NaN, 1e9, undefined]) expect(parseFeetPerUnit(bad)).toHaveProperty('error');
  });

  it('refuses polygons that cross or touch themselves, stray holes and too few corners', () => {
    expect(ringSelfIntersects(bowtie)).toBe(true);
    expect(ringSelfIntersects(ell)).toBe(false);
    expect(polygonProblem([bowtie])).toBe('crosses');
    // A corner touching another edge, and a spike doubling back along itself.
    expect(
      polygonProblem([
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [5, 0],
          [0, 10],
        ],
      ]),
    ).toBe('crosses');
    expect(
      polygonProblem([
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [10, 5],
          [0, 10],
        ],
      ]),
    ).toBe('crosses');
    expect(
      polygonProblem([
        [
          [0, 0],
          [10, 0],
          [0, 0],
          [0, 10],
        ],
      ]),
    ).not.toBeNull();
    expect(
      polygonProblem([
        [
          [0, 0],
          [10, 0],
          [20, 0],
        ],
      ]),
    ).not.toBeNull();
    expect(
      polygonProblem([
        [
          [0, 0],
          [10, 0],
          [0, 0],
        ],
      ]),
    ).toBe('corners');
    expect(polygonProblem([rect(0, 0, 10, 10), rect(20, 20, 2, 2)])).toBe('holeOutside');
    expect(polygonProblem([rect(0, 0, 10, 10), rect(5, 5, 10, 2)])).toBe('crosses');
    expect(polygonProblem([rect(0, 0, 10, 10), rect(1, 1, 6, 6), rect(2, 2, 1, 1)])).toBe('holeInHole');
    expect(polygonProblem([rect(0, 0, 10, 10), rect(1, 1, 2, 2), rect(5, 5, 2, 2)])).toBeNull();
    expect(polygonProblem([ell])).toBeNull();
  });

  it('puts a label inside its shape, an L and a ring around a hole included', () => {
    expect(labelPoint([rect(0, 0, 20, 10)])).toEqual([10, 5]);
    const thinL: PlanPosition[] = [
      [0, 0],
      [100, 0],
      [100, 4],
      [4, 4],
      [4, 100],
      [0, 100],
    ];
    for (const rings of [[thinL], [rect(0, 0, 30, 30), rect(5, 5, 20, 20)]]) {
      const [x, y] = labelPoint(rings);
      expect(polygonArea(rings)).toBeGreaterThan(0);
      expect(polygonProblem([...rings, rect(x - 0.01, y - 0.01, 0.02, 0.02)])).toBeNull();
    }
  });

  it('says what a blank plan is', () => {
    expect(emptySitePlan(7)).toMatchObject({ siteID: 7, imageID: null, feetPerUnit: 1, version: 0, shapes: { features: [] } });
    expect(planExtent(emptySitePlan(7))).toEqual({ width: BLANK_GRID_UNITS, height: BLANK_GRID_UNITS });
    expect(planExtent({ image: { width: 2048, height: 1536 } })).toEqual({ width: 2048, height: 1536 });
  });
});

describe('a plan’s shapes as sent', () => {
  it('computes the measures itself, ignoring what the client sent, and stores rings closed', () => {
    const shapes = value(
      collection(
        area('bed', '  Front bed ', [rect(0, 0, 20, 30)], { squareFeet: 1, linearFeet: 9, colour: 'red' }),
        line('edge', 'Edging', [
          [0, 0],
          [0, 0],
          [30, 40],
        ]),
        { type: 'Feature', id: 'spigot', geometry: { type: 'Point', coordinates: [5, 5] }, properties: { name: 'Spigot', kind: 'point' } },
      ),
      0.5,
    );
    expect(shapes.features[0]).toEqual({
      type: 'Feature',
      id: 'bed',
      geometry: { type: 'Polygon', coordinates: [[...rect(0, 0, 20, 30), [0, 0]]] },
      properties: { name: 'Front bed', kind: 'area', squareFeet: 150 },
    });
    expect(shapes.features[1].properties).toEqual({ name: 'Edging', kind: 'line', linearFeet: 25 });
    expect(shapes.features[1].geometry.coordinates).toEqual([
      [0, 0],
      [30, 40],
    ]);
    expect(shapes.features[2].properties).toEqual({ name: 'Spigot', kind: 'point' });
    expect(shapeLabel(shapes.features[0])).toBe('Front bed — 150 ft²');
    expect(shapeLabel(shapes.features[2])).toBe('Spigot');
  });

  it('omits measures until the plan has a scale', () => {
    const shapes = value(collection(area('bed', 'Bed', [rect(0, 0, 2, 2)], { squareFeet: 4 })), null);
    expect(shapes.features[0].properties).toEqual({ name: 'Bed', kind: 'area' });
    expect(shapeMeasure(shapes.features[0])).toBeNull();
  });

  it('labels large figures with thousands separators', () => {
    const shapes = value(collection(area('lot', 'Lot', [rect(0, 0, 40, 31)])), 1);
    expect(shapeLabel(shapes.features[0])).toBe('Lot — 1,240 ft²');
  });

  it('names the shape in what it refuses', () => {
    expect(error(collection(area('b', 'Front bed', [bowtie])))).toBe('Shape "Front bed" crosses itself: redraw it.');
    expect(error(collection(area('a', 'Ok', [rect(0, 0, 1, 1)]), area('a', 'Again', [rect(0, 0, 1, 1)])))).toBe(
      'Shape "Again" has the same id as another shape.',
    );
    expect(error(collection(area('a', '', [rect(0, 0, 1, 1)])))).toBe('Shape 1 needs a name of up to 100 characters on one line.');
    expect(error(collection(area('a', 'Two\nlines', [rect(0, 0, 1, 1)])))).toMatch(/^Shape 1 needs a name/);
    expect(error(collection(area('a', 'x'.repeat(101), [rect(0, 0, 1, 1)])))).toMatch(/^Shape 1 needs a name/);
    expect(
      error(
        collection({
          ...line('l', 'Walk', [
            [0, 0],
            [1, 1],
          ]),
          properties: { name: 'Walk', kind: 'area' },
        }),
      ),
    ).toBe('Shape "Walk" is an area, so its geometry must be a Polygon.');
    expect(error(collection(area('a', 'Bed', [rect(0, 0, 10, 10), rect(20, 20, 1, 1)])))).toBe(
      'Shape "Bed" has a hole outside its outline: redraw it.',
    );
  });

  it('refuses hostile input in words, never by throwing', () => {
    const hostile: unknown[] = [
      null,
      'shapes',
      [],
      { type: 'FeatureCollection' },
      { type: 'FeatureCollection', features: {} },
      collection(null),
      collection('Feature'),
      collection({ type: 'Feature', id: 'a', geometry: null, properties: { name: 'A', kind: 'area' } }),
      collection({ type: 'Feature', id: 'a', geometry: { type: 'Polygon' }, properties: { name: 'A', kind: 'area' } }),
      collection({ ...area('a', 'A', [rect(0, 0, 1, 1)]), properties: null }),
      collection({ ...area('a', 'A', [rect(0, 0, 1, 1)]), properties: { name: 'A', kind: 'blob' } }),
      collection({ ...area('a', 'A', [rect(0, 0, 1, 1)]), id: 7 }),
      collection({ ...area('a', 'A', [rect(0, 0, 1, 1)]), id: 'x'.repeat(65) }),
      collection({ ...area('a', 'A', [rect(0, 0, 1, 1)]), id: '<script>' }),
      collection(
        area('a', 'A', [
          [
            [0, 0],
            [1, Number.NaN],
            [1, 1],
          ],
        ]),
      ),
      collection(
        area('a', 'A', [
          [
            [0, 0],
            [1, '0'],
            [1, 1],
          ],
        ]),
      ),
      collection(
        area('a', 'A', [
          [
            [0, 0],
            [1e300, 0],
            [1, 1],
          ],
        ]),
      ),
      collection(
        area('a', 'A', [
          [
            [0, 0, 0],
            [1, 0],
            [1, 1],
          ],
        ]),
      ),
      collection(area('a', 'A', rect(0, 0, 1, 1))),
      collection(area('a', 'A', [[rect(0, 0, 1, 1)]])),
      collection(area('a', 'A', [])),
      collection(line('l', 'L', [[0, 0]])),
      collection(line('l', 'L', [0, 0])),
      collection(line('l', 'L', { 0: [0, 0], 1: [1, 1], length: 2 })),
      collection({
        type: 'Feature',
        id: 'p',
        geometry: { type: 'Point', coordinates: [[0, 0]] },
        properties: { name: 'P', kind: 'point' },
      }),
      collection(...Array.from({ length: PLAN_MAX_SHAPES + 1 }, (_, i) => area(`a${i}`, 'A', [rect(0, 0, 1, 1)]))),
      collection(
        line(
          'l',
          'L',
          Array.from({ length: PLAN_MAX_POINTS_PER_SHAPE + 1 }, (_, i) => [i, i % 2]),
        ),
      ),
      collection(line('l', 'L', new Array(1e6).fill([0, 0]))),
      collection(area('a', 'A', new Array(1e5).fill(rect(0, 0, 1, 1)))),
      collection(
        ...Array.from({ length: 5 }, (_, n) =>
          line(
            `l${n}`,
            'L',
            Array.from({ length: 4_500 }, (_, i) => [i, i % 2]),
          ),
        ),
      ),
    ];
    // Sparse arrays (a caller in the browser could pass one; JSON cannot).
    /* eslint-disable no-sparse-arrays */
    hostile.push(
      collection(line('l', 'L', [[0, 0], , [1, 1]])),
      collection(
        line('l', 'L', [
          [, 0],
          [1, 1],
        ]),
      ),
      { type: 'FeatureCollection', features: [, area('a', 'A', [rect(0, 0, 1, 1)])] },
    );
    /* eslint-enable no-sparse-arrays */
    for (const raw of hostile) expect(error(raw), JSON.stringify(raw)?.slice(0, 120)).toEqual(expect.any(String));
    expect(error(collection(area('lot', 'Lot', [rect(0, 0, 90_000, 90_000)])), 1000)).toBe(
      'Shape "Lot" measures more than 1,000,000,000 feet: check the plan\'s scale.',
    );
  });

  it('checks a plan full of the costliest valid shapes quickly', () => {
    // Long parallel diagonals joined end to end: every edge's box overlaps every other's, so
    // neither the sweep by x nor the test on y spares a pair, and no edge meets another.
    const diagonals: PlanPosition[] = [];
    for (let k = 0; k < (PLAN_MAX_POINTS_PER_SHAPE - 4) / 2; k++)
      diagonals.push(
        ...((k % 2 === 0
          ? [
              [0, k],
              [1000, 1000 + k],
            ]
          : [
              [1000, 999 + k],
              [0, k + 1],
            ]) as PlanPosition[]),
      );
    diagonals.push([-50, 4000], [-50, -50]);
    const shapes = collection(...Array.from({ length: 4 }, (_, i) => area(`d${i}`, `Diagonals ${i}`, [diagonals])));
    const started = performance.now();
    expect(error(shapes)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('what an item was measured from', () => {
  const shapes = value(
    collection(
      area('bed', 'Front bed', [rect(0, 0, 10, 10)]),
      line('edge', 'Edging', [
        [0, 0],
        [10, 0],
      ]),
    ),
    1,
  );
  const measure = (entries: { id: string; name: string; value: number }[], unit: 'sqft' | 'ft' = 'sqft'): PlanMeasure => ({
    shapes: entries,
    unit,
    total: entries.reduce((sum, e) => sum + e.value, 0),
  });

  it('finds nothing when the shapes still measure the same', () => {
    expect(changedShapes(measure([{ id: 'bed', name: 'Front bed', value: 100 }]), shapes)).toEqual([]);
    expect(changedShapes(measure([{ id: 'edge', name: 'Edging', value: 10 }], 'ft'), shapes)).toEqual([]);
  });

  it('names the shapes redrawn, removed or no longer measurable so', () => {
    expect(
      changedShapes(
        measure([
          { id: 'bed', name: 'Bed (old name)', value: 90 },
          { id: 'gone', name: 'Back lawn', value: 500 },
          { id: 'edge', name: 'Edging', value: 10 },
        ]),
        shapes,
      ),
    ).toEqual([
      { id: 'bed', name: 'Front bed', was: 90, now: 100 },
      { id: 'gone', name: 'Back lawn', was: 500, now: null },
      { id: 'edge', name: 'Edging', was: 10, now: null },
    ]);
  });

  it('names a new shape after the ones of its kind', () => {
    expect(defaultShapeName('area', shapes)).toBe('Area 2');
    expect(defaultShapeName('point', shapes)).toBe('Point 1');
  });
});
