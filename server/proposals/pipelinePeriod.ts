import { isCalendarDate } from '../../src/domain/officeDate';
import type { Db } from '../db/connection';
import { officeToday } from '../db/officeSettings';
import { formInvalid } from '../errors';

/** The longest period the pipeline's outcomes cover: a decade of an office's work. */
const MAX_PERIOD_DAYS = 3_660;

export const pipelinePeriodMessages = {
  from: 'From must be a date (YYYY-MM-DD).',
  to: 'To must be a date (YYYY-MM-DD).',
  order: 'From must be on or before To.',
  span: 'The period can be at most ten years.',
} as const;

/** `from` and `to` of GET /api/proposals/pipeline: office dates, the year so far when left out; 400 naming a wrong one. */
export async function pipelinePeriod(db: Db, now: number, query: Record<string, unknown>): Promise<{ from: string; to: string }> {
  const today = await officeToday(db, now);
  const from = query.from ?? `${today.slice(0, 4)}-01-01`;
  const to = query.to ?? today;
  const errors: Record<string, string> = {};
  if (!isCalendarDate(from)) errors.from = pipelinePeriodMessages.from;
  if (!isCalendarDate(to)) errors.to = pipelinePeriodMessages.to;
  if (Object.keys(errors).length) throw formInvalid(errors);
  const [start, end] = [from, to] as string[];
  if (start > end) throw formInvalid({ from: pipelinePeriodMessages.order });
  if ((Date.parse(end) - Date.parse(start)) / 86_400_000 > MAX_PERIOD_DAYS) throw formInvalid({ to: pipelinePeriodMessages.span });
  return { from: start, to: end };
}
