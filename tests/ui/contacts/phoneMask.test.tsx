import { describe, expect, it } from 'vitest';
import { formatPhone, isMaskedPhone, phoneDigits, PHONE_MESSAGE } from '../../../src/domain/phone';
import { contacts } from '../../../src/schema/contacts';
import { validateRecord } from '../../../src/schema/validate';
import { phoneWithExtension } from '../../../src/resources/contacts/contactColumns';

describe('phone mask (000) 000-0000', () => {
  it('formats as far as the digits go', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('2')).toBe('(2');
    expect(formatPhone('215')).toBe('(215');
    expect(formatPhone('2155')).toBe('(215) 5');
    expect(formatPhone('215555')).toBe('(215) 555');
    expect(formatPhone('2155550')).toBe('(215) 555-0');
    expect(formatPhone('2155550100')).toBe('(215) 555-0100');
  });

  it('keeps digits only, at most ten', () => {
    expect(phoneDigits('(215) 555-0100')).toBe('2155550100');
    expect(formatPhone('abc')).toBe('');
    expect(formatPhone('215-555-0100 ext 99')).toBe('(215) 555-0100');
    expect(formatPhone('21555501009999')).toBe('(215) 555-0100');
  });

  it('drops the country code of a pasted +1 number (no US area code starts with 1)', () => {
    expect(formatPhone('+1 (609) 555-1234')).toBe('(609) 555-1234');
    expect(formatPhone('1-215-555-0100')).toBe('(215) 555-0100');
    expect(formatPhone('1')).toBe('');
  });

  it('is stable on an already formatted number and fits the 14-character bound', () => {
    const formatted = formatPhone('2155550100');
    expect(formatPhone(formatted)).toBe(formatted);
    expect(formatted).toHaveLength(14);
  });
});

describe('phone column', () => {
  it('adds the extension after " x" only when there is one', () => {
    expect(phoneWithExtension({ id: 1, phone: '(215) 555-0100', phoneExtension: '12' })).toBe('(215) 555-0100 x12');
    expect(phoneWithExtension({ id: 1, phone: '(215) 555-0100', phoneExtension: null })).toBe('(215) 555-0100');
    expect(phoneWithExtension({ id: 1, phone: null, phoneExtension: '' })).toBe('');
  });
});

describe('the phone rule the form and the server share', () => {
  it('takes what the mask produces and nothing else', () => {
    expect(validateRecord(contacts, { customerID: 1, lastName: 'L', phone: '(609) 555-0142' }).errors).toEqual({});
    expect(validateRecord(contacts, { customerID: 1, lastName: 'L', phone: '(609' }).errors).toEqual({});
    for (const phone of ['=1+1', 'abc', '609555014', '(609)555-01420', '609 555 0142x'])
      expect(validateRecord(contacts, { customerID: 1, lastName: 'L', phone }).errors, phone).toEqual({ phone: PHONE_MESSAGE });
    // A whole number written another common way is stored in the mask (issue 35: one canonical form).
    for (const phone of ['6095550142', '(609)555-0142', '+1 609.555.0142', '1-609-555-0142']) {
      const checked = validateRecord(contacts, { customerID: 1, lastName: 'L', phone });
      expect(checked.errors, phone).toEqual({});
      expect(checked.values.phone, phone).toBe('(609) 555-0142');
    }
    expect(isMaskedPhone('(123) 456-7890')).toBe(false);
  });
});
