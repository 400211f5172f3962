import { describe, expect, it } from 'vitest';
import { fillTable } from '../../src/domain/fillTable';

describe('fill table calculator (SPEC §9)', () => {
  it('a bed 10 ft × 20 ft at 3 in', () => {
    // yd³ = (10/3) × (20/3) × (3/12/3) = 1.85185… → 1.852; ft³ = 10 × 20 × 3 / 12 = 50; tons = 2.3148… → 2.315
    expect(fillTable({ width: 10, length: 20, depth: 3 })).toEqual({ cubicYards: 1.852, cubicFeet: 50, tons: 2.315 });
  });

  it('cubic feet round up', () => {
    // 7 × 11 × 2 / 12 = 12.833… → 13
    expect(fillTable({ width: 7, length: 11, depth: 2 })?.cubicFeet).toBe(13);
    // exactly 27 ft³ = 1 yd³ stays 27, and 1.25 t
    expect(fillTable({ width: 9, length: 9, depth: 4 })).toEqual({ cubicYards: 1, cubicFeet: 27, tons: 1.25 });
  });

  it('reads typed strings', () => {
    expect(fillTable({ width: '12.5', length: '40', depth: '2' })).toEqual({ cubicYards: 3.086, cubicFeet: 84, tons: 3.858 });
  });

  it('a zero measurement gives zeros', () => {
    expect(fillTable({ width: 0, length: 40, depth: 2 })).toEqual({ cubicYards: 0, cubicFeet: 0, tons: 0 });
  });

  it.each([
    [{ width: '', length: 1, depth: 1 }],
    [{ width: 1, length: 'abc', depth: 1 }],
    [{ width: 1, length: 1, depth: -3 }],
    [{ width: null, length: 1, depth: 1 }],
    [{ width: Infinity, length: 1, depth: 1 }],
  ])('nothing while a measurement is missing or invalid: %o', (input) => {
    expect(fillTable(input)).toBeNull();
  });
});
