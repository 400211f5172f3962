import { sql, type SQL } from 'drizzle-orm';
import { addDays, calendarDateIn } from '../../src/domain/officeDate';
import { startOfDayIn } from '../../src/domain/constants';
import {
  CONVERSION_DAYS,
  EXPIRING_DAYS,
  median,
  PROPOSAL_STAGE_FILTER,
  PROPOSAL_STAGES,
  sumMoney,
  type Conversion,
  type OutcomeRow,
  type Pipeline,
  type ProposalStage,
} from '../../src/domain/pipeline';
import { LOST_STATUS, WON_STATUS } from '../../src/domain/insights';
import { winRatePercent } from '../../src/domain/marginInsights';
import { estimates as estimateEntity } from '../../src/schema';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { officeTimeZone } from '../db/officeSettings';
import { proposals } from '../db/tables/proposals';
import { users } from '../db/tables/users';
import { registerFeatureFilter } from '../crud/featureFilters';

type Rows<T> = { rows: T[] };
const DAY_MS = 86_400_000;

/** Each estimate's newest proposal: its estimate, status and last day. */
const newestProposals = sql`(
  SELECT DISTINCT ON (${proposals.estimateID}) ${proposals.estimateID} AS estimate_id, ${proposals.status} AS status,
    ${proposals.validUntil} AS valid_until
  FROM ${proposals} ORDER BY ${proposals.estimateID}, ${proposals.sentAt} DESC, ${proposals.id} DESC
) newest`;

/** The office's day at `now`, and the first day of its month. */
async function officeDays(db: Db, now: number) {
  const today = calendarDateIn(await officeTimeZone(db), new Date(now));
  return { today, monthStart: `${today.slice(0, 8)}01` };
}

/** Whether the newest proposal (`newest`) is in the stage, on the office's day `today`. */
function stageCondition(stage: ProposalStage, { today, monthStart }: { today: string; monthStart: string }): SQL {
  const open = sql`newest.status IN ('sent', 'viewed')`;
  switch (stage) {
    case 'notOpened':
      return sql`(newest.status = 'sent' AND newest.valid_until >= ${today})`;
    case 'opened':
      return sql`(newest.status = 'viewed' AND newest.valid_until >= ${today})`;
    case 'changesRequested':
      return sql`(newest.status = 'changesRequested')`;
    case 'expiring':
      return sql`(${open} AND newest.valid_until >= ${today} AND newest.valid_until <= ${addDays(today, EXPIRING_DAYS)})`;
    case 'expired':
      return sql`(${open} AND newest.valid_until < ${today} AND newest.valid_until >= ${monthStart})`;
  }
}

// `filter:proposalStage=expired` on the estimates list: those whose newest proposal is there.
registerFeatureFilter(estimateEntity.name, PROPOSAL_STAGE_FILTER, {
  values: PROPOSAL_STAGES,
  description: "The estimates whose newest proposal is in any of these stages (Home's pipeline).",
  async condition(db, table, stages, now) {
    const days = await officeDays(db, now);
    const any = sql.join(
      stages.map((stage) => stageCondition(stage as ProposalStage, days)),
      sql` OR `,
    );
    return sql`${table.id} IN (SELECT newest.estimate_id FROM ${newestProposals} WHERE ${any})`;
  },
});

/** Count and Σ subtotal of the estimates (not archived) in each stage, in one statement. */
async function stageFigures(db: Db, now: number): Promise<Pipeline['stages']> {
  const e = tables.estimates;
  const days = await officeDays(db, now);
  const columns = PROPOSAL_STAGES.map((stage, index) => {
    const condition = stageCondition(stage, days);
    return sql`count(*) FILTER (WHERE ${condition}) AS ${sql.raw(`c${index}`)}, coalesce(sum(${e.subtotal}) FILTER (WHERE ${condition}), 0)::text AS ${sql.raw(`v${index}`)}`;
  });
  const { rows } = (await db.execute(sql`
    SELECT ${sql.join(columns, sql`, `)}
    FROM ${newestProposals} JOIN ${e} ON ${e.id} = newest.estimate_id
    WHERE NOT ${e.isArchived}`)) as unknown as Rows<Record<string, string | number>>;
  const [row] = rows;
  return PROPOSAL_STAGES.map((stage, index) => ({ stage, count: Number(row[`c${index}`]), value: sumMoney([row[`v${index}`]]) }));
}

/** Estimates whose first proposal in the last CONVERSION_DAYS days was sent: opened, signed, and how long signing took. */
async function conversion(db: Db, now: number): Promise<Conversion> {
  const since = new Date(now - CONVERSION_DAYS * DAY_MS);
  const { rows } = (await db.execute(sql`
    SELECT min(${proposals.sentAt}) AS first_sent, bool_or(${proposals.viewedAt} IS NOT NULL OR ${proposals.respondedAt} IS NOT NULL) AS opened,
      min(${proposals.respondedAt}) FILTER (WHERE ${proposals.status} = 'accepted') AS signed_at
    FROM ${proposals} WHERE ${proposals.sentAt} >= ${since.toISOString()}::timestamptz
    GROUP BY ${proposals.estimateID}`)) as unknown as Rows<{ first_sent: string | Date; opened: boolean; signed_at: string | Date | null }>;
  const signed = rows.filter((row) => row.signed_at !== null);
  const days = signed.map((row) => Math.round((new Date(row.signed_at!).getTime() - new Date(row.first_sent).getTime()) / DAY_MS));
  return {
    sent: rows.length,
    opened: rows.filter((row) => row.opened).length,
    signed: signed.length,
    medianDaysToSign: median(days),
  };
}

const outcome = (won: number, lost: number, lostValue: unknown): OutcomeRow => ({
  won,
  lost,
  lostValue: sumMoney([lostValue]),
  winRatePercent: winRatePercent(won, lost),
});

/** Won and lost among the estimates created from `from` to `to` (office dates, both included), in all, by lost reason and by salesperson. */
async function outcomes(db: Db, from: string, to: string): Promise<Pipeline['outcomes']> {
  const e = tables.estimates;
  const timeZone = await officeTimeZone(db);
  const start = (day: string) => {
    const [year, month, date] = day.split('-').map(Number);
    return startOfDayIn(timeZone, year, month, date).toISOString();
  };
  const { rows } = (await db.execute(sql`
    SELECT ${e.status} AS status, ${e.lostReason} AS reason, ${e.salesperson} AS salesperson,
      ${users.firstName} AS first_name, ${users.lastName} AS last_name, ${e.subtotal}::text AS subtotal
    FROM ${e} LEFT JOIN ${users} ON ${users.id} = ${e.salesperson}
    WHERE ${e.status} IN (${WON_STATUS}, ${LOST_STATUS})
      AND ${e.createdAt} >= ${start(from)}::timestamptz AND ${e.createdAt} < ${start(addDays(to, 1))}::timestamptz`)) as unknown as Rows<{
    status: number;
    reason: string | null;
    salesperson: number | null;
    first_name: string | null;
    last_name: string | null;
    subtotal: string;
  }>;
  type Row = (typeof rows)[number];
  const tally = (group: Row[]) => {
    const lost = group.filter((row) => Number(row.status) === LOST_STATUS);
    return outcome(group.length - lost.length, lost.length, sumMoney(lost.map((row) => row.subtotal)));
  };
  const groups = <K>(keyOf: (row: Row) => K) => {
    const map = new Map<K, Row[]>();
    for (const row of rows) map.set(keyOf(row), [...(map.get(keyOf(row)) ?? []), row]);
    return [...map];
  };
  const lostRows = rows.filter((row) => Number(row.status) === LOST_STATUS);
  const byReason = [...new Set(lostRows.map((row) => row.reason ?? ''))].map((reason) => {
    const lost = lostRows.filter((row) => (row.reason ?? '') === reason);
    return { reason, ...outcome(0, lost.length, sumMoney(lost.map((row) => row.subtotal))) };
  });
  return {
    from,
    to,
    total: tally(rows),
    byReason: byReason.sort((a, b) => b.lostValue - a.lostValue || a.reason.localeCompare(b.reason)),
    bySalesperson: groups((row) => row.salesperson)
      .map(([salesperson, group]) => ({
        salesperson: salesperson === null ? null : Number(salesperson),
        name: group[0].first_name ? `${group[0].first_name} ${group[0].last_name ?? ''}`.trim() : '',
        ...tally(group),
      }))
      .sort((a, b) => b.won - a.won || a.name.localeCompare(b.name)),
  };
}

/** GET /api/proposals/pipeline: the stages now, the conversion of the last 90 days, and the period's outcomes. */
export async function pipeline(db: Db, now: number, period: { from: string; to: string }): Promise<Pipeline> {
  const [stages, converted, decided] = await Promise.all([
    stageFigures(db, now),
    conversion(db, now),
    outcomes(db, period.from, period.to),
  ]);
  return { stages, conversion: converted, outcomes: decided };
}
