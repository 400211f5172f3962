import { describe, expect, it } from 'vitest';
import { OFFICE_TIME_ZONE, startOfDayIn } from '../../src/domain/constants';

describe('startOfDayIn', () => {
  it('is midnight at the office, daylight saving time or not', () => {
    expect(startOfDayIn(OFFICE_TIME_ZONE, 2026, 4, 1).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(startOfDayIn(OFFICE_TIME_ZONE, 2026, 11, 15).toISOString()).toBe('2026-11-15T05:00:00.000Z');
    expect(startOfDayIn('UTC', 2026, 1, 1).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(startOfDayIn('Asia/Kolkata', 2026, 1, 1).toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });
});
