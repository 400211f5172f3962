import { describe, expect, it } from 'vitest';
import { services, termsConditions } from '../../src/schema';
import { checkedValues } from '../../server/db/seed/checkedValues';

/** Starter rows go through the API's own checks and conversions (server/crud/records.ts). */
describe('checkedValues (starter data)', () => {
  it('gives the values to store: rich text sanitised, datetimes as Dates', () => {
    const start = new Date(2026, 3, 1);
    const values = checkedValues(
      services,
      {
        name: 'Weekly Mowing',
        description: '<p onclick="x()">Mow <script>alert(1)</script><strong>weekly</strong></p>',
        startDate: start,
        endDate: null,
        isRecurring: true,
      },
      'service Weekly Mowing',
    );
    expect(values).toMatchObject({
      name: 'Weekly Mowing',
      description: '<p>Mow <strong>weekly</strong></p>',
      endDate: null,
      isRecurring: true,
    });
    expect(values.startDate).toEqual(start);
  });

  it('stops the start with a message naming the row and its field messages', () => {
    expect(() => checkedValues(termsConditions, { name: '', content: '<p>x</p>', isAuto: 0, order: 1 }, 'term #3')).toThrow(
      'Starter term #3 is invalid: {"name":"Name is required."}',
    );
    expect(() =>
      checkedValues(services, { name: 'Snow', startDate: new Date(2026, 10, 15), endDate: new Date(2026, 3, 1) }, 'service Snow'),
    ).toThrow('Starter service Snow is invalid: {"endDate":"End Date cannot be before Start Date."}');
  });
});
