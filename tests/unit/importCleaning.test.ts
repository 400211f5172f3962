import { describe, expect, it } from 'vitest';
import {
  cleanItemKind,
  cleanNumber,
  cleanPhone,
  cleanState,
  cleanText,
  cleanZip,
  isEmptyRow,
  splitFullName,
} from '../../src/domain/importing/cleaning';
import { comparable, customerKey, emailKey, itemKey, phoneKey, siteKey } from '../../src/domain/importing/duplicateKeys';
import { decodeText, parseCsv } from '../../server/imports/parseFile';

describe('import cleaning', () => {
  it('zip codes: leading zeros a spreadsheet dropped come back, ZIP+4 kept', () => {
    expect(cleanZip(8608)).toBe('08608');
    expect(cleanZip('8608')).toBe('08608');
    expect(cleanZip('501')).toBe('00501');
    expect(cleanZip('19103')).toBe('19103');
    expect(cleanZip('08608-1234')).toBe('08608-1234');
    expect(cleanZip('8608-1234')).toBe('08608-1234');
    expect(cleanZip(86081234)).toBe('08608-1234');
    expect(cleanZip('086081234')).toBe('08608-1234');
    expect(cleanZip(' K1A 0B1 ')).toBe('K1A 0B1');
    expect(cleanZip('  ')).toBeNull();
  });

  it('states: names and abbreviations in any case → the abbreviation; anything else as given', () => {
    expect(cleanState('New Jersey')).toBe('NJ');
    expect(cleanState('  new   jersey ')).toBe('NJ');
    expect(cleanState('nj')).toBe('NJ');
    expect(cleanState('N.J.')).toBe('NJ');
    expect(cleanState('District of Columbia')).toBe('DC');
    expect(cleanState('Texass')).toBe('Texass');
    expect(cleanState('')).toBeNull();
  });

  it('phones: the product format, a country code dropped, the extension split out', () => {
    expect(cleanPhone('609.555.0142 x204')).toEqual({ phone: '(609) 555-0142', extension: '204' });
    expect(cleanPhone('+1 (215) 555-0100 ext. 7')).toEqual({ phone: '(215) 555-0100', extension: '7' });
    expect(cleanPhone('609-555-0142 Extension 12')).toEqual({ phone: '(609) 555-0142', extension: '12' });
    expect(cleanPhone('6095550142')).toEqual({ phone: '(609) 555-0142', extension: null });
    expect(cleanPhone(16095550142)).toEqual({ phone: '(609) 555-0142', extension: null });
    expect(cleanPhone('555-0142')).toEqual({ phone: '555-0142', extension: null });
    expect(cleanPhone('call the office')).toEqual({ phone: 'call the office', extension: null });
    expect(cleanPhone(null)).toEqual({ phone: null, extension: null });
  });

  it('whitespace trimmed (non-breaking too), empty rows found, numbers and kinds and names cleaned', () => {
    expect(cleanText('\u00a0 Acme  ')).toBe('Acme');
    expect(cleanText('   ')).toBeNull();
    expect(isEmptyRow(['', ' ', null, '\u00a0'])).toBe(true);
    expect(isEmptyRow(['', 'x'])).toBe(false);
    expect(cleanNumber('$1,234.50')).toBe('1234.50');
    expect(cleanNumber('(12.50)')).toBe('-12.50');
    expect(cleanNumber('abc')).toBe('abc');
    expect(cleanItemKind('labour')).toBe('LABOR');
    expect(cleanItemKind('Material')).toBe('MATERIAL');
    expect(cleanItemKind('Inventory')).toBe('Inventory');
    expect(splitFullName('Smith, John')).toEqual({ firstName: 'John', lastName: 'Smith' });
    expect(splitFullName('Mary Ann Smith')).toEqual({ firstName: 'Mary Ann', lastName: 'Smith' });
    expect(splitFullName('Cher')).toEqual({ firstName: null, lastName: 'Cher' });
  });

  it('encodings: UTF-8 with or without BOM, else Windows-1252', () => {
    const utf8 = Buffer.from('Café Rosé', 'utf8');
    expect(decodeText(utf8)).toBe('Café Rosé');
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toBe('Café Rosé');
    expect(decodeText(Buffer.from('Café Rosé', 'latin1'))).toBe('Café Rosé');
    // 0x93/0x94 are curly quotes in Windows-1252 (not Latin-1 controls).
    expect(decodeText(Buffer.from([0x93, 0x41, 0x94]))).toBe('\u201cA\u201d');
  });

  it('delimiters: comma, semicolon and tab are found', () => {
    for (const d of [',', ';', '\t']) {
      const file = parseCsv(Buffer.from(`Name${d}City${d}Zip\nA, Inc.${d}Trenton${d}8608\n\n`));
      if (d !== ',') expect(file.columns).toEqual(['Name', 'City', 'Zip']);
      expect(file.rows.length).toBe(1);
    }
    expect(parseCsv(Buffer.from('Name;City\n"A; B";Trenton\n')).rows).toEqual([[2, 'A; B', 'Trenton']]);
  });
});

describe('duplicate keys', () => {
  it('customers match by name and address whatever the case, spacing, punctuation and street words', () => {
    expect(customerKey('  ALPHA LAWNS ', '1 Oak Avenue')).toBe(customerKey('Alpha Lawns', '1 Oak Ave.'));
    expect(customerKey('Alpha Lawns', '1 Oak Ave')).not.toBe(customerKey('Alpha Lawns', '2 Oak Ave'));
    expect(customerKey('', '1 Oak Ave')).toBeNull();
    expect(comparable('Café & Co.')).toBe('cafe and co');
  });
  it('contacts by email (case) or phone (digits), items by name, sites by customer and address', () => {
    expect(emailKey(' Ann@Greenway.ORG ')).toBe('ann@greenway.org');
    expect(emailKey('')).toBeNull();
    expect(phoneKey('(609) 555-0142')).toBe(phoneKey('+1 609.555.0142'));
    expect(phoneKey('12')).toBeNull();
    expect(itemKey('Hardwood  Mulch')).toBe(itemKey('hardwood mulch'));
    expect(siteKey(3, '40 Park Place')).toBe(siteKey(3, '40 park pl'));
    expect(siteKey(3, '40 Park Pl')).not.toBe(siteKey(4, '40 Park Pl'));
  });
});
