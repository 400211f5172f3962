/**
 * Agreements, visits and billing (issue 40: "visits for 500 agreements over a season
 * (expansion and the schedule's month query) and a month's billing export"), on a fresh
 * database per target:
 *
 * - 500 estimates (Mowing of 30 visits, Spring Cleanup, Shrub Maintenance) signed on paper
 *   through markSignedOnPaper on 15 Dec 2026, so each agreement's term is Apr 1 – Nov 30 2027;
 * - visit expansion: the 500 Mowing lines set weekly (FREQ=WEEKLY;BYDAY=TU) through updateLine,
 *   then replanVisits of all 1,500 lines at once. Peer: the same visits expanded the naive way,
 *   stepping day by day through the term with Date arithmetic and one INSERT per visit;
 * - the Schedule's month query: GET /api/visits?from&to for April 2027 through the app. Peer:
 *   the same rows read by a naive N+1 (the month's visits, then each visit's line, agreement and
 *   site by id), in process;
 * - a month's billing: April's mowing and cleanup visits done with hours (a fifth of the cleanups
 *   time and materials), then GET /api/billing?month and POST /api/billing/exports (undone
 *   between runs). Peer: the month's lines computed agreement by agreement (two queries each)
 *   and the CSV written line by line.
 *
 * BENCH_AGREEMENTS (500) sets the count, BENCH_AGREEMENT_RUNS (3) the runs of the slow figures.
 */
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { createUser, type PublicUser } from '../server/auth/users';
import { markSignedOnPaper } from '../server/agreements/markSigned';
import { updateLine } from '../server/agreements/lineChanges';
import { replanVisits } from '../server/agreements/visitPlanning';
import { monthRange } from '../server/billing/monthBilling';
import { billingSettings } from '../server/billing/billingInputs';
import { insertRecord, inTransaction } from '../server/crud/records';
import { agreements, customers as customerTable, sites as siteTable } from '../server/db/entityTables';
import { officeTimeZone } from '../server/db/officeSettings';
import { agreementLines, visits } from '../server/db/tables/agreements';
import { expandVisitPlan } from '../src/domain/visitPlans';
import { addPricedAreasTo, type AreaDraft } from '../server/estimates/pricedAreas';
import { loadCosting } from '../server/estimates/profitability';
import { billingLines, type BillingAgreement, type BillingAgreementLine, type BillingLine, type BillingVisit } from '../src/domain/billing';
import { QUICKBOOKS_INVOICE_HEADERS, quickBooksCsv, quickBooksDate, quickBooksMoney, lastDayOfMonth } from '../src/domain/quickBooksExport';
import { customers, estimates, sites } from '../src/schema';
import type { Database, Db } from '../server/db/connection';
import { recordFigure } from './figures';
import { onFreshDatabase, type BenchTarget } from './targets';

const AGREEMENTS = Number(process.env.BENCH_AGREEMENTS ?? 500);
const RUNS = Number(process.env.BENCH_AGREEMENT_RUNS ?? 3);
const QUERY_RUNS = 7;
const SIGNED_ON = '2026-12-15';
const SIGNED_AT = Date.UTC(2026, 11, 15, 15);
const MONTH = '2027-04';
const WEEKLY = 'FREQ=WEEKLY;BYDAY=TU';
/** Every TM_EVERY-th agreement bills its Spring Cleanup as time and materials. */
const TM_EVERY = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;
const count = (value: number) => value.toLocaleString('en-US');

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

const SEASON: AreaDraft[] = [
  {
    name: 'Mowing',
    tax: 'NJ',
    items: [{ name: 'Lawn mowing', quantity: 30, units: 'visits', unitCost: 20, unitPrice: 45, hoursPerUnit: 1.5 }],
  },
  {
    name: 'Spring Cleanup',
    tax: 'PA',
    items: [{ name: 'Spring cleanup', quantity: 1, units: 'each', unitCost: 150, unitPrice: 600, hoursPerUnit: 8 }],
  },
  {
    name: 'Shrub Maintenance',
    tax: 'NJ',
    items: [{ name: 'Shrub care', quantity: 1, units: 'season', unitCost: 400, unitPrice: 2000.1, hoursPerUnit: 16 }],
  },
];

/** AGREEMENTS customers, each with a site and an estimate of the season's three areas. */
async function seedEstimates(db: Db): Promise<{ ids: number[]; user: PublicUser; password: string }> {
  const password = 'bench-password-1';
  const user = { username: 'bench', firstName: 'Bea', lastName: 'Bench' };
  const { id: userId } = await createUser(db, { ...user, password });
  const ids: number[] = [];
  for (let n = 0; n < AGREEMENTS; n += 1) {
    const address = { address1: `${100 + n} Maple Ridge Dr`, city: 'Princeton', state: 'NJ', zip: '08540' };
    const customerID = await insertRecord(db, customers, { name: `Client ${String(n).padStart(4, '0')} Grounds`, ...address });
    const siteID = await insertRecord(db, sites, { customerID, name: `Site ${n}`, ...address });
    ids.push(
      await insertRecord(db, estimates, { siteID, projectName: `2027 Grounds Maintenance ${n}`, salesperson: userId, estimator: userId }),
    );
  }
  await inTransaction(db, (tx) =>
    addPricedAreasTo(
      tx,
      ids.map((estimateID) => ({ estimateID, areas: SEASON })),
      { userId },
    ),
  );
  return { ids, user: { id: userId, ...user }, password };
}

// ---- the naive peers ----

const DAY_NAMES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const DAY = 86_400_000;
const fromCompact = (text: string) => new Date(Date.UTC(Number(text.slice(0, 4)), Number(text.slice(4, 6)) - 1, Number(text.slice(6, 8))));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A plan's dates the way an implementation without a recurrence library would find them: every
 * day of the term tried in turn against the rule's FREQ, INTERVAL, BYDAY, COUNT and UNTIL.
 */
export function naiveDates(rrule: string, term: { startDate: string; endDate: string }): string[] {
  const part = (pattern: RegExp) => pattern.exec(rrule)?.[1];
  const start = fromCompact(part(/DTSTART[^:]*:(\d{8})/) ?? term.startDate.replaceAll('-', ''));
  const until = part(/UNTIL=(\d{8})/);
  const termEnd = new Date(`${term.endDate}T00:00:00Z`);
  const end = until && fromCompact(until) < termEnd ? fromCompact(until) : termEnd;
  const freq = part(/FREQ=(\w+)/);
  const interval = Number(part(/INTERVAL=(\d+)/) ?? 1);
  const limit = part(/COUNT=(\d+)/);
  const byDay = part(/BYDAY=([A-Z,]+)/)?.split(',') ?? [DAY_NAMES[start.getUTCDay()]];
  const skipped = new Set((part(/EXDATE[^:]*:([\d,]+)/)?.split(',') ?? []).map((text) => isoDay(fromCompact(text))));
  const mondayOffset = (start.getUTCDay() + 6) % 7;
  const dates: string[] = [];
  let matched = 0;
  for (let day = new Date(start); day <= end; day = new Date(day.getTime() + DAY)) {
    const days = Math.round((day.getTime() - start.getTime()) / DAY);
    let match = false;
    if (freq === 'DAILY') match = days % interval === 0;
    else if (freq === 'WEEKLY')
      match = byDay.includes(DAY_NAMES[day.getUTCDay()]) && Math.floor((days + mondayOffset) / 7) % interval === 0;
    else if (freq === 'MONTHLY') {
      const months = (day.getUTCFullYear() - start.getUTCFullYear()) * 12 + day.getUTCMonth() - start.getUTCMonth();
      match = day.getUTCDate() === start.getUTCDate() && months % interval === 0;
    }
    if (!match) continue;
    matched += 1;
    if (limit && matched > Number(limit)) break;
    const date = isoDay(day);
    if (date >= term.startDate && !skipped.has(date)) dates.push(date);
  }
  return dates;
}

/** The peer of replanVisits: the lines' untouched visits deleted, each plan stepped through day by day, one INSERT per visit. */
async function naiveReplan(db: Db, lineIDs: number[]): Promise<number> {
  return inTransaction(db, async (tx) => {
    await tx.delete(visits).where(and(inArray(visits.lineID, lineIDs), eq(visits.status, 'planned')));
    let inserted = 0;
    for (const lineID of lineIDs) {
      const [line] = await tx
        .select({ agreementID: agreementLines.agreementID, rrule: agreementLines.rrule })
        .from(agreementLines)
        .where(eq(agreementLines.id, lineID));
      const [agreement] = await tx
        .select({ startDate: agreements.startDate, endDate: agreements.endDate })
        .from(agreements)
        .where(eq(agreements.id, line.agreementID));
      if (!line.rrule) continue;
      for (const date of naiveDates(line.rrule, { startDate: String(agreement.startDate), endDate: String(agreement.endDate) })) {
        await tx.insert(visits).values({ agreementID: line.agreementID, lineID, date, plannedDate: date });
        inserted += 1;
      }
    }
    return inserted;
  });
}

/** Every visit of the lines as `line:date`, to check that the peer planned the same visits. */
async function visitKeys(db: Db, lineIDs: number[]): Promise<string[]> {
  const rows = await db.select({ lineID: visits.lineID, date: visits.date }).from(visits).where(inArray(visits.lineID, lineIDs));
  return rows.map((row) => `${row.lineID}:${String(row.date)}`).sort();
}

/** The peer of GET /api/visits: the month's visits, then each one's line, agreement and site by id (N+1, as a naive ORM would). */
async function naiveMonthVisits(db: Db, from: string, to: string) {
  const rows = await db
    .select()
    .from(visits)
    .where(and(gte(visits.date, from), lte(visits.date, to)))
    .orderBy(asc(visits.date), asc(visits.id));
  const records = [];
  for (const visit of rows) {
    const [line] = await db.select().from(agreementLines).where(eq(agreementLines.id, visit.lineID));
    const [agreement] = await db.select().from(agreements).where(eq(agreements.id, visit.agreementID));
    const [site] = await db
      .select()
      .from(siteTable)
      .where(eq(siteTable.id, Number(agreement.siteID)));
    records.push({
      ...visit,
      agreementNumber: Number(agreement.number),
      lineName: line.name,
      basis: line.basis,
      customerID: Number(agreement.customerID),
      customerName: String(agreement.customerName ?? ''),
      siteID: Number(site.id),
      siteName: String(site.name ?? ''),
      siteAddress: [site.address1, site.city, site.state, site.zip].filter(Boolean).join(', '),
    });
  }
  return records;
}

/**
 * The peer of the billing month and its export: the agreements whose term meets the month, then
 * each agreement's lines and visits (two queries each) and its customer, its lines computed on
 * their own; then the invoices' CSV written line by line. Answers both times and the line count;
 * it writes nothing (the export also records its lines and takes invoice numbers).
 */
async function naiveBilling(db: Db, month: string, settings: ReturnType<typeof billingSettings>) {
  const started = performance.now();
  const range = monthRange(month);
  const list = await db
    .select()
    .from(agreements)
    .where(and(lte(agreements.startDate, range.to), gte(agreements.endDate, range.from)))
    .orderBy(asc(agreements.id));
  const computed: { line: BillingLine; displayName: string; lineName: string }[] = [];
  for (const row of list) {
    const agreement: BillingAgreement = {
      id: row.id,
      customerID: Number(row.customerID),
      customerName: String(row.customerName ?? ''),
      number: Number(row.number),
      startDate: String(row.startDate),
      endDate: String(row.endDate),
      status: row.status as BillingAgreement['status'],
      cancelledOn: row.cancelledOn,
    };
    const lines = (await db.select().from(agreementLines).where(eq(agreementLines.agreementID, row.id))).map((line) => ({
      ...line,
      basis: line.basis as BillingAgreementLine['basis'],
    }));
    const done = (
      await db
        .select()
        .from(visits)
        .where(and(eq(visits.agreementID, row.id), ne(visits.status, 'skipped')))
    ).map((visit) => ({ ...visit, status: visit.status as BillingVisit['status'] }));
    const [customer] = await db.select({ name: customerTable.name }).from(customerTable).where(eq(customerTable.id, agreement.customerID));
    const names = new Map(lines.map((line) => [line.id, line.name]));
    for (const line of billingLines(month, [agreement], lines, done, settings)) {
      computed.push({ line, displayName: customer.name, lineName: names.get(line.lineID) ?? '' });
    }
  }
  const computedMs = performance.now() - started;
  const invoiceDate = quickBooksDate(lastDayOfMonth(month));
  let csv = quickBooksCsv(QUICKBOOKS_INVOICE_HEADERS, []);
  const invoiceOf = new Map<number, number>();
  for (const { line, displayName, lineName } of computed) {
    if (!invoiceOf.has(line.customerID)) invoiceOf.set(line.customerID, 1000 + invoiceOf.size);
    const cells = [
      String(invoiceOf.get(line.customerID)),
      displayName,
      invoiceDate,
      invoiceDate,
      'Net 30',
      `Agreement ${line.agreementID}`,
      lineName,
      line.description,
      String(line.quantity),
      String(line.rate),
      quickBooksMoney(line.amount),
      line.tax > 0 ? 'Tax' : 'Non',
      quickBooksDate(line.date),
    ];
    csv += quickBooksCsv(cells, []);
  }
  return { computedMs, exportMs: performance.now() - started, lines: computed.length, bytes: csv.length };
}

// ---- the suite ----

export async function agreementSuite(target: BenchTarget): Promise<void> {
  await onFreshDatabase(target, async (database: Database) => {
    const { db } = database;
    const seeded = await timed(() => seedEstimates(db));
    const { ids, user, password } = seeded.value;
    console.log(`  seeded ${count(AGREEMENTS)} customers, sites and estimates of 3 areas in ${ms(seeded.ms)}`);

    // 1. The agreements, signed on paper through the server's own function.
    const made = await timed(async () => {
      const agreementIDs: number[] = [];
      for (const estimateID of ids) {
        const { id } = await markSignedOnPaper(db, estimateID, { signerName: 'Pat Client', signedOn: SIGNED_ON }, user, SIGNED_AT);
        agreementIDs.push(id);
      }
      return agreementIDs;
    });
    const lineRows = await db
      .select({
        id: agreementLines.id,
        name: agreementLines.name,
        version: agreementLines.version,
        agreementID: agreementLines.agreementID,
      })
      .from(agreementLines)
      .orderBy(asc(agreementLines.agreementID), asc(agreementLines.position));
    const [term] = await db.select({ startDate: agreements.startDate, endDate: agreements.endDate }).from(agreements).limit(1);
    const firstVisits = (await db.select({ id: visits.id }).from(visits)).length;
    console.log(
      `  ${count(made.value.length)} agreements signed on paper (markSignedOnPaper, one transaction each), ${count(lineRows.length)} lines, ${count(firstVisits)} visits, term ${String(term.startDate)} – ${String(term.endDate)}: ${ms(made.ms)} (${(made.ms / AGREEMENTS).toFixed(1)} ms each)`,
    );
    recordFigure({
      measure: `agreements: sign ${AGREEMENTS} estimates on paper (agreement, lines, visits)`,
      target,
      unit: 'ms',
      ours: made.ms,
      higherIsBetter: false,
    });

    // 2. Visit expansion.
    const mowing = lineRows.filter((line) => line.name === 'Mowing');
    const allLineIDs = lineRows.map((line) => line.id);
    const weekly = await timed(async () => {
      for (const line of mowing) await updateLine(db, line.id, { rrule: WEEKLY, version: line.version });
    });
    const mowingIDs = mowing.map((line) => line.id);
    const ourMowing = await visitKeys(db, mowingIDs);
    // The peer makes the same 500 changes each in its own transaction, as updateLine does.
    const naiveWeekly = await timed(async () => {
      let inserted = 0;
      for (const lineID of mowingIDs) inserted += await naiveReplan(db, [lineID]);
      return inserted;
    });
    const sameMowing = JSON.stringify(await visitKeys(db, mowingIDs)) === JSON.stringify(ourMowing);
    console.log(
      `  ${count(mowing.length)} Mowing lines set to ${WEEKLY} through updateLine (one transaction each): ${count(ourMowing.length)} visits, ${ms(weekly.ms)}`,
    );
    console.log(
      `    peer, the same lines stepped day by day, one INSERT per visit, a transaction per line: ${count(naiveWeekly.value)} visits, ${ms(naiveWeekly.ms)} (same visits: ${sameMowing ? 'yes' : 'NO'}); ratio ${(naiveWeekly.ms / weekly.ms).toFixed(2)}x`,
    );
    recordFigure({
      measure: `agreements: ${mowing.length} Mowing lines set weekly through updateLine`,
      target,
      unit: 'ms',
      ours: weekly.ms,
      peer: naiveWeekly.ms,
      peerName: 'day-by-day expansion, INSERT per visit',
      higherIsBetter: false,
    });

    const timeZone = await officeTimeZone(db);
    const replans: number[] = [];
    const naiveReplans: number[] = [];
    let visitCount = 0;
    let same = true;
    for (let run = 0; run < RUNS; run += 1) {
      const naive = await timed(() => naiveReplan(db, allLineIDs));
      naiveReplans.push(naive.ms);
      const naiveKeys = await visitKeys(db, allLineIDs);
      const ours = await timed(() => inTransaction(db, (tx) => replanVisits(tx, allLineIDs, timeZone)));
      replans.push(ours.ms);
      const ourKeys = await visitKeys(db, allLineIDs);
      visitCount = ourKeys.length;
      same &&= JSON.stringify(naiveKeys) === JSON.stringify(ourKeys);
    }
    // Where replanVisits' time goes: the plans' expansion alone, in process, against the day-by-day expansion.
    const plans = await db
      .select({ rrule: agreementLines.rrule, startDate: agreements.startDate, endDate: agreements.endDate })
      .from(agreementLines)
      .innerJoin(agreements, eq(agreements.id, agreementLines.agreementID));
    const terms = plans.map((plan) => ({ rrule: plan.rrule!, term: { startDate: String(plan.startDate), endDate: String(plan.endDate) } }));
    const expansion = await timed(async () => terms.reduce((n, plan) => n + expandVisitPlan(plan.rrule, timeZone, plan.term).length, 0));
    const naiveExpansion = await timed(async () => terms.reduce((n, plan) => n + naiveDates(plan.rrule, plan.term).length, 0));
    console.log(
      `    of which expandVisitPlan (rrule-temporal) of the ${count(terms.length)} plans in process: ${ms(expansion.ms)} (${count(expansion.value)} dates); the day-by-day expansion of the same: ${naiveExpansion.ms.toFixed(1)} ms (${count(naiveExpansion.value)} dates)`,
    );
    const replan = median(replans);
    const naiveReplanMs = median(naiveReplans);
    console.log(
      `  replanVisits of all ${count(allLineIDs.length)} lines at once (${count(visitCount)} visits over the season, one transaction): median ${ms(replan)} of ${RUNS} (${replans.map(ms).join(', ')})`,
    );
    console.log(
      `    peer, day by day with one INSERT per visit: median ${ms(naiveReplanMs)} (${naiveReplans.map(ms).join(', ')}), same visits: ${same ? 'yes' : 'NO'}; ratio ${(naiveReplanMs / replan).toFixed(1)}x`,
    );
    recordFigure({
      measure: `agreements: expand ${count(visitCount)} visits of ${AGREEMENTS} agreements (replanVisits)`,
      target,
      unit: 'ms (median)',
      ours: replan,
      peer: naiveReplanMs,
      peerName: 'day-by-day expansion, INSERT per visit',
      higherIsBetter: false,
    });

    const app = await buildApp({ database, jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789' });
    try {
      await app.ready();
      const xsrf = 'bench-anti-forgery-token';
      const cookie = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password },
        headers: cookie,
      });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      const headers = { ...cookie, authorization: `Bearer ${login.json().token}` };
      const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, status = 200) => {
        const res = await app.inject({ method, url, payload, headers });
        if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
        return res;
      };

      // 3. The Schedule's month query.
      const { from, to } = monthRange(MONTH);
      const monthUrl = `/api/visits?from=${from}&to=${to}`;
      const rows = (await call('GET', monthUrl)).json().visits.length as number; // warm
      const queries: number[] = [];
      for (let run = 0; run < QUERY_RUNS; run += 1) queries.push((await timed(() => call('GET', monthUrl))).ms);
      const naiveQueries: number[] = [];
      let naiveRows = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const naive = await timed(() => naiveMonthVisits(db, from, to));
        naiveQueries.push(naive.ms);
        naiveRows = naive.value.length;
      }
      const query = median(queries);
      const naiveQuery = median(naiveQueries);
      console.log(`  GET ${monthUrl} (${count(rows)} visits): median ${ms(query)} of ${QUERY_RUNS} (${queries.map(ms).join(', ')})`);
      console.log(
        `    peer, N+1 in process (the month's visits, then line, agreement and site by id): ${count(naiveRows)} rows, median ${ms(naiveQuery)} of ${RUNS}; ratio ${(naiveQuery / query).toFixed(1)}x`,
      );
      recordFigure({
        measure: `agreements: GET /api/visits for ${MONTH} (${count(rows)} visits)`,
        target,
        unit: 'ms (median)',
        ours: query,
        peer: naiveQuery,
        peerName: 'N+1 reads (line, agreement, site by id)',
        higherIsBetter: false,
      });

      // 4. A month's billing: the company's labour rate, a fifth of the cleanups time and materials, April's visits done.
      const company = (await call('GET', '/api/company')).json();
      await call('PUT', '/api/company', {
        ...company,
        name: company.name || 'Bench Lawn & Landscape',
        address1: company.address1 || '1 Depot Rd',
        city: company.city || 'Princeton',
        state: company.state || 'NJ',
        zip: company.zip || '08540',
        laborRate: 42.5,
      });
      const cleanups = lineRows.filter((line) => line.name === 'Spring Cleanup');
      const timeAndMaterials = new Set<number>();
      for (const [n, line] of cleanups.entries()) {
        if (n % TM_EVERY) continue;
        await call('PUT', `/api/agreementLines/${line.id}`, { basis: 'timeAndMaterials', version: line.version });
        timeAndMaterials.add(line.id);
      }
      const april = (await call('GET', monthUrl)).json().visits as { id: number; lineID: number; lineName: string; version: number }[];
      const completing = await timed(async () => {
        let done = 0;
        for (const visit of april) {
          if (visit.lineName === 'Shrub Maintenance') continue;
          const body = timeAndMaterials.has(visit.lineID)
            ? { status: 'done', actualHours: 3, materials: 45.5, crew: 'Crew B' }
            : { status: 'done', actualHours: visit.lineName === 'Mowing' ? 1.5 : 6, crew: 'Crew A' };
          await call('PUT', `/api/visits/${visit.id}`, { ...body, version: visit.version });
          done += 1;
        }
        return done;
      });
      console.log(
        `  ${count(completing.value)} of April's visits done with hours through PUT /api/visits/:id (${count(timeAndMaterials.size)} cleanups time and materials): ${ms(completing.ms)} (${(completing.ms / completing.value).toFixed(1)} ms each)`,
      );

      const monthUrlBilling = `/api/billing?month=${MONTH}`;
      const billingLinesCount = (await call('GET', monthUrlBilling)).json().lines.length as number; // warm
      const gets: number[] = [];
      for (let run = 0; run < RUNS; run += 1) gets.push((await timed(() => call('GET', monthUrlBilling))).ms);
      const exportsMs: number[] = [];
      let exported = { invoices: 0, lines: 0 };
      for (let run = 0; run < RUNS; run += 1) {
        const res = await timed(() => call('POST', '/api/billing/exports', { month: MONTH }, 201));
        exportsMs.push(res.ms);
        exported = res.value.json();
        await call('DELETE', `/api/billing/exports/${res.value.json().id}`);
      }
      const settings = billingSettings(await loadCosting(db));
      const naiveRuns: { computedMs: number; exportMs: number; lines: number }[] = [];
      for (let run = 0; run < RUNS; run += 1) naiveRuns.push(await naiveBilling(db, MONTH, settings));
      const get = median(gets);
      const made = median(exportsMs);
      const naiveComputed = median(naiveRuns.map((run) => run.computedMs));
      const naiveExport = median(naiveRuns.map((run) => run.exportMs));
      console.log(
        `  GET ${monthUrlBilling} (${count(billingLinesCount)} lines): median ${ms(get)} of ${RUNS} (${gets.map(ms).join(', ')})`,
      );
      console.log(
        `    peer, computed agreement by agreement (lines, visits and customer queried for each): ${count(naiveRuns[0].lines)} lines, median ${ms(naiveComputed)}; ratio ${(naiveComputed / get).toFixed(1)}x`,
      );
      console.log(
        `  POST /api/billing/exports {month: ${MONTH}} (${count(exported.lines)} lines, ${count(exported.invoices)} invoices; undone between runs): median ${ms(made)} of ${RUNS} (${exportsMs.map(ms).join(', ')})`,
      );
      console.log(
        `    peer, the same computed and the CSV written line by line (nothing recorded): median ${ms(naiveExport)}; ratio ${(naiveExport / made).toFixed(1)}x`,
      );
      recordFigure({
        measure: `agreements: GET /api/billing for ${MONTH} (${count(billingLinesCount)} lines)`,
        target,
        unit: 'ms (median)',
        ours: get,
        peer: naiveComputed,
        peerName: 'computed agreement by agreement',
        higherIsBetter: false,
      });
      recordFigure({
        measure: `agreements: POST /api/billing/exports for ${MONTH} (${count(exported.lines)} lines)`,
        target,
        unit: 'ms (median)',
        ours: made,
        peer: naiveExport,
        peerName: 'per-agreement queries, CSV line by line',
        higherIsBetter: false,
      });
    } finally {
      await app.close();
    }
  });
}
