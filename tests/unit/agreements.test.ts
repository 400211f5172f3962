import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  agreementMessages,
  basisError,
  BILLING_BASES,
  BILLING_BASIS_LABELS,
  defaultBasis,
  defaultVisitPrice,
  installmentsError,
  jobCosting,
  renewalPercentForTarget,
  seasonCategory,
  seasonTerm,
  termError,
  termMonths,
} from '../../src/domain/agreements';
import { addDays } from '../../src/domain/officeDate';
import { RENEWAL_PERCENT_MAX } from '../../src/domain/renewal';

describe('addMonths', () => {
  it('clamps to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-04-01', 12)).toBe('2027-04-01');
  });
});

describe('termMonths', () => {
  it('counts the monthly dates inside the term', () => {
    expect(termMonths('2026-04-01', '2026-11-30')).toBe(8);
    expect(termMonths('2026-11-01', '2027-04-15')).toBe(6);
    expect(termMonths('2026-04-01', '2026-04-01')).toBe(1);
    expect(termMonths('2026-01-31', '2026-02-27')).toBe(1);
    expect(termMonths('2026-01-31', '2026-02-28')).toBe(2);
    expect(termMonths('2026-04-01', '2027-03-31')).toBe(12);
  });
});

describe('termError', () => {
  it('accepts a season and up to 12 months', () => {
    expect(termError('2026-04-01', '2026-11-30')).toBeNull();
    expect(termError('2026-04-01', '2027-03-31')).toBeNull();
  });

  it('refuses bad dates, an end not after the start and more than 12 months', () => {
    expect(termError('2026-02-30', '2026-11-30')).toBe(agreementMessages.startDateInvalid);
    expect(termError('2026-04-01', 'soon')).toBe(agreementMessages.endDateInvalid);
    expect(termError('2026-04-01', '2026-04-01')).toBe(agreementMessages.endBeforeStart);
    expect(termError('2026-04-01', '2026-03-01')).toBe(agreementMessages.endBeforeStart);
    expect(termError('2026-04-01', '2027-04-01')).toBe(agreementMessages.termTooLong);
    expect(termError('2026-01-31', '2027-01-31')).toBe(agreementMessages.termTooLong);
    expect(termError('2026-01-31', '2027-01-30')).toBeNull();
  });

  it('any accepted term has at most 12 months', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 400 }), (offset, length) => {
        const start = addDays('2026-01-01', offset);
        const end = addDays(start, length);
        if (termError(start, end) === null) expect(termMonths(start, end)).toBeLessThanOrEqual(12);
      }),
    );
  });
});

describe('seasonTerm', () => {
  it('LM: the next season before April, from today mid-season, next year after November', () => {
    expect(seasonTerm('LM', '2026-01-15')).toEqual({ startDate: '2026-04-01', endDate: '2026-11-30' });
    expect(seasonTerm('LM', '2026-04-01')).toEqual({ startDate: '2026-04-01', endDate: '2026-11-30' });
    expect(seasonTerm('LM', '2026-06-10')).toEqual({ startDate: '2026-06-10', endDate: '2026-11-30' });
    expect(seasonTerm('LM', '2026-10-31')).toEqual({ startDate: '2026-10-31', endDate: '2026-11-30' });
    // Signed in the season's last 30 days: next season's contract.
    expect(seasonTerm('LM', '2026-11-01')).toEqual({ startDate: '2027-04-01', endDate: '2027-11-30' });
    expect(seasonTerm('LM', '2026-11-29')).toEqual({ startDate: '2027-04-01', endDate: '2027-11-30' });
    expect(seasonTerm('LM', '2026-11-30')).toEqual({ startDate: '2027-04-01', endDate: '2027-11-30' });
    expect(seasonTerm('LM', '2026-12-01')).toEqual({ startDate: '2027-04-01', endDate: '2027-11-30' });
  });

  it('SNOW: November to April 15 of the next year', () => {
    expect(seasonTerm('SNOW', '2026-09-01')).toEqual({ startDate: '2026-11-01', endDate: '2027-04-15' });
    expect(seasonTerm('SNOW', '2026-12-20')).toEqual({ startDate: '2026-12-20', endDate: '2027-04-15' });
    expect(seasonTerm('SNOW', '2027-02-01')).toEqual({ startDate: '2027-02-01', endDate: '2027-04-15' });
    expect(seasonTerm('SNOW', '2027-04-16')).toEqual({ startDate: '2027-11-01', endDate: '2028-04-15' });
  });

  it('always gives a valid term starting on or after today', () => {
    fc.assert(
      fc.property(fc.constantFrom('LM' as const, 'SNOW' as const), fc.integer({ min: 0, max: 2000 }), (category, offset) => {
        const today = addDays('2025-01-01', offset);
        const term = seasonTerm(category, today);
        expect(term.startDate >= today).toBe(true);
        expect(termError(term.startDate, term.endDate)).toBeNull();
      }),
    );
  });
});

describe('defaultBasis and seasonCategory', () => {
  it('picks per visit, once or installments by the area name', () => {
    expect(defaultBasis('Weekly Mowing', 'LM')).toBe('perVisit');
    expect(defaultBasis('EDGING', 'LM')).toBe('perVisit');
    expect(defaultBasis('Spring Cleanup', 'LM')).toBe('once');
    expect(defaultBasis('Fall clean-up', 'LM')).toBe('once');
    expect(defaultBasis('Mulching beds', 'LM')).toBe('once');
    expect(defaultBasis('Lawn Aeration', 'LM')).toBe('once');
    expect(defaultBasis('Shrub pruning', 'LM')).toBe('once');
    expect(defaultBasis('Paver install', 'LM')).toBe('once');
    expect(defaultBasis('Maintenance contract', 'LM')).toBe('installments');
    expect(defaultBasis('Mowing', 'SNOW')).toBe('installments');
    expect(defaultBasis('Lawnmower storage', 'LM')).toBe('installments'); // whole words only
  });

  it('SNOW when most areas are snow areas', () => {
    expect(seasonCategory(['Driveway Plowing', 'Sidewalk salting', 'Mowing'], [])).toBe('SNOW');
    expect(seasonCategory(['Lot A', 'Lot B'], [' lot a ', 'Lot B'])).toBe('SNOW');
    expect(seasonCategory(['Mowing', 'Snow removal'], [])).toBe('LM');
    expect(seasonCategory([], [])).toBe('LM');
  });
});

describe('line checks', () => {
  it('divides the amount by the planned visits to the cent', () => {
    expect(defaultVisitPrice(1000, 3)).toBe(333.33);
    expect(defaultVisitPrice(100.05, 2)).toBe(50.03);
    expect(defaultVisitPrice(1000, null)).toBe(1000);
    expect(defaultVisitPrice(1000, 0)).toBe(1000);
  });

  it('refuses per event, and any change once billed', () => {
    const plain = { billed: false, current: 'once', snowSheet: false } as const;
    expect(basisError('perEvent', plain)).toBe(agreementMessages.perEventRefused);
    expect(basisError('perVisit', { ...plain, billed: true })).toBe(agreementMessages.lineBilled);
    expect(basisError('once', { ...plain, billed: true })).toBeNull();
    expect(basisError('installments', plain)).toBeNull();
    expect(basisError('weekly', plain)).toBe(agreementMessages.basisInvalid);
    expect(basisError('perEvent', { ...plain, current: 'perEvent', snowSheet: true })).toBeNull();
    expect(basisError('installments', { ...plain, current: 'perEvent', snowSheet: true })).toBe(agreementMessages.snowLineIsPerEvent);
    expect(BILLING_BASES.every((basis) => BILLING_BASIS_LABELS[basis].length > 0)).toBe(true);
  });

  it('installments from 1 to the term months', () => {
    expect(installmentsError(8, '2026-04-01', '2026-11-30')).toBeNull();
    expect(installmentsError(9, '2026-04-01', '2026-11-30')).toBe('Installments must be a whole number from 1 to 8.');
    expect(installmentsError(0, '2026-04-01', '2026-11-30')).toBe(agreementMessages.installmentsRange(8));
    expect(installmentsError(2.5, '2026-04-01', '2026-11-30')).toBe(agreementMessages.installmentsRange(8));
  });
});

describe('job costing', () => {
  const costing = { laborRate: 30, overheadPerHour: 15, targetMarginPercent: 35 };

  it('reports hours against the plan and the margin so far', () => {
    // cost 120 h × 45 + 500 = 5,900.00; margin (8,000 − 5,900) / 8,000 = 26.25 % → 26.3
    expect(jobCosting({ plannedHours: 100, actualHours: 120, revenueEarned: 8000, materialCost: 500, costing })).toEqual({
      plannedHours: 100,
      actualHours: 120,
      hoursVariance: 20,
      overBudget: true,
      costSoFar: 5900,
      marginSoFarPercent: 26.3,
    });
    expect(jobCosting({ plannedHours: 10, actualHours: 0, revenueEarned: 0, materialCost: 0, costing }).marginSoFarPercent).toBeNull();
  });

  it('asks for the percent that restores the target margin', () => {
    // cost 200 h × 45 + 1,000 = 10,000; needed 10,000 / 0.65 = 15,384.615…; 15,384.615 / 12,000 = 1.28205… → 28.21 %
    expect(renewalPercentForTarget({ contractValue: 12000, plannedHours: 150, actualHoursSeason: 200, materialCost: 1000, costing })).toBe(
      28.21,
    );
    // already above the target: no change
    expect(renewalPercentForTarget({ contractValue: 30000, plannedHours: 150, actualHoursSeason: 200, materialCost: 1000, costing })).toBe(
      0,
    );
    // exactly the target: 6,500 / 0.65 = 10,000
    expect(renewalPercentForTarget({ contractValue: 10000, plannedHours: 100, actualHoursSeason: 100, materialCost: 2000, costing })).toBe(
      0,
    );
    expect(renewalPercentForTarget({ contractValue: 100, plannedHours: 1, actualHoursSeason: 1000, materialCost: 0, costing })).toBe(
      RENEWAL_PERCENT_MAX,
    );
    expect(renewalPercentForTarget({ contractValue: 0, plannedHours: 1, actualHoursSeason: 1, materialCost: 0, costing })).toBe(
      RENEWAL_PERCENT_MAX,
    );
  });

  it('the renewed contract reaches the target margin', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_00, max: 1_000_000_00 }), fc.integer({ min: 0, max: 5000 }), (contractCents, hours) => {
        const contractValue = contractCents / 100;
        const input = { contractValue, plannedHours: hours, actualHoursSeason: hours, materialCost: 0, costing };
        const percent = renewalPercentForTarget(input);
        const renewed = contractValue * (1 + percent / 100);
        const cost = hours * 45;
        if (percent > 0 && percent < RENEWAL_PERCENT_MAX) expect((renewed - cost) / renewed).toBeGreaterThanOrEqual(0.35 - 1e-9);
      }),
    );
  });
});
