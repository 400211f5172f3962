import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, termMonths } from '../../src/domain/agreements';
import {
  type BillingAgreement,
  type BillingAgreementLine,
  billingDateLabel,
  billingLines,
  type BillingVisit,
} from '../../src/domain/billing';

const agreement = (overrides: Partial<BillingAgreement> = {}): BillingAgreement => ({
  id: 7,
  customerID: 3,
  customerName: 'Acme',
  number: 'A-0007',
  startDate: '2026-04-01',
  endDate: '2026-11-30',
  status: 'active',
  cancelledOn: null,
  ...overrides,
});

const line = (overrides: Partial<BillingAgreementLine>): BillingAgreementLine => ({
  id: 11,
  agreementID: 7,
  name: 'Maintenance contract',
  amount: 4800,
  taxCode: 'NJ',
  basis: 'installments',
  installments: null,
  visitPrice: null,
  ...overrides,
});

const visit = (overrides: Partial<BillingVisit> & Pick<BillingVisit, 'id' | 'date'>): BillingVisit => ({
  lineID: 11,
  status: 'done',
  actualHours: null,
  materials: null,
  ...overrides,
});

const settings = { laborRate: 55 };
const cents = (amount: number) => Math.round(amount * 100);

describe('billingLines', () => {
  it('bills the installment due in the month', () => {
    // 4,800.00 / 8 = 600.00; NJ 6.625 % of 600.00 = 39.75
    expect(billingLines('2026-06', [agreement()], [line({})], [], settings)).toEqual([
      {
        id: 'installment-11-3',
        customerID: 3,
        agreementID: 7,
        lineID: 11,
        date: '2026-06-01',
        description: 'Maintenance contract — installment 3 of 8',
        quantity: 1,
        rate: 600,
        amount: 600,
        tax: 39.75,
        source: 'installment',
      },
    ]);
  });

  it('puts the remainder on the last installment', () => {
    // 1,000.00 in 3: 333.33, 333.33, 333.34; PA 6 % of 333.34 = 20.0004 → 20.00
    const lines = [line({ amount: 1000, installments: 3, taxCode: 'PA' })];
    const june = billingLines('2026-06', [agreement()], lines, [], settings);
    expect(june.map((l) => [l.id, l.amount, l.tax])).toEqual([['installment-11-3', 333.34, 20]]);
    expect(billingLines('2026-07', [agreement()], lines, [], settings)).toEqual([]);
  });

  it('stops installments after a cancelled agreement’s cancellation date', () => {
    const cancelled = agreement({ status: 'cancelled', cancelledOn: '2026-06-15' });
    expect(billingLines('2026-06', [cancelled], [line({})], [], settings)).toHaveLength(1);
    expect(billingLines('2026-07', [cancelled], [line({})], [], settings)).toEqual([]);
    const onTheDay = agreement({ status: 'cancelled', cancelledOn: '2026-07-01' });
    expect(billingLines('2026-07', [onTheDay], [line({})], [], settings)).toHaveLength(1);
  });

  it('bills each visit done in the month at the visit price', () => {
    // Phila 8 % of 45.50 = 3.64
    const mowing = line({ name: 'Mowing', basis: 'perVisit', visitPrice: 45.5, taxCode: 'Phila' });
    const visits = [
      visit({ id: 101, date: '2026-04-08' }),
      visit({ id: 102, date: '2026-04-15', status: 'skipped' }),
      visit({ id: 103, date: '2026-04-22', status: 'planned' }),
      visit({ id: 104, date: '2026-05-06' }),
    ];
    expect(billingLines('2026-04', [agreement()], [mowing], visits, settings)).toEqual([
      {
        id: 'visit-101',
        customerID: 3,
        agreementID: 7,
        lineID: 11,
        date: '2026-04-08',
        description: 'Mowing — visit Apr 8, 2026',
        quantity: 1,
        rate: 45.5,
        amount: 45.5,
        tax: 3.64,
        source: 'visit',
      },
    ]);
  });

  it('bills a once line when every visit not skipped is done, dated the last', () => {
    const cleanup = line({ name: 'Spring Cleanup', basis: 'once', amount: 850, taxCode: 'EXEMPT' });
    const visits = [
      visit({ id: 201, date: '2026-04-10' }),
      visit({ id: 202, date: '2026-04-20', status: 'skipped' }),
      visit({ id: 203, date: '2026-05-02' }),
    ];
    expect(billingLines('2026-04', [agreement()], [cleanup], visits, settings)).toEqual([]);
    expect(billingLines('2026-05', [agreement()], [cleanup], visits, settings)).toEqual([
      {
        id: 'once-11',
        customerID: 3,
        agreementID: 7,
        lineID: 11,
        date: '2026-05-02',
        description: 'Spring Cleanup — completed May 2, 2026',
        quantity: 1,
        rate: 850,
        amount: 850,
        tax: 0,
        source: 'visit',
      },
    ]);
    const unfinished = [...visits, visit({ id: 204, date: '2026-05-20', status: 'planned' })];
    expect(billingLines('2026-05', [agreement()], [cleanup], unfinished, settings)).toEqual([]);
    const allSkipped = [visit({ id: 205, date: '2026-05-20', status: 'skipped' })];
    expect(billingLines('2026-05', [agreement()], [cleanup], allSkipped, settings)).toEqual([]);
  });

  it('bills time and materials per visit done', () => {
    // labour 3.25 h × 55.00 = 178.75, NJ tax 11.8421875 → 11.84; materials 62.10, tax 4.1141… → 4.11
    const repairs = line({ name: 'Irrigation repairs', basis: 'timeAndMaterials' });
    const visits = [
      visit({ id: 301, date: '2026-04-09', actualHours: 3.25, materials: 62.1 }),
      visit({ id: 302, date: '2026-04-16', actualHours: 1 }),
    ];
    const result = billingLines('2026-04', [agreement()], [repairs], visits, settings);
    expect(result.map((l) => [l.id, l.quantity, l.rate, l.amount, l.tax, l.source])).toEqual([
      ['labor-301', 3.25, 55, 178.75, 11.84, 'timeAndMaterials'],
      ['materials-301', 1, 62.1, 62.1, 4.11, 'timeAndMaterials'],
      ['labor-302', 1, 55, 55, 3.64, 'timeAndMaterials'],
    ]);
    expect(result[0].description).toBe('Irrigation repairs — labor, visit Apr 9, 2026');
  });

  it('bills nothing for per event lines', () => {
    const plowing = line({ basis: 'perEvent' });
    expect(billingLines('2026-04', [agreement()], [plowing], [visit({ id: 401, date: '2026-04-02' })], settings)).toEqual([]);
  });

  it('sorts by date, customer, agreement, line and id', () => {
    const agreements = [agreement(), agreement({ id: 8, customerID: 2, number: 'A-0008' })];
    const lines = [line({}), line({ id: 12, agreementID: 8 }), line({ id: 13, agreementID: 7, basis: 'perVisit', visitPrice: 40 })];
    const visits = [visit({ id: 501, lineID: 13, date: '2026-04-01' })];
    expect(billingLines('2026-04', agreements, lines, visits, settings).map((l) => l.id)).toEqual([
      'installment-12-1',
      'installment-11-1',
      'visit-501',
    ]);
  });

  it('formats dates for descriptions', () => {
    expect(billingDateLabel('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('bills a line’s amount exactly once over the term’s months', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 1, max: 8 }), (amountCents, count) => {
        const lines = [line({ amount: amountCents / 100, installments: count })];
        const months = Array.from({ length: termMonths('2026-04-01', '2026-11-30') }, (_, i) => addMonths('2026-04-01', i).slice(0, 7));
        const billed = months.flatMap((month) => billingLines(month, [agreement()], lines, [], settings));
        expect(billed).toHaveLength(count);
        expect(billed.reduce((total, l) => total + cents(l.amount), 0)).toBe(amountCents);
      }),
    );
  });
});
