/**
 * Home insights (SPEC §2 "Home", §3 "Insights"): what GET /api/insights/* answers, the
 * window of "Last 30 Days", and the shares the SPA computes from the counts.
 */
import { OFFICE_TIME_ZONE, startOfDayIn } from './constants';
import { exactOrZero, sum, toNumber } from './decimal';
import { ESTIMATE_STATUS, ESTIMATE_STATUSES } from './estimates';

/** One status of one list: how many estimates, and Σ of their subtotals. */
export interface StatusInsight {
  status: number;
  count: number;
  price: number;
}

/** Each list has every status of ESTIMATE_STATUSES, in that order, even with count 0. */
export interface EstimateInsights {
  /** Estimates not archived. */
  current: StatusInsight[];
  /** Estimates created since the start of the office day 29 days before today (archived too). */
  last30Days: StatusInsight[];
  /** Every estimate. */
  allTime: StatusInsight[];
}

export type EstimateInsightList = keyof EstimateInsights;

/** A service and the number of sites it is assigned to. */
export interface ServiceInsight {
  id: number;
  name: string;
  count: number;
}

/** Today and the 29 office days before it. */
export const RECENT_DAYS = 30;

/** Contract Signed: a won estimate. */
export const WON_STATUS = ESTIMATE_STATUS.contractSigned;
/** Estimate Lost: a lost one (with WON_STATUS, a decided one). */
export const LOST_STATUS = ESTIMATE_STATUS.lost;

/** The office calendar date (year, month 1–12, day) of an instant. */
function calendarDateIn(timeZone: string, instant: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * Where "Last 30 Days" starts: midnight at the office on the calendar day 29 days before
 * today's office date, so the window is today plus the 29 whole days before it, whatever the
 * time of day and across daylight-saving changes.
 */
export function recentWindowStart(now: Date, timeZone: string = OFFICE_TIME_ZONE): Date {
  const today = calendarDateIn(timeZone, now);
  // Calendar arithmetic on a UTC date never meets a daylight-saving change.
  const first = new Date(Date.UTC(today.year, today.month - 1, today.day - (RECENT_DAYS - 1)));
  return startOfDayIn(timeZone, first.getUTCFullYear(), first.getUTCMonth() + 1, first.getUTCDate());
}

/** The list with one row per known status, in status order; missing statuses count 0. */
export function everyStatus(rows: readonly StatusInsight[]): StatusInsight[] {
  return ESTIMATE_STATUSES.map(({ id }) => rows.find((row) => row.status === id) ?? { status: id, count: 0, price: 0 });
}

/** Σ count of a list. */
export function totalCount(list: readonly StatusInsight[]): number {
  return list.reduce((sum, row) => sum + row.count, 0);
}

/** Σ price of a list, added exactly (src/domain/decimal.ts). */
export function totalPrice(list: readonly StatusInsight[]): number {
  return toNumber(sum(list.map((row) => exactOrZero(row.price))));
}

/** `part` of `whole` as a whole percent, halves up; 0 when the whole is 0 (never NaN). */
export function wholePercent(part: number, whole: number): number {
  if (!(whole > 0) || !Number.isFinite(part)) return 0;
  // × 100 first: 29 / 200 is 14.5 %, and 0.145 × 100 would be 14.499… in floating point.
  return Math.round((part * 100) / whole);
}

/** Each row's count as a whole percent of the list's total count (SPEC §3 "ratio"). */
export function countRatios(list: readonly StatusInsight[]): number[] {
  const total = totalCount(list);
  return list.map((row) => wholePercent(row.count, total));
}

/**
 * Contract Signed ÷ (Contract Signed + Estimate Lost) as a whole percent; null when neither
 * has happened (no decided estimates: no rate to speak of).
 */
export function winRate(list: readonly StatusInsight[]): number | null {
  const countOf = (status: number) => list.find((row) => row.status === status)?.count ?? 0;
  const won = countOf(WON_STATUS);
  const decided = won + countOf(LOST_STATUS);
  return decided > 0 ? wholePercent(won, decided) : null;
}

/** "67%", or "—" for a rate that does not exist. */
export function formatPercent(percent: number | null): string {
  return percent === null || !Number.isFinite(percent) ? '—' : `${percent}%`;
}
