import { describe, expect, test } from 'vitest';
import { EMAIL_MAX, isEmailAddress } from '../../src/domain/emailAddress';
import { addDays, daysBetween, isCalendarDate } from '../../src/domain/officeDate';

/** The address rule the send dialog, Settings and the mail routes share (issue 22). */
describe('email addresses', () => {
  test('takes ordinary addresses, refuses anything that could add a header or a recipient', () => {
    for (const good of ['ann@example.com', 'a.b+tag@mail.example.co.uk', "o'brien@example.org"])
      expect(isEmailAddress(good), good).toBe(true);
    for (const bad of [
      '',
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'a b@example.com',
      'ann@example.com\r\nBcc: x@y.z',
      'a,b@example.com',
      '<ann@example.com>',
      42,
      null,
    ])
      expect(isEmailAddress(bad), String(bad)).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(EMAIL_MAX - 11)}@example.com`)).toBe(false);
  });
});

describe('calendar days', () => {
  test('addDays and daysBetween across month, year and leap-day ends; isCalendarDate names only real days', () => {
    expect(addDays('2026-11-25', 30)).toBe('2026-12-25');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-25', '2026-12-25')).toBe(30);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-1', '20260101', 20260101]) expect(isCalendarDate(bad), String(bad)).toBe(false);
  });
});
