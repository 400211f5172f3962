/**
 * Visit plans: when an agreement line's visits fall, stored as RFC 5545 text normalised to
 *
 *   DTSTART;VALUE=DATE:20260401
 *   RRULE:FREQ=WEEKLY;INTERVAL=1;UNTIL=20261130
 *   EXDATE;VALUE=DATE:20260408,20260415      (only when dates are skipped)
 *
 * and expanded to calendar dates with rrule-temporal. Text from an API client is hostile: it is
 * read here part by part, refused with a message (never a throw), and bounded in size and work.
 */
import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { agreementMessages } from './agreements';
import { addDays, daysBetween, isCalendarDate } from './officeDate';

export interface Term {
  startDate: string;
  endDate: string;
}

interface PlanDates {
  startDate?: string;
  endDate?: string;
  skipped?: string[];
}

export type VisitPlanInput =
  | ({ kind: 'weekly' | 'biweekly' | 'monthly' } & PlanDates)
  | ({ kind: 'spread'; visits: number } & PlanDates)
  | { kind: 'once'; date: string };

export const VISIT_PLAN_MAX_LENGTH = 2000;
export const VISIT_PLAN_MAX_VISITS = 366;
export const VISIT_PLAN_MAX_INTERVAL = 52;
const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
type Frequency = (typeof FREQUENCIES)[number];
/** The BYxxx parts a plan may have, in the order the normalised text writes them, with their value lists. */
const BY_PARTS: Record<string, RegExp> = {
  BYMONTH: /^(1[0-2]|[1-9])$/,
  BYMONTHDAY: /^[+-]?(3[01]|[12]\d|[1-9])$/,
  BYDAY: /^([+-]?([1-4]\d|5[0-3]|[1-9]))?(MO|TU|WE|TH|FR|SA|SU)$/,
  WKST: /^(MO|TU|WE|TH|FR|SA|SU)$/,
};
/** Bounds rrule-temporal's loops: a year of days, with room for rules that match rarely. */
const MAX_ITERATIONS = 4000;

interface Rule {
  freq: Frequency;
  interval: number;
  count: number | null;
  until: string | null;
  by: [string, string][];
}

interface Plan {
  dtstart: string | null;
  rule: Rule;
  exdates: string[];
}

type Read<T> = T | { error: string };
const failed = <T>(value: Read<T>): value is { error: string } => typeof value === 'object' && value !== null && 'error' in value;

const compact = (date: string) => date.replaceAll('-', '');

/** '20260401', '20260401T120000' or '20260401T120000Z' → '2026-04-01'; null when not a real date. */
function readDate(value: string): string | null {
  const match = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/.exec(value.trim());
  if (!match) return null;
  const date = `${match[1]}-${match[2]}-${match[3]}`;
  return isCalendarDate(date) ? date : null;
}

const wholeNumber = (value: string) => (/^\d{1,6}$/.test(value) ? Number(value) : null);

function readRule(text: string): Read<Rule> {
  const parts = new Map<string, string>();
  for (const part of text.split(';')) {
    const [key, value, extra] = part.split('=');
    const name = (key ?? '').trim().toUpperCase();
    if (value === undefined || extra !== undefined || name === '' || parts.has(name)) return { error: agreementMessages.planUnreadable };
    parts.set(name, value.trim().toUpperCase());
  }
  const freq = parts.get('FREQ');
  if (!FREQUENCIES.includes(freq as Frequency)) return { error: agreementMessages.planFrequency };
  const interval = wholeNumber(parts.get('INTERVAL') ?? '1');
  if (interval === null || interval < 1 || interval > VISIT_PLAN_MAX_INTERVAL) return { error: agreementMessages.planInterval };
  const countText = parts.get('COUNT');
  const count = countText === undefined ? null : wholeNumber(countText);
  if (countText !== undefined && (count === null || count < 1 || count > VISIT_PLAN_MAX_VISITS))
    return { error: agreementMessages.planCount };
  const untilText = parts.get('UNTIL');
  const until = untilText === undefined ? null : readDate(untilText);
  if (untilText !== undefined && until === null) return { error: agreementMessages.planDate('UNTIL') };
  if (count !== null && until !== null) return { error: agreementMessages.planCountAndUntil };
  const by: [string, string][] = [];
  for (const [name, pattern] of Object.entries(BY_PARTS)) {
    const value = parts.get(name);
    if (value === undefined) continue;
    if (!value.split(',').every((item) => pattern.test(item))) return { error: agreementMessages.planUnknownPart(`${name}=${value}`) };
    // RFC 5545: a BYDAY with an ordinal (1MO, -1FR) only in a MONTHLY or YEARLY rule.
    if (name === 'BYDAY' && /\d/.test(value) && freq !== 'MONTHLY' && freq !== 'YEARLY') {
      return { error: agreementMessages.planUnknownPart(`${name}=${value}`) };
    }
    by.push([name, [...new Set(value.split(','))].join(',')]);
  }
  const known = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', ...Object.keys(BY_PARTS)]);
  const unknown = [...parts.keys()].find((name) => !known.has(name));
  if (unknown !== undefined) return { error: agreementMessages.planUnknownPart(unknown) };
  return { freq: freq as Frequency, interval, count, until, by };
}

/** The plan's lines, each read on its own: DTSTART, RRULE (or a bare FREQ=… line), EXDATE. */
function readPlan(text: unknown): Read<Plan> {
  if (typeof text !== 'string') return { error: agreementMessages.planUnreadable };
  if (text.length > VISIT_PLAN_MAX_LENGTH) return { error: agreementMessages.planTooLong };
  const unfolded = text.replace(/\r?\n /g, ''); // RFC 5545 line folding
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(unfolded)) return { error: agreementMessages.planControlCharacters };
  let dtstart: string | null = null;
  let rule: Rule | null = null;
  const exdates: string[] = [];
  for (const line of unfolded.split(/\r?\n|\r/).map((l) => l.trim())) {
    if (line === '') continue;
    const match = /^(DTSTART|RRULE|EXDATE)([;:])(.*)$/i.exec(line);
    const name = match ? match[1].toUpperCase() : 'RRULE';
    const valueText = match ? (match[2] === ':' ? match[3] : match[3].slice(match[3].indexOf(':') + 1)) : line;
    if (match && match[2] === ';' && !match[3].includes(':')) return { error: agreementMessages.planUnreadable };
    if (name === 'RRULE') {
      if (rule !== null) return { error: agreementMessages.planUnreadable };
      const read = readRule(valueText);
      if (failed(read)) return read;
      rule = read;
    } else if (name === 'DTSTART') {
      if (dtstart !== null) return { error: agreementMessages.planUnreadable };
      dtstart = readDate(valueText);
      if (dtstart === null) return { error: agreementMessages.planDate('DTSTART') };
    } else {
      for (const item of valueText.split(',')) {
        const date = readDate(item);
        if (date === null) return { error: agreementMessages.planDate('EXDATE') };
        exdates.push(date);
      }
    }
  }
  if (rule === null) return { error: agreementMessages.planUnreadable };
  return { dtstart, rule, exdates };
}

function planText(plan: Plan): string {
  const { rule } = plan;
  const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`, ...rule.by.map(([name, value]) => `${name}=${value}`)];
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  else if (rule.until !== null) parts.push(`UNTIL=${compact(rule.until)}`);
  const lines = [`DTSTART;VALUE=DATE:${compact(plan.dtstart!)}`, `RRULE:${parts.join(';')}`];
  if (plan.exdates.length > 0) lines.push(`EXDATE;VALUE=DATE:${plan.exdates.map(compact).join(',')}`);
  return lines.join('\n');
}

/** Local noon in the zone: no DST change happens at noon, so every date of the rule has its occurrence. */
const noon = (date: string) => `${compact(date)}T120000`;

/** The dates of a read plan in a zone; an error when the rule is too much work or too many visits. */
function planDates(plan: Plan, timeZone: string, term: Term): Read<string[]> {
  const start = plan.dtstart ?? term.startDate;
  const lastDay = plan.rule.until !== null && plan.rule.until < term.endDate ? plan.rule.until : term.endDate;
  const endOfTerm = Temporal.PlainDate.from(addDays(lastDay, 1)).toZonedDateTime({ timeZone }).subtract({ seconds: 1 });
  const until = endOfTerm.toInstant().toString().replace(/[-:]/g, '').replace(/\.\d+/, '');
  const { rule } = plan;
  const parts = [`FREQ=${rule.freq}`, `INTERVAL=${rule.interval}`, ...rule.by.map(([name, value]) => `${name}=${value}`)];
  // COUNT and UNTIL together: RFC 5545 forbids it in stored text, rrule-temporal stops at whichever comes first.
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  parts.push(`UNTIL=${until}`);
  const lines = [`DTSTART;TZID=${timeZone}:${noon(start)}`, `RRULE:${parts.join(';')}`];
  if (plan.exdates.length > 0) lines.push(`EXDATE;TZID=${timeZone}:${plan.exdates.map(noon).join(',')}`);
  try {
    const rrule = new RRuleTemporal({
      rruleString: lines.join('\n'),
      maxIterations: MAX_ITERATIONS,
      maxCandidateEvaluations: MAX_ITERATIONS * 10,
    });
    const dates = rrule.all((_, index) => index <= VISIT_PLAN_MAX_VISITS).map((occurrence) => occurrence.toPlainDate().toString());
    const inside = [...new Set(dates)].filter((date) => date >= term.startDate && date <= term.endDate).sort();
    if (inside.length > VISIT_PLAN_MAX_VISITS) return { error: agreementMessages.planTooManyVisits };
    return inside;
  } catch {
    return { error: agreementMessages.planTooManyVisits }; // rrule-temporal gave up: too many iterations
  }
}

/**
 * A visit plan from an API client, checked and normalised: the rule's text, or why it is refused.
 * Accepts a bare `FREQ=…`, an `RRULE:` line, DTSTART / EXDATE in DATE or DATE-TIME form, CRLF
 * or LF. DTSTART defaults to the term's start and must be inside the term; UNTIL defaults to (and
 * is clipped to) the term's end; EXDATEs outside the term are dropped.
 */
export function parseVisitPlan(text: unknown, term: Term): { rrule: string } | { error: string } {
  const plan = readPlan(text);
  if (failed(plan)) return plan;
  const dtstart = plan.dtstart ?? term.startDate;
  if (dtstart < term.startDate || dtstart > term.endDate) return { error: agreementMessages.planStartOutsideTerm };
  const until =
    plan.rule.count !== null ? null : plan.rule.until !== null && plan.rule.until < term.endDate ? plan.rule.until : term.endDate;
  const exdates = [...new Set(plan.exdates)].filter((date) => date >= term.startDate && date <= term.endDate).sort();
  const normalised: Plan = { dtstart, rule: { ...plan.rule, until }, exdates };
  const dates = planDates(normalised, 'UTC', term);
  if (failed(dates)) return dates;
  if (dates.length === 0) return { error: agreementMessages.planNoVisits };
  return { rrule: planText(normalised) };
}

/**
 * The visit dates of a stored plan in the office's time zone: sorted, unique, inside the term,
 * skipped dates left out. Expanded at 12:00 local time, because rrule-temporal drops an
 * occurrence whose local time falls in a DST gap (midnight in America/Santiago). RangeError for
 * text parseVisitPlan refuses.
 */
export function expandVisitPlan(rrule: string, timeZone: string, term: Term): string[] {
  const plan = readPlan(rrule);
  if (failed(plan)) throw new RangeError(plan.error);
  const dates = planDates(plan, timeZone, term);
  if (failed(dates)) throw new RangeError(dates.error);
  return dates;
}

/** The normalised text of a plan chosen on screen; dates default to the term's. */
export function visitPlanText(plan: VisitPlanInput, term: Term): string {
  if (plan.kind === 'once') {
    return planText({ dtstart: plan.date, rule: { freq: 'DAILY', interval: 1, count: 1, until: null, by: [] }, exdates: [] });
  }
  const dtstart = plan.startDate ?? term.startDate;
  const until = plan.endDate ?? term.endDate;
  const exdates = [...new Set(plan.skipped ?? [])].filter((date) => date >= term.startDate && date <= term.endDate).sort();
  const rule = (freq: Frequency, interval: number, count: number | null): Rule => ({
    freq,
    interval,
    count,
    until: count === null ? until : null,
    by: [],
  });
  if (plan.kind !== 'spread') {
    const [freq, interval] = ({ weekly: ['WEEKLY', 1], biweekly: ['WEEKLY', 2], monthly: ['MONTHLY', 1] } as const)[plan.kind];
    return planText({ dtstart, rule: rule(freq, interval, null), exdates });
  }
  // Spread: N visits every floor(days / N) days; past the 52 an INTERVAL may be, every floor(days / 7N) weeks.
  const visits = Math.min(VISIT_PLAN_MAX_VISITS, Math.max(1, Math.floor(plan.visits)));
  const days = daysBetween(dtstart, until) + 1;
  const everyDays = Math.max(1, Math.floor(days / visits));
  const spread =
    everyDays <= VISIT_PLAN_MAX_INTERVAL ? rule('DAILY', everyDays, visits) : rule('WEEKLY', Math.floor(days / (7 * visits)), visits);
  return planText({ dtstart, rule: spread, exdates });
}

/**
 * A stored plan carried to a new term (the office moved the agreement's dates): a plan that
 * started with the old term starts with the new one, or where it started when that is still
 * inside; a plan that ran to the old term's end runs to the new one's; a spread of N visits is
 * spread again over the new term; skipped dates outside it go. Unreadable text stays as it was.
 */
export function moveVisitPlan(rrule: string, from: Term, to: Term): string {
  const plan = readPlan(rrule);
  if (failed(plan)) return rrule;
  const { rule } = plan;
  const started = plan.dtstart ?? from.startDate;
  const dtstart = started === from.startDate || started < to.startDate || started > to.endDate ? to.startDate : started;
  const exdates = plan.exdates.filter((date) => date >= to.startDate && date <= to.endDate);
  const spread = rule.count !== null && rule.count > 1 && rule.by.length === 0 && (rule.freq === 'DAILY' || rule.freq === 'WEEKLY');
  if (spread) return visitPlanText({ kind: 'spread', visits: rule.count!, startDate: dtstart, skipped: exdates }, to);
  const until = rule.until === null ? null : rule.until === from.endDate || rule.until > to.endDate ? to.endDate : rule.until;
  return planText({ dtstart, rule: { ...rule, until }, exdates });
}

const every = (interval: number, one: string, unit: string) => (interval === 1 ? one : `Every ${interval} ${unit}`);

/** How the screen names a plan: 'Weekly', 'Every 2 weeks', 'Monthly', '12 visits', 'Once'. */
export function planSummary(rrule: string): string {
  const plan = readPlan(rrule);
  if (failed(plan)) return 'Custom';
  const { freq, interval, count, by } = plan.rule;
  if (count === 1) return 'Once';
  if (count !== null && freq === 'DAILY' && by.length === 0) return `${count} visits`;
  const base = {
    DAILY: every(interval, 'Daily', 'days'),
    WEEKLY: every(interval, 'Weekly', 'weeks'),
    MONTHLY: every(interval, 'Monthly', 'months'),
    YEARLY: every(interval, 'Yearly', 'years'),
  }[freq];
  return count === null ? base : `${base}, ${count} visits`;
}
