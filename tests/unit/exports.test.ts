import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calendarDateIn, officeDate } from '../../src/domain/officeDate';
import { operations, operationsColumns, operationsFileName, operationsValueFilters } from '../../src/schema/operations';
import { FORMULA_TRIGGERS, spreadsheetText, startsLikeFormula } from '../../src/domain/spreadsheetText';
import { contentDisposition } from '../../server/documents/attachment';

describe('the office date of an export', () => {
  it.each([
    ['2025-03-10T03:30:00Z', '2025-03-09'], // 22:30 EST the evening before
    ['2025-03-10T05:00:00Z', '2025-03-10'], // midnight EST
    ['2025-07-04T03:59:59Z', '2025-07-03'], // 23:59:59 EDT
    ['2025-07-04T04:00:00Z', '2025-07-04'],
    ['2025-12-31T23:00:00Z', '2025-12-31'],
    ['2026-01-01T05:00:00Z', '2026-01-01'],
  ])('%s is %s in the office', (instant, date) => {
    expect(officeDate(new Date(instant))).toBe(date);
  });

  it('names the operations file after it', () => {
    expect(operationsFileName(officeDate(new Date('2025-03-10T03:30:00Z')))).toBe('operations--2025-03-09.xlsx');
    expect(calendarDateIn('UTC', new Date('2025-03-10T03:30:00Z'))).toBe('2025-03-10');
  });
});

describe('the spreadsheet formula guard', () => {
  it('prefixes CSV text that starts with = + - @ tab or CR, and nothing else', () => {
    for (const trigger of ['=', '+', '-', '@', '\t', '\r']) {
      expect(spreadsheetText(`${trigger}1+1`, 'csv')).toBe(`'${trigger}1+1`);
    }
    for (const safe of ['Acme', ' =1', "'=1", '1-2', 'a=b', '', '\n=1']) expect(spreadsheetText(safe, 'csv')).toBe(safe);
    expect(spreadsheetText(null, 'csv')).toBe('');
    expect(spreadsheetText(undefined, 'xlsx')).toBe('');
    expect(spreadsheetText(-5, 'csv')).toBe("'-5");
  });

  it('keeps XLSX text exactly (typed string cells are never evaluated)', () => {
    fc.assert(fc.property(fc.string(), (text) => spreadsheetText(text, 'xlsx') === text));
  });

  it('never leaves a CSV cell starting like a formula, and only ever adds one apostrophe', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const safe = spreadsheetText(text, 'csv');
        return !startsLikeFormula(safe) && (safe === text || safe === `'${text}`);
      }),
    );
    expect(FORMULA_TRIGGERS).toHaveLength(6);
  });
});

describe('Content-Disposition of a download', () => {
  it('gives an ASCII name and the exact one', () => {
    expect(contentDisposition('contacts_export.csv')).toBe(
      `attachment; filename="contacts_export.csv"; filename*=UTF-8''contacts_export.csv`,
    );
    expect(contentDisposition('Café "Olé".pdf')).toBe(
      `attachment; filename="Caf_ _Ol__.pdf"; filename*=UTF-8''Caf%C3%A9%20%22Ol%C3%A9%22.pdf`,
    );
    expect(contentDisposition("O'Brien (2).pdf")).toBe(`attachment; filename="O'Brien (2).pdf"; filename*=UTF-8''O%27Brien%20%282%29.pdf`);
  });
});

describe('the operations declaration', () => {
  it('has the six sort keys of SPEC §9 and the five filters of the screen', () => {
    expect([...operations.sortKeys.keys()]).toEqual([
      'customer_name',
      'site_name',
      'site_address_1',
      'site_city',
      'site_state',
      'site_zip',
    ]);
    expect([...operations.filterKeys.keys()]).toEqual(['customer_name', 'site_city', 'site_state', 'site_zip', 'services']);
    expect(operationsValueFilters).toEqual(['customer_name', 'site_city', 'site_state', 'site_zip']);
    expect(operationsColumns.map((c) => c.label)).toEqual([
      'Customer Name',
      'Site Name',
      'Site Address',
      'Site City',
      'Site State',
      'Site Zip',
      'Site Services',
    ]);
    expect(operations.defaultSort).toEqual({ key: 'customer_name', direction: 'ASC' });
  });
});
