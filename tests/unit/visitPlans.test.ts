import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreementMessages } from '../../src/domain/agreements';
import { addDays, daysBetween } from '../../src/domain/officeDate';
import { expandVisitPlan, moveVisitPlan, parseVisitPlan, planSummary, visitPlanText } from '../../src/domain/visitPlans';

const season = { startDate: '2026-04-01', endDate: '2026-11-30' };
const NEW_YORK = 'America/New_York';

const everyDay = (from: string, to: string) => Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));

function rule(text: string, term = season): string {
  const parsed = parseVisitPlan(text, term);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.rrule;
}

describe('visitPlanText', () => {
  it('writes the normalised text of a weekly plan with skipped dates', () => {
    expect(visitPlanText({ kind: 'weekly', skipped: ['2026-04-15', '2026-04-08'] }, season)).toBe(
      'DTSTART;VALUE=DATE:20260401\nRRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20261130\nEXDATE;VALUE=DATE:20260408,20260415',
    );
    expect(visitPlanText({ kind: 'biweekly', startDate: '2026-04-06' }, season)).toBe(
      'DTSTART;VALUE=DATE:20260406\nRRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20261130',
    );
    expect(visitPlanText({ kind: 'monthly' }, season)).toBe('DTSTART;VALUE=DATE:20260401\nRRULE:FREQ=MONTHLY;INTERVAL=1;UNTIL=20261130');
    expect(visitPlanText({ kind: 'once', date: '2026-05-04' }, season)).toBe(
      'DTSTART;VALUE=DATE:20260504\nRRULE:FREQ=DAILY;INTERVAL=1;COUNT=1',
    );
  });

  it('spreads N visits evenly over the term', () => {
    // 244 days / 12 visits = every 20 days
    const text = visitPlanText({ kind: 'spread', visits: 12 }, season);
    expect(text).toBe('DTSTART;VALUE=DATE:20260401\nRRULE:FREQ=DAILY;INTERVAL=20;COUNT=12');
    const dates = expandVisitPlan(text, NEW_YORK, season);
    expect(dates).toHaveLength(12);
    expect(dates[1]).toBe('2026-04-21');
    // 244 / 2 = 122 days is past INTERVAL's 52: every 17 weeks instead
    expect(expandVisitPlan(visitPlanText({ kind: 'spread', visits: 2 }, season), NEW_YORK, season)).toEqual(['2026-04-01', '2026-07-29']);
  });

  it('writes text that parseVisitPlan keeps as it is', () => {
    for (const plan of [
      { kind: 'weekly' as const, skipped: ['2026-05-06', '2027-01-06'] },
      { kind: 'spread' as const, visits: 30 },
      { kind: 'once' as const, date: '2026-06-01' },
    ]) {
      const text = visitPlanText(plan, season);
      expect(parseVisitPlan(text, season)).toEqual({ rrule: text });
    }
  });
});

describe('parseVisitPlan', () => {
  it('accepts a bare rule and fills DTSTART and UNTIL from the term', () => {
    expect(parseVisitPlan('FREQ=WEEKLY;BYDAY=MO', season)).toEqual({
      rrule: 'DTSTART;VALUE=DATE:20260401\nRRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;UNTIL=20261130',
    });
  });

  it('keeps BYxxx parts in order, each value once', () => {
    expect(parseVisitPlan('FREQ=MONTHLY;BYDAY=-1FR,-1FR;BYMONTH=6,5,6', season)).toEqual({
      rrule: 'DTSTART;VALUE=DATE:20260401\nRRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTH=6,5;BYDAY=-1FR;UNTIL=20261130',
    });
  });

  it('reads DATE-TIME forms, CRLF, lower case and clips UNTIL to the term', () => {
    const text =
      'DTSTART;TZID=America/New_York:20260406T090000\r\nrrule:freq=weekly;interval=2;until=20271231T235959Z\r\nEXDATE:20260420T090000Z,20250101\r\n';
    expect(parseVisitPlan(text, season)).toEqual({
      rrule: 'DTSTART;VALUE=DATE:20260406\nRRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20261130\nEXDATE;VALUE=DATE:20260420',
    });
  });

  it('refuses hostile text with a message, never a throw', () => {
    const refusals: [unknown, string][] = [
      ['FREQ=HOURLY', agreementMessages.planFrequency],
      ['FREQ=SECONDLY;COUNT=100000', agreementMessages.planFrequency],
      ['FREQ=WEEKLY;INTERVAL=0', agreementMessages.planInterval],
      ['FREQ=WEEKLY;INTERVAL=53', agreementMessages.planInterval],
      ['FREQ=DAILY;COUNT=367', agreementMessages.planCount],
      ['FREQ=DAILY;COUNT=0', agreementMessages.planCount],
      ['FREQ=DAILY;COUNT=5;UNTIL=20260601', agreementMessages.planCountAndUntil],
      ['FREQ=WEEKLY;BYHOUR=9', agreementMessages.planUnknownPart('BYHOUR')],
      ['FREQ=WEEKLY;X-NAME=1', agreementMessages.planUnknownPart('X-NAME')],
      ['FREQ=WEEKLY;BYDAY=XX', agreementMessages.planUnknownPart('BYDAY=XX')],
      ['FREQ=WEEKLY;FREQ=DAILY', agreementMessages.planUnreadable],
      ['FREQ=WEEKLY;BYDAY=2MO', agreementMessages.planUnknownPart('BYDAY=2MO')],
      ['DTSTART:20250101\nRRULE:FREQ=WEEKLY', agreementMessages.planStartOutsideTerm],
      ['DTSTART:20261201\nRRULE:FREQ=WEEKLY', agreementMessages.planStartOutsideTerm],
      ['DTSTART:20260231\nRRULE:FREQ=WEEKLY', agreementMessages.planDate('DTSTART')],
      ['FREQ=WEEKLY;UNTIL=tomorrow', agreementMessages.planDate('UNTIL')],
      ['FREQ=WEEKLY\nEXDATE:2026-04-08', agreementMessages.planDate('EXDATE')],
      ['FREQ=WEEKLY\u0000', agreementMessages.planControlCharacters],
      ['FREQ=WEEKLY;\tBYDAY=MO', agreementMessages.planControlCharacters],
      [`FREQ=WEEKLY;${'BYDAY=MO,'.repeat(300)}`, agreementMessages.planTooLong],
      ['', agreementMessages.planUnreadable],
      ['DTSTART:20260401', agreementMessages.planUnreadable],
      ['FREQ=WEEKLY\nFREQ=DAILY', agreementMessages.planUnreadable],
      ['hello', agreementMessages.planUnreadable],
      [42, agreementMessages.planUnreadable],
      ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=3', agreementMessages.planNoVisits],
      ['DTSTART:20260410\nRRULE:FREQ=WEEKLY;UNTIL=20260405', agreementMessages.planNoVisits],
    ];
    for (const [text, error] of refusals) expect(parseVisitPlan(text, season), String(text)).toEqual({ error });
  });

  it('never throws on arbitrary text', () => {
    const piece = fc.constantFrom(
      'FREQ=',
      'DAILY',
      'WEEKLY',
      'YEARLY',
      ';',
      '=',
      ',',
      'COUNT=',
      'INTERVAL=',
      'BYDAY=',
      'MO',
      '\n',
      '\r\n',
      'DTSTART:',
      'EXDATE:',
      'RRULE:',
      '20260401',
      'T120000Z',
      '366',
      '1',
      '-1',
      'BYMONTHDAY=',
      'BYMONTH=',
      'UNTIL=',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.array(piece, { maxLength: 20 }).map((parts) => parts.join('')),
        ),
        (text) => {
          const result = parseVisitPlan(text, season);
          if ('rrule' in result) expect(expandVisitPlan(result.rrule, NEW_YORK, season).length).toBeGreaterThan(0);
          else expect(result.error.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('expandVisitPlan', () => {
  it('is deterministic and leaves out skipped dates', () => {
    const text = visitPlanText({ kind: 'weekly', skipped: ['2026-04-08'] }, season);
    const dates = expandVisitPlan(text, NEW_YORK, season);
    expect(dates.slice(0, 3)).toEqual(['2026-04-01', '2026-04-15', '2026-04-22']);
    expect(dates.at(-1)).toBe('2026-11-25');
    expect(dates).toHaveLength(34);
    expect(expandVisitPlan(text, NEW_YORK, season)).toEqual(dates);
  });

  it('keeps every date across New York’s DST changes', () => {
    const term = { startDate: '2026-03-01', endDate: '2026-11-30' };
    const dates = expandVisitPlan(rule('FREQ=DAILY', term), NEW_YORK, term);
    expect(dates).toEqual(everyDay('2026-03-01', '2026-11-30'));
    const weekly = expandVisitPlan(rule('DTSTART:20260301\nRRULE:FREQ=WEEKLY', term), NEW_YORK, term);
    expect(weekly).toContain('2026-03-08');
    expect(weekly).toContain('2026-11-01');
  });

  it('keeps every date in zones with a midnight gap or a 30-minute change', () => {
    const term = { startDate: '2026-08-25', endDate: '2026-10-15' };
    const daily = rule('FREQ=DAILY', term);
    expect(expandVisitPlan(daily, 'America/Santiago', term)).toEqual(everyDay('2026-08-25', '2026-10-15'));
    expect(expandVisitPlan(daily, 'Australia/Lord_Howe', term)).toEqual(everyDay('2026-08-25', '2026-10-15'));
    const april = { startDate: '2026-03-20', endDate: '2026-04-20' };
    expect(expandVisitPlan(rule('FREQ=DAILY', april), 'America/Santiago', april)).toEqual(everyDay('2026-03-20', '2026-04-20'));
    expect(expandVisitPlan(rule('FREQ=DAILY', april), 'Australia/Lord_Howe', april)).toEqual(everyDay('2026-03-20', '2026-04-20'));
  });

  it('follows RFC 5545 in leap years and short months', () => {
    const term = { startDate: '2028-01-01', endDate: '2028-12-31' };
    expect(expandVisitPlan(rule('DTSTART:20280229\nRRULE:FREQ=YEARLY', term), NEW_YORK, term)).toEqual(['2028-02-29']);
    expect(expandVisitPlan(rule('DTSTART:20280229\nRRULE:FREQ=MONTHLY;COUNT=3', term), NEW_YORK, term)).toEqual([
      '2028-02-29',
      '2028-03-29',
      '2028-04-29',
    ]);
    expect(expandVisitPlan(rule('DTSTART:20280131\nRRULE:FREQ=MONTHLY', term), NEW_YORK, term)).toEqual([
      '2028-01-31',
      '2028-03-31',
      '2028-05-31',
      '2028-07-31',
      '2028-08-31',
      '2028-10-31',
      '2028-12-31',
    ]);
  });

  it('gives sorted, unique dates inside the term, at most 366', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'),
        fc.integer({ min: 1, max: 52 }),
        fc.option(fc.integer({ min: 1, max: 366 })),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 364 }),
        fc.constantFrom(NEW_YORK, 'America/Santiago', 'Australia/Lord_Howe', 'Pacific/Auckland', 'UTC'),
        (freq, interval, count, offset, length, zone) => {
          const term = { startDate: addDays('2026-01-01', offset), endDate: addDays('2026-01-01', offset + length) };
          const parsed = parseVisitPlan(`FREQ=${freq};INTERVAL=${interval}${count === null ? '' : `;COUNT=${count}`}`, term);
          if ('error' in parsed) return;
          const dates = expandVisitPlan(parsed.rrule, zone, term);
          expect(dates.length).toBeLessThanOrEqual(366);
          expect(dates[0]).toBe(term.startDate);
          dates.forEach((date, i) => {
            expect(date >= term.startDate && date <= term.endDate).toBe(true);
            if (i > 0) expect(date > dates[i - 1]).toBe(true);
          });
          if (freq === 'DAILY') expect(dates).toEqual(expandVisitPlan(parsed.rrule, 'UTC', term));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('planSummary', () => {
  it('names a plan for the screen', () => {
    expect(planSummary(visitPlanText({ kind: 'weekly' }, season))).toBe('Weekly');
    expect(planSummary(visitPlanText({ kind: 'biweekly' }, season))).toBe('Every 2 weeks');
    expect(planSummary(visitPlanText({ kind: 'monthly' }, season))).toBe('Monthly');
    expect(planSummary(visitPlanText({ kind: 'spread', visits: 12 }, season))).toBe('12 visits');
    expect(planSummary(visitPlanText({ kind: 'once', date: '2026-05-01' }, season))).toBe('Once');
    expect(planSummary('FREQ=DAILY;INTERVAL=3')).toBe('Every 3 days');
    expect(planSummary('nonsense')).toBe('Custom');
  });
});

describe('moveVisitPlan', () => {
  const spring = { startDate: '2027-04-01', endDate: '2027-11-30' };
  const now = { startDate: '2026-11-29', endDate: '2027-05-28' };

  it('starts and ends a plan of the old term with the new one', () => {
    const weekly = visitPlanText({ kind: 'weekly' }, spring);
    expect(moveVisitPlan(weekly, spring, now)).toBe(visitPlanText({ kind: 'weekly' }, now));
  });

  it('spreads the same number of visits over the new term', () => {
    const spread = visitPlanText({ kind: 'spread', visits: 10 }, spring);
    const moved = moveVisitPlan(spread, spring, now);
    expect(moved).toBe(visitPlanText({ kind: 'spread', visits: 10 }, now));
    expect(expandVisitPlan(moved, 'America/New_York', now)).toHaveLength(10);
  });

  it('keeps a start still inside the new term, and drops skipped dates outside it', () => {
    const plan = visitPlanText({ kind: 'monthly', startDate: '2027-05-03', skipped: ['2027-07-03', '2027-05-03'] }, spring);
    const moved = moveVisitPlan(plan, spring, { startDate: '2027-03-01', endDate: '2027-06-30' });
    expect(expandVisitPlan(moved, 'America/New_York', { startDate: '2027-03-01', endDate: '2027-06-30' })).toEqual(['2027-06-03']);
  });

  it('leaves text it cannot read as it was', () => {
    expect(moveVisitPlan('nonsense', spring, now)).toBe('nonsense');
  });
});
