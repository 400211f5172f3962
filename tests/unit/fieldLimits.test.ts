import { describe, expect, it } from 'vitest';
import { estimates, workAreaItems, workAreas } from '../../src/schema';
import { checkField, decimalLimit, INT4_MAX, validateRecord } from '../../src/schema/validate';
import { roundTo } from '../../src/domain/money';

const field = (entity: typeof estimates | typeof workAreas | typeof workAreaItems, name: string) => entity.field(name)!;

describe('values PostgreSQL would refuse are form errors', () => {
  it('refuses a NUL character in any text', () => {
    expect(checkField(field(workAreas, 'name'), 'Front\u0000Lawn')).toEqual({ error: 'Name is invalid.' });
    expect(checkField(field(workAreas, 'notes'), '<p>\u0000</p>')).toEqual({ error: 'Notes is invalid.' });
    expect(checkField(field(workAreas, 'name'), 'Front Lawn')).toEqual({ value: 'Front Lawn' });
  });

  it('keeps integers and ids within a 32-bit column', () => {
    expect(checkField(field(estimates, 'salesperson'), INT4_MAX)).toEqual({ value: INT4_MAX });
    expect(checkField(field(estimates, 'salesperson'), INT4_MAX + 1)).toEqual({ error: 'Salesperson is invalid.' });
    expect(checkField(field(estimates, 'status'), -2147483649)).toEqual({ error: 'Status is invalid.' });
  });

  it('keeps decimals within their precision, and checks min and max', () => {
    expect(decimalLimit(field(estimates, 'discount'))).toBe(1000);
    expect(decimalLimit(field(workAreaItems, 'quantity'))).toBe(1e12);
    const discount = field(estimates, 'discount');
    expect(checkField(discount, 101)).toEqual({ error: 'Discount cannot exceed 100.' });
    expect(checkField(discount, -0.01)).toEqual({ error: 'Discount cannot be negative.' });
    expect(checkField(discount, 1e20)).toEqual({ error: 'Discount is invalid.' });
    expect(checkField(field(workAreaItems, 'unitPrice'), '1e400')).toEqual({ error: 'Unit Price is invalid.' });
  });

  it('bounds a decimal as it will be stored: a value rounding up to the column limit is refused', () => {
    const price = field(workAreaItems, 'unitPrice');
    expect(checkField(price, 9_999_999_999.99)).toEqual({ value: 9_999_999_999.99 });
    expect(checkField(price, 9_999_999_999.995)).toEqual({ error: 'Unit Price is invalid.' });
    expect(checkField(price, '-9999999999.996')).toEqual({ error: 'Unit Price is invalid.' });
  });

  it('stores decimals as their column does: rounded half away from zero to its scale', () => {
    expect(checkField(field(workAreaItems, 'quantity'), 1.0005)).toEqual({ value: 1.001 });
    expect(checkField(field(workAreaItems, 'quantity'), 2.0004)).toEqual({ value: 2 });
    expect(checkField(field(workAreaItems, 'unitPrice'), 7.505)).toEqual({ value: 7.51 });
    expect(checkField(field(workAreaItems, 'size'), 0.12345)).toEqual({ value: 0.1235 });
    expect(validateRecord(workAreaItems, { workAreaID: 1, name: 'x', quantity: '2.5', unitPrice: '1.005' }).values).toMatchObject({
      quantity: 2.5,
      unitPrice: 1.01,
    });
  });
});

describe('roundTo', () => {
  it.each([
    [1.0005, 3, 1.001],
    [-1.0005, 3, -1.001],
    [0.12345, 4, 0.1235],
    [1.005, 2, 1.01],
    [2.5, 0, 3],
    [-2.5, 0, -3],
  ])('rounds %s to %s decimals: %s', (value, digits, expected) => {
    expect(roundTo(value, digits)).toBe(expected);
  });

  it('never answers -0 and gives NaN for non-finite input', () => {
    expect(Object.is(roundTo(-0.0001, 3), 0)).toBe(true);
    expect(roundTo(Infinity, 3)).toBeNaN();
  });
});
