import { describe, expect, it } from 'vitest';
import {
  DEFAULT_APPROVAL,
  DEFAULT_PRINT_TYPE,
  PRINT_TYPES,
  asksForApproval,
  isProposalType,
  printFileName,
  printTypeLabel,
  showsAreaPrices,
  showsPrices,
  takesTerms,
} from '../../src/domain/printing';
import { crewHoursByArea, totalsByItem } from '../../src/domain/materials';
import { formatQuantity, formatSize, round3 } from '../../src/domain/quantities';
import { LOGO_MAX_BYTES, logoMessages, logoProblem, sniffLogoType } from '../../src/domain/companyLogo';

describe('print types (SPEC §4 Printing, §9 Defaults)', () => {
  it('are the four of the spec with their labels; TOTAL_PRICE_ONLY and approval Yes by default', () => {
    expect(PRINT_TYPES.map((t) => [t.id, t.name])).toEqual([
      ['TOTAL_PRICE_ONLY', 'Total Price Only'],
      ['WORK_AREA_PRICE_ONLY', 'Work Area Prices Only'],
      ['WORK_AREA_ONLY', 'Work Areas Only, No Prices'],
      ['MATERIALS', 'Materials'],
    ]);
    expect(DEFAULT_PRINT_TYPE).toBe('TOTAL_PRICE_ONLY');
    expect(DEFAULT_APPROVAL).toBe(true);
    expect(printTypeLabel('WORK_AREA_ONLY')).toBe('Work Areas Only, No Prices');
  });

  it('ask for approval only for WORK_AREA_PRICE_ONLY, and take terms except MATERIALS', () => {
    expect(PRINT_TYPES.filter((t) => asksForApproval(t.id)).map((t) => t.id)).toEqual(['WORK_AREA_PRICE_ONLY']);
    expect(PRINT_TYPES.filter((t) => !takesTerms(t.id)).map((t) => t.id)).toEqual(['MATERIALS']);
    expect(isProposalType('MATERIALS')).toBe(false);
    expect(isProposalType('total_price_only')).toBe(false);
    expect([showsPrices('TOTAL_PRICE_ONLY'), showsPrices('WORK_AREA_PRICE_ONLY'), showsPrices('WORK_AREA_ONLY')]).toEqual([
      true,
      true,
      false,
    ]);
    expect([showsAreaPrices('TOTAL_PRICE_ONLY'), showsAreaPrices('WORK_AREA_PRICE_ONLY')]).toEqual([false, true]);
  });

  it('name their files after the estimate number', () => {
    expect(printFileName('WORK_AREA_ONLY', 1042)).toBe('Proposal-1042.pdf');
    expect(printFileName('MATERIALS', 1042)).toBe('Materials-1042.pdf');
    expect(printFileName('TOTAL_PRICE_ONLY', undefined)).toBe('Proposal-estimate.pdf');
  });
});

describe('materials totals by item and units', () => {
  it('adds the same item in the same units across areas, whatever the case and spacing; keeps different units apart', () => {
    expect(
      totalsByItem([
        { name: 'Hardwood mulch', units: 'yd³', quantity: 12 },
        { name: 'Shrub pruning', units: 'each', quantity: 40 },
        { name: ' hardwood  MULCH ', units: 'YD³', quantity: 3.5 },
        { name: 'Hardwood mulch', units: 'bag', quantity: 10 },
        { name: 'Rock salt (bulk)', units: null, quantity: 0.1 },
        { name: 'Rock salt (bulk)', units: '', quantity: 0.2 },
      ]),
    ).toEqual([
      { name: 'Hardwood mulch', units: 'bag', quantity: 10, lines: 1 },
      { name: 'Hardwood mulch', units: 'yd³', quantity: 15.5, lines: 2 },
      { name: 'Rock salt (bulk)', units: '', quantity: 0.3, lines: 2 },
      { name: 'Shrub pruning', units: 'each', quantity: 40, lines: 1 },
    ]);
    expect(totalsByItem([])).toEqual([]);
  });

  it('adds lines of one catalogue item whatever they are called, named by the item; lines without one by name', () => {
    expect(
      totalsByItem([
        { name: 'Mulch, front beds', units: 'yd³', quantity: 12, itemID: 7, itemName: 'Hardwood mulch' },
        { name: 'Mulch for the lawn edge', units: 'yd³', quantity: 2.5, itemID: 7, itemName: 'Hardwood mulch' },
        { name: 'Hardwood mulch', units: 'yd³', quantity: 1 },
        { name: 'Dyed mulch', units: 'yd³', quantity: 3, itemID: 8, itemName: null },
      ]),
    ).toEqual([
      { name: 'Dyed mulch', units: 'yd³', quantity: 3, lines: 1 },
      { name: 'Hardwood mulch', units: 'yd³', quantity: 14.5, lines: 2 },
      { name: 'Hardwood mulch', units: 'yd³', quantity: 1, lines: 1 },
    ]);
    expect(
      crewHoursByArea([
        { name: 'Beds', items: [{ laborHours: 6 }, { laborHours: 0.25 }] },
        { name: 'Lawn', items: [] },
      ]),
    ).toEqual({
      areas: [
        { name: 'Beds', hours: 6.25 },
        { name: 'Lawn', hours: 0 },
      ],
      total: 6.25,
    });
  });

  it('rounds quantities to 3 decimals half away from zero, and formats them for the page', () => {
    expect(round3(0.1 + 0.2)).toBe(0.3);
    expect(round3(1.0005)).toBe(1.001);
    expect(round3(-1.0005)).toBe(-1.001);
    expect(formatQuantity(1250)).toBe('1,250');
    expect(formatQuantity(12.5)).toBe('12.5');
    expect(formatQuantity(0.1235)).toBe('0.124');
    expect(formatQuantity(null)).toBe('');
    expect(formatSize(20000)).toBe('20,000');
    expect(formatSize(0.25)).toBe('0.25');
    expect(formatSize(undefined)).toBe('');
  });
});

describe('company logo rules', () => {
  it('recognises PNG and JPEG by their first bytes only', () => {
    expect(sniffLogoType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffLogoType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffLogoType(new TextEncoder().encode('logo.png'))).toBeUndefined();
    expect(sniffLogoType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
    expect(sniffLogoType(new Uint8Array())).toBeUndefined();
  });

  it('at most 1 MB, checked before the type', () => {
    const jpeg = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set([0xff, 0xd8, 0xff]);
      return bytes;
    };
    expect(logoProblem(jpeg(LOGO_MAX_BYTES))).toBeUndefined();
    expect(logoProblem(jpeg(LOGO_MAX_BYTES + 1))).toBe(logoMessages.tooLarge);
    expect(logoProblem(new Uint8Array(LOGO_MAX_BYTES + 1))).toBe(logoMessages.tooLarge);
    expect(logoProblem(new TextEncoder().encode('hello'))).toBe(logoMessages.wrongType);
    expect(logoProblem(new Uint8Array())).toBe(logoMessages.missing);
  });
});
