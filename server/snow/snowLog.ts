import { and, eq, lt } from 'drizzle-orm';
import { siteDepth } from '../../src/domain/snowCharges';
import { POUNDS_PER, snowSeasonOf, SNOW_SERVICE_LABELS, type SnowService } from '../../src/domain/snowPricing';
import { calendarDateIn } from '../../src/domain/officeDate';
import { sites as siteEntity } from '../../src/schema';
import { snowMessages } from '../../src/schema/actions/snow';
import { COMPANY_PROFILE_ID } from '../../src/schema/companyProfile';
import { getRecord } from '../crud/records';
import type { Db } from '../db/connection';
import { officeTimeZone } from '../db/officeSettings';
import { companyProfile } from '../db/tables/company';
import { snowSites, snowVisits } from '../db/tables/snow';
import { badRequest } from '../errors';
import { seasonStormFacts, visitHours } from './closeOut';
import { verifyChain, type ChainCheck } from './snowChain';
import type { SeasonReportData } from './seasonReport';
import { planPictureInput } from '../sitePlans/planPrint';
import { snowVisitRecords, standingVisits, stormsOf } from './visitLog';

/** `?season=2026`, else the season of the office's today. */
export function seasonParam(value: unknown, timeZone: string, now: number): number {
  if (value === undefined || value === '') return snowSeasonOf(calendarDateIn(timeZone, new Date(now)));
  const season = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : NaN;
  if (!(season >= 1900 && season <= 9998)) throw badRequest(snowMessages.season);
  return season;
}

/** GET /api/sites/:id/snowLog: the site's chain for a season, entry by entry, with its last hash. */
export async function siteSnowLog(db: Db, siteID: number, season: number) {
  await getRecord(db, siteEntity, siteID);
  const entries = await snowVisitRecords(db, and(eq(snowVisits.siteID, siteID), eq(snowVisits.season, season)));
  return { siteID, season, entries, head: entries.at(-1)?.hash ?? null };
}

/** GET /api/sites/:id/snowLog/verify: the chain computed again from the stored entries. */
export async function verifySiteSnowLog(db: Db, siteID: number, season: number): Promise<ChainCheck> {
  await getRecord(db, siteEntity, siteID);
  const rows = await db
    .select()
    .from(snowVisits)
    .where(and(eq(snowVisits.siteID, siteID), eq(snowVisits.season, season)))
    .orderBy(snowVisits.sequence, snowVisits.id);
  return verifyChain(rows.map((row) => ({ ...row, depth: row.depth === null ? null : Number(row.depth) })));
}

const time = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
const clock = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, timeStyle: 'short' });
const inches = (value: number | null) => (value === null ? '—' : `${value} in`);

/** What the season report prints (server/snow/seasonReport.ts), read from the log as it stands. */
export async function seasonReportData(db: Db, siteID: number, season: number, now: number): Promise<SeasonReportData> {
  const site = await getRecord(db, siteEntity, siteID);
  const timeZone = await officeTimeZone(db);
  const { entries } = await siteSnowLog(db, siteID, season);
  const chain = await verifySiteSnowLog(db, siteID, season);
  const [company] = await db.select({ name: companyProfile.name }).from(companyProfile).where(eq(companyProfile.id, COMPANY_PROFILE_ID));
  const stormRows = (await stormsOf(db, [...new Set(entries.map((entry) => entry.stormID))])).sort(
    (a, b) => a.start.getTime() - b.start.getTime(),
  );
  const standing = standingVisits(entries);
  const at = time(timeZone);
  const hours = Math.round(standing.reduce((total, visit) => total + visitHours(visit), 0) * 100) / 100;
  const material = new Map<string, number>();
  for (const visit of standing) {
    if (!visit.material) continue;
    const key = `${visit.material.unit} ${visit.material.kind}`;
    material.set(key, Math.round(((material.get(key) ?? 0) + visit.material.quantity) * 100) / 100);
  }
  return {
    companyName: String(company?.name ?? ''),
    siteName: String(site.name ?? ''),
    siteAddress: [site.address1, site.city, site.state, site.zip].filter(Boolean).join(', '),
    customerName: String(site.customerName ?? ''),
    season,
    storms: stormRows.map((storm) => ({
      name: String(storm.name),
      when: `${at.format(storm.start)}${storm.end ? ` – ${at.format(storm.end)}` : ''}`,
      depth: inches(storm.depth),
      source: String(storm.source ?? ''),
      entries: entries
        .filter((entry) => entry.stormID === storm.id)
        .map((entry) => ({
          sequence: entry.sequence,
          arrival: at.format(new Date(entry.arrival)),
          departure: entry.departure ? clock(timeZone).format(new Date(entry.departure)) : '—',
          services: entry.services.map((service) => SNOW_SERVICE_LABELS[service as SnowService]),
          passes: entry.passes,
          material: entry.material ? `${entry.material.quantity} ${entry.material.unit} ${entry.material.kind}` : '—',
          depth: inches(entry.depth),
          crew: entry.crew,
          notes: entry.notes,
          recorded: `${at.format(new Date(entry.recordedAt))}${entry.recordedByName ? ` by ${entry.recordedByName}` : ''}`,
          correction: entry.corrects
            ? `Corrects entry ${entries.find((e) => e.id === entry.corrects)?.sequence ?? entry.corrects}: ${entry.reason}`
            : null,
          correctedBy: entry.correctedBy
            ? `Corrected by entry ${entries.find((e) => e.id === entry.correctedBy)?.sequence ?? entry.correctedBy}`
            : null,
          hash: entry.hash,
        })),
    })),
    totals: {
      storms: new Set(standing.filter((visit) => visit.services.length).map((visit) => visit.stormID)).size,
      visits: standing.filter((visit) => visit.services.length).length,
      corrections: entries.filter((entry) => entry.corrects !== null).length,
      pushes: standing.reduce((total, visit) => total + visit.passes, 0),
      hours: `${hours} h`,
      material: material.size ? [...material].map(([key, quantity]) => `${quantity} ${key}`).join(', ') : 'none',
    },
    chain: { valid: chain.valid, head: chain.head, problem: chain.mismatch?.problem ?? null },
    printedAt: at.format(new Date(now)),
    plan: await planPictureInput(db, siteID),
  };
}

/**
 * GET /api/sites/:id/snowHistory: the site's past winters as the price sheets read them (each
 * storm with its standing visits), with events, inches and salt spread — what "what you would
 * have paid" and the expected season are worked out from.
 */
export async function siteSnowHistory(db: Db, siteID: number, now: number) {
  await getRecord(db, siteEntity, siteID);
  const timeZone = await officeTimeZone(db);
  const current = snowSeasonOf(calendarDateIn(timeZone, new Date(now)));
  const seasons = [
    ...new Set(
      (
        await db
          .selectDistinct({ season: snowVisits.season })
          .from(snowVisits)
          .where(and(eq(snowVisits.siteID, siteID), lt(snowVisits.season, current)))
      ).map((row) => row.season),
    ),
  ].sort((a, b) => a - b);
  const [facts] = await db.select().from(snowSites).where(eq(snowSites.siteID, siteID));
  const [company] = await db
    .select({ saltRate: companyProfile.saltRate })
    .from(companyProfile)
    .where(eq(companyProfile.id, COMPANY_PROFILE_ID));
  const result = [];
  for (const season of seasons) {
    const storms = (await seasonStormFacts(db, season, [siteID])).get(siteID) ?? [];
    const saltPounds = storms
      .flatMap((storm) => storm.visits)
      .filter((visit) => visit.services.includes('salt') && visit.material)
      .reduce((total, visit) => total + visit.material!.quantity * POUNDS_PER[visit.material!.unit], 0);
    result.push({
      season,
      storms,
      events: storms.length,
      inches: Math.round(storms.reduce((total, storm) => total + siteDepth(storm), 0) * 100) / 100,
      saltPounds: Math.round(saltPounds * 100) / 100,
    });
  }
  return {
    pavedArea: facts?.pavedArea === null || facts?.pavedArea === undefined ? null : Number(facts.pavedArea),
    saltRate: company?.saltRate === null || company?.saltRate === undefined ? null : Number(company.saltRate),
    seasons: result,
  };
}
