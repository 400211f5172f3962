import { describe, expect, it } from 'vitest';
import { priceRules } from '../../src/schema';
import { validateRecord } from '../../src/schema/validate';

const check = (rule: Record<string, unknown>) => validateRecord(priceRules, { itemID: 1, ...rule }).errors;

describe('price rule validation (the same on the server and in the Item Editor)', () => {
  it('accepts a complete rule of each type and defaults the output type', () => {
    expect(check({ type: 'LESS_THAN_OR_EQUAL', rangeEnd: 0.25 })).toEqual({});
    expect(check({ type: 'BETWEEN_EXCLUSIVE', rangeStart: 0, rangeEnd: 3, step: 0.5, secondaryPrice: 60 })).toEqual({});
    expect(check({ type: 'GREATER_THAN', rangeStart: 2, step: 0, secondaryPrice: 95 })).toEqual({});
    expect(check({ type: 'STATIC', step: 1000 })).toEqual({});
    expect(validateRecord(priceRules, { itemID: 1, type: 'STATIC', step: 1 }).values.outputType).toBe('UNIT_PRICE');
  });

  it('requires a known type and output type', () => {
    expect(check({})).toEqual({ type: 'Type is required.' });
    expect(check({ type: 'PER_UNIT' })).toEqual({ type: 'Type is invalid.' });
    expect(check({ type: 'STATIC', step: 1, outputType: 'TOTAL' })).toEqual({ outputType: 'Output Type is invalid.' });
  });

  it('requires the numbers each type reads', () => {
    expect(check({ type: 'LESS_THAN_OR_EQUAL' })).toEqual({ rangeEnd: 'Range End is required.' });
    expect(check({ type: 'BETWEEN_EXCLUSIVE' })).toEqual({
      rangeStart: 'Range Start is required.',
      rangeEnd: 'Range End is required.',
      step: 'Step is required.',
      secondaryPrice: 'Secondary Price is required.',
    });
    expect(check({ type: 'GREATER_THAN', rangeEnd: 5 })).toEqual({
      rangeStart: 'Range Start is required.',
      step: 'Step is required.',
      secondaryPrice: 'Secondary Price is required.',
    });
    expect(check({ type: 'STATIC', step: '' })).toEqual({ step: 'Step is required.' });
  });

  it('wants a range that runs upwards where both ends matter', () => {
    const between = { type: 'BETWEEN_EXCLUSIVE', step: 1, secondaryPrice: 1 };
    expect(check({ ...between, rangeStart: 5, rangeEnd: 5 })).toEqual({ rangeEnd: 'Range End must be greater than Range Start.' });
    expect(check({ ...between, rangeStart: 5, rangeEnd: 4 })).toEqual({ rangeEnd: 'Range End must be greater than Range Start.' });
    // Greater-than reads no range end: an old one lying around is not an error.
    expect(check({ type: 'GREATER_THAN', rangeStart: 5, rangeEnd: 1, step: 0, secondaryPrice: 1 })).toEqual({});
  });

  it('never takes a negative step, nor a zero one where the formula divides by it', () => {
    expect(check({ type: 'GREATER_THAN', rangeStart: 2, step: -1, secondaryPrice: 1 })).toEqual({ step: 'Step cannot be negative.' });
    expect(check({ type: 'STATIC', step: 0 })).toEqual({ step: 'Step must be greater than 0.' });
    expect(check({ type: 'BETWEEN_EXCLUSIVE', rangeStart: 0, rangeEnd: 1, step: 0, secondaryPrice: 1 })).toEqual({
      step: 'Step must be greater than 0.',
    });
    // A number the type does not read is not checked: the editor does not show its input.
    expect(check({ type: 'LESS_THAN_OR_EQUAL', rangeEnd: 1, step: -2 })).toEqual({});
  });

  it('never takes a negative secondary price', () => {
    expect(check({ type: 'GREATER_THAN', rangeStart: 2, step: 0, secondaryPrice: -0.01 })).toEqual({
      secondaryPrice: 'Secondary Price cannot be negative.',
    });
    expect(check({ type: 'BETWEEN_EXCLUSIVE', rangeStart: 0, rangeEnd: 1, step: 1, secondaryPrice: -5 })).toEqual({
      secondaryPrice: 'Secondary Price cannot be negative.',
    });
    expect(check({ type: 'GREATER_THAN', rangeStart: 2, step: 0, secondaryPrice: 0 })).toEqual({});
  });

  it('keeps the message of a malformed number rather than calling it missing', () => {
    expect(check({ type: 'STATIC', step: 'abc' })).toEqual({ step: 'Step is invalid.' });
  });
});
