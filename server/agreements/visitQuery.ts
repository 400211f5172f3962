import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { VISIT_STATUSES } from '../../src/domain/agreements';
import { daysBetween, isCalendarDate } from '../../src/domain/officeDate';
import { ONE_LINE_FORBIDDEN } from '../../src/domain/textRules';
import { agreementLines, visits } from '../db/tables/agreements';
import { formInvalid } from '../errors';

/** The longest range the Schedule asks for at once: a year and a week (a month view shows 6 weeks). */
export const VISIT_RANGE_MAX_DAYS = 372;
const FILTER_VALUES_MAX = 50;

export const visitQueryMessages = {
  from: 'From must be a date (YYYY-MM-DD).',
  to: 'To must be a date (YYYY-MM-DD).',
  order: 'From must be on or before To.',
  span: `The range can be at most ${VISIT_RANGE_MAX_DAYS} days.`,
  service: 'Service must be the name of an agreement line.',
  crew: 'Crew must be text of at most 100 characters.',
  status: `Status must be one of ${VISIT_STATUSES.join(', ')}.`,
  repeated: (name: string) => `${name} is given more than once.`,
} as const;

/** One text or a list of them (`filter:service=Mowing&filter:service=Edging` or `["Mowing","Edging"]`). */
function texts(raw: unknown, max: number): string[] | null {
  if (raw === undefined) return [];
  let values = Array.isArray(raw) ? raw : [raw];
  if (values.length === 1 && typeof values[0] === 'string' && values[0].trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(values[0]);
      values = Array.isArray(parsed) ? parsed : values;
    } catch {
      return null;
    }
  }
  if (values.length > FILTER_VALUES_MAX) return null;
  return values.every((value) => typeof value === 'string' && value.length <= max && !ONE_LINE_FORBIDDEN.test(value))
    ? (values as string[])
    : null;
}

/**
 * GET /api/visits' query: `from` and `to` (office dates, inclusive, at most VISIT_RANGE_MAX_DAYS
 * apart), `filter:service` (the line's name), `filter:crew` and `filter:status`; a 400 names
 * each wrong one.
 */
export function visitRangeCondition(query: Record<string, unknown>): SQL {
  const errors: Record<string, string> = {};
  const { from, to } = query;
  if (!isCalendarDate(from)) errors.from = visitQueryMessages.from;
  if (!isCalendarDate(to)) errors.to = visitQueryMessages.to;
  const services = texts(query['filter:service'], 150);
  const crews = texts(query['filter:crew'], 100);
  const statuses = texts(query['filter:status'], 10);
  if (!services) errors['filter:service'] = visitQueryMessages.service;
  if (!crews) errors['filter:crew'] = visitQueryMessages.crew;
  if (!statuses || statuses.some((status) => !(VISIT_STATUSES as readonly string[]).includes(status)))
    errors['filter:status'] = visitQueryMessages.status;
  if (Object.keys(errors).length) throw formInvalid(errors);
  const [start, end] = [from, to] as string[];
  if (start > end) throw formInvalid({ from: visitQueryMessages.order });
  if (daysBetween(start, end) > VISIT_RANGE_MAX_DAYS) throw formInvalid({ to: visitQueryMessages.span });
  const conditions = [gte(visits.date, start), lte(visits.date, end)];
  if (services?.length)
    conditions.push(
      inArray(
        sql`lower(${agreementLines.name})`,
        services.map((name) => name.trim().toLowerCase()),
      ),
    );
  if (crews?.length)
    conditions.push(
      inArray(
        visits.crew,
        crews.map((crew) => crew.trim()),
      ),
    );
  if (statuses?.length) conditions.push(inArray(visits.status, statuses));
  return and(...conditions)!;
}

export const ofAgreement = (agreementID: number) => eq(visits.agreementID, agreementID);
