/**
 * Agreements (seasonal service contracts): their term, each line's billing basis and the job
 * costing of a season. Pure: the server stores and the SPA shows what these compute.
 */
import { add, ceilCents, compare, div, type Exact, exactOrZero, mul, ONE, roundToNumber, sub, toNumber, ZERO } from './decimal';
import { addDays, isCalendarDate } from './officeDate';
import { type Costing, hourlyCost, marginPercent, targetMarginOf } from './profitability';
import { RENEWAL_PERCENT_MAX, RENEWAL_PERCENT_MIN } from './renewal';

export const AGREEMENT_STATUSES = ['active', 'ended', 'cancelled'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const BILLING_BASES = ['once', 'installments', 'perVisit', 'timeAndMaterials', 'perEvent'] as const;
export type BillingBasis = (typeof BILLING_BASES)[number];

export const BILLING_BASIS_LABELS: Record<BillingBasis, string> = {
  once: 'Once on completion',
  installments: 'Installments',
  perVisit: 'Per visit',
  timeAndMaterials: 'Time and materials',
  perEvent: 'Per event',
};

export const VISIT_STATUSES = ['planned', 'done', 'skipped'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export type SeasonCategory = 'LM' | 'SNOW';

export const AGREEMENT_MAX_TERM_MONTHS = 12;

/** Every user-facing message of the agreements feature. */
export const agreementMessages = {
  perEventRefused: 'Per event billing needs a snow price sheet: price the work area as snow on the estimate and sign it again.',
  snowLineIsPerEvent: 'A snow line is billed per event, by its price sheet.',
  basisInvalid: `Billing basis must be one of: ${BILLING_BASES.join(', ')}.`,
  lineBilled: 'This line has been billed; its schedule can no longer change.',
  termTooLong: `The term can be at most ${AGREEMENT_MAX_TERM_MONTHS} months.`,
  startDateInvalid: 'Start Date must be a date.',
  endDateInvalid: 'End Date must be a date.',
  endBeforeStart: 'End Date must be after Start Date.',
  installmentsRange: (max: number) => `Installments must be a whole number from 1 to ${max}.`,
  visitDoneTwice: 'This visit is already done.',
  visitOutsideTerm: "The visit date must be inside the agreement's term.",
  agreementNotActive: 'Only an active agreement can change.',
  planTooLong: 'The visit plan can be at most 2,000 characters.',
  planControlCharacters: 'The visit plan contains control characters.',
  planUnreadable: 'The visit plan is not a recurrence rule (RFC 5545 RRULE).',
  planFrequency: 'The visit plan repeats daily, weekly, monthly or yearly.',
  planUnknownPart: (part: string) => `The visit plan has a part that is not supported: ${part}.`,
  planInterval: 'INTERVAL must be a whole number from 1 to 52.',
  planCount: 'COUNT must be a whole number from 1 to 366.',
  planDate: (what: string) => `${what} is not a date.`,
  planCountAndUntil: 'A visit plan has COUNT or UNTIL, not both.',
  planStartOutsideTerm: "The visit plan must start inside the agreement's term.",
  planTooManyVisits: 'The visit plan can have at most 366 visits.',
  planNoVisits: "The visit plan has no visit inside the agreement's term.",
  visitPlanText: 'The visit plan must be text of at most 2,000 characters.',
  visitStatus: `Status must be one of: ${VISIT_STATUSES.join(', ')}.`,
  cancelledStays: 'A cancelled agreement stays cancelled: make a new one by signing again.',
  termBilled: 'The term can no longer change: some of this agreement was billed.',
  agreementCancelled: 'This agreement is cancelled: its lines no longer change.',
  visitBilled: 'This visit was billed: it can no longer change.',
} as const;

/** A calendar date `months` later (earlier when negative), clamped to the month's last day: Jan 31 + 1 month = Feb 28/29. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** How many monthly dates start, start + 1 month, … fall on or before endDate (Apr 1–Nov 30 → 8). */
export function termMonths(startDate: string, endDate: string): number {
  let months = 0;
  while (addMonths(startDate, months) <= endDate) months += 1;
  return months;
}

/** Why a term cannot be an agreement's (null when it can): real dates, end after start, at most 12 months. */
export function termError(startDate: unknown, endDate: unknown): string | null {
  if (!isCalendarDate(startDate)) return agreementMessages.startDateInvalid;
  if (!isCalendarDate(endDate)) return agreementMessages.endDateInvalid;
  if (endDate <= startDate) return agreementMessages.endBeforeStart;
  if (endDate > addDays(addMonths(startDate, AGREEMENT_MAX_TERM_MONTHS), -1)) return agreementMessages.termTooLong;
  return null;
}

/** The seasons: landscape maintenance April 1 – November 30, snow November 1 – April 15 of the next year. */
const SEASONS: Record<SeasonCategory, { start: string; end: string; endsNextYear: boolean }> = {
  LM: { start: '04-01', end: '11-30', endsNextYear: false },
  SNOW: { start: '11-01', end: '04-15', endsNextYear: true },
};

/** Signed with fewer days than this left in a season, the agreement is for the next one. */
export const SEASON_LATE_DAYS = 30;

/**
 * The term of an agreement signed `today`: the season containing today (from today to the
 * season's end), otherwise the next season to start after today. Signed in a season's last
 * SEASON_LATE_DAYS days, the next season: a contract signed in November is for next year's work.
 */
export function seasonTerm(category: SeasonCategory, today: string): { startDate: string; endDate: string } {
  const season = SEASONS[category];
  const year = Number(today.slice(0, 4));
  // The seasons starting last year, this year and next year, in order; the first not yet over wins.
  for (const startYear of [year - 1, year, year + 1]) {
    const startDate = `${startYear}-${season.start}`;
    const endDate = `${startYear + (season.endsNextYear ? 1 : 0)}-${season.end}`;
    if (today > addDays(endDate, -SEASON_LATE_DAYS)) continue;
    return { startDate: today > startDate ? today : startDate, endDate };
  }
  throw new RangeError(`No season after ${today}`); // unreachable: next year's season ends after today
}

const wordsOf = (name: string) => name.toLowerCase().match(/[a-z]+/g) ?? [];

/** Work done once a season (billed on completion), by the words of an area's name. */
const ONCE_WORDS =
  /^(clean|cleanup|cleanups|mulch|mulching|prune|pruning|fertilize|fertilizing|fertilization|aerate|aerating|aeration|overseed|overseeding|seeding|dethatch|dethatching|install|installs|installation|planting|plantings)$/;
/** Work done every visit (billed per visit). */
const VISIT_WORDS = /^(mow|mowing|edge|edging|lawn|lawns|trim|trimming|string)$/;
const SNOW_WORDS = /^(snow|plow|plowing|plowed|salt|salting|ice|deicing|sidewalk|sidewalks)$/;

/** The billing basis a new line gets from its work area's name: per visit for mowing, once for a cleanup, else installments. */
export function defaultBasis(areaName: string, category: SeasonCategory): BillingBasis {
  if (category === 'SNOW') return 'installments'; // a snow area without a price sheet: its lump sum
  const words = wordsOf(areaName);
  if (words.some((word) => ONCE_WORDS.test(word))) return 'once';
  if (words.some((word) => VISIT_WORDS.test(word))) return 'perVisit';
  return 'installments';
}

const sameName = (name: string) => name.trim().toLowerCase();

/** SNOW when most (more than half) of the areas are snow areas by template name or by their words; else LM. */
export function seasonCategory(areaNames: readonly string[], snowAreaNames: readonly string[]): SeasonCategory {
  const snowNames = new Set(snowAreaNames.map(sameName));
  const snowy = areaNames.filter((name) => snowNames.has(sameName(name)) || wordsOf(name).some((word) => SNOW_WORDS.test(word)));
  return snowy.length * 2 > areaNames.length ? 'SNOW' : 'LM';
}

/** A visit's default price: the line's amount ÷ its planned visits, to the cent (the amount without visits). */
export function defaultVisitPrice(amount: number, plannedVisits: number | null): number {
  const visits = plannedVisits ?? 0;
  const whole = exactOrZero(amount);
  if (!Number.isInteger(visits) || visits <= 0) return roundToNumber(whole, 2);
  return roundToNumber(div(whole, { n: BigInt(visits), d: 1n })!, 2);
}

export function isBillingBasis(value: unknown): value is BillingBasis {
  return typeof value === 'string' && (BILLING_BASES as readonly string[]).includes(value);
}

/**
 * Why a line cannot take a billing basis (null when it can), for PUT /api/agreementLines/:id:
 * its own basis again is always fine; a billed line keeps its basis; a line priced by a snow
 * sheet stays per event, and only such a line is (issue 41).
 */
export function basisError(basis: unknown, line: { billed: boolean; current: BillingBasis; snowSheet: boolean }): string | null {
  if (!isBillingBasis(basis)) return agreementMessages.basisInvalid;
  if (basis === line.current) return null;
  if (line.billed) return agreementMessages.lineBilled;
  if (line.snowSheet) return agreementMessages.snowLineIsPerEvent;
  if (basis === 'perEvent') return agreementMessages.perEventRefused;
  return null;
}

/** Why a number of installments does not fit a term (null when it does): a whole number from 1 to termMonths. */
export function installmentsError(count: unknown, startDate: string, endDate: string): string | null {
  const max = termMonths(startDate, endDate);
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > max) return agreementMessages.installmentsRange(max);
  return null;
}

export interface JobCostingInput {
  plannedHours: number;
  actualHours: number;
  /** What the work done so far has earned (billed or billable). */
  revenueEarned: number;
  materialCost: number;
  costing: Costing;
}

export interface JobCosting {
  plannedHours: number;
  actualHours: number;
  /** actual − planned: positive when over budget. */
  hoursVariance: number;
  overBudget: boolean;
  /** actual hours × (labour rate + overhead) + material cost, to the cent. */
  costSoFar: number;
  /** marginPercent(revenueEarned, costSoFar); null without revenue. */
  marginSoFarPercent: number | null;
}

const money = (value: Exact) => roundToNumber(value, 2);

/** A season's job costing so far: crew hours against the plan, and the margin of what has been earned. */
export function jobCosting(input: JobCostingInput): JobCosting {
  const planned = exactOrZero(input.plannedHours);
  const actual = exactOrZero(input.actualHours);
  const costSoFar = money(add(mul(actual, hourlyCost(input.costing)), exactOrZero(input.materialCost)));
  return {
    plannedHours: money(planned),
    actualHours: money(actual),
    hoursVariance: money(sub(actual, planned)),
    overBudget: compare(actual, planned) > 0,
    costSoFar,
    marginSoFarPercent: marginPercent(input.revenueEarned, costSoFar),
  };
}

export interface RenewalTargetInput {
  contractValue: number;
  plannedHours: number;
  /** Crew hours projected for a whole season at this season's pace. */
  actualHoursSeason: number;
  materialCost: number;
  costing: Costing;
}

const HUNDRED: Exact = { n: 100n, d: 1n };

/**
 * The renewal percent that brings next season's margin back to the target at this season's pace:
 *
 *   cost    = actualHoursSeason × (laborRate + overheadPerHour) + materialCost
 *   needed  = cost ÷ (1 − target / 100)              (the revenue whose margin is the target)
 *   percent = (needed ÷ contractValue − 1) × 100,    rounded up to 2 decimals
 *
 * then at least 0 (a margin already above the target asks for no change — never a cut) and at
 * most RENEWAL_PERCENT_MAX. No contract value (or a target of 100 % or more) with a cost asks
 * for the maximum. plannedHours is not part of the formula: the pace is in actualHoursSeason.
 */
export function renewalPercentForTarget(input: RenewalTargetInput): number {
  const cost = add(mul(exactOrZero(input.actualHoursSeason), hourlyCost(input.costing)), exactOrZero(input.materialCost));
  if (compare(cost, ZERO) <= 0) return 0;
  const contract = exactOrZero(input.contractValue);
  const share = sub(ONE, div(exactOrZero(targetMarginOf(input.costing)), HUNDRED)!);
  if (compare(contract, ZERO) <= 0 || compare(share, ZERO) <= 0) return RENEWAL_PERCENT_MAX;
  const needed = div(cost, share)!;
  const percent = ceilCents(mul(sub(div(needed, contract)!, ONE), HUNDRED));
  const clamped = Math.min(RENEWAL_PERCENT_MAX, Math.max(RENEWAL_PERCENT_MIN, toNumber(percent)));
  return Math.max(0, clamped);
}
