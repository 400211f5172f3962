import { asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { agreements, storms, tableOf } from '../../server/db/entityTables';
import { agreementLines, billingExports, visits } from '../../server/db/tables/agreements';
import { snowVisits } from '../../server/db/tables/snow';
import { photos } from '../../server/db/tables/photos';
import { phoneJpeg, upload } from './photoFixtures';
import { mailOutbox } from '../../server/db/tables/mail';
import { jobs } from '../../server/db/tables/jobs';
import { entities } from '../../src/schema';
import { OFFICE_TIME_ZONE } from '../../src/domain/constants';
import { visitPlanText } from '../../src/domain/visitPlans';
import { replanVisits } from '../../server/agreements/visitPlanning';
import { operations, operationsValueFilters } from '../../src/schema/operations';
import type { TestApi } from './testApi';
import { followJob } from './jobViews';

/** A declaration whose list a route answers: its sort keys and filter keys. */
export interface ListDeclaration {
  name: string;
  route: string;
  listKey: string;
  parent?: { route: string };
  routes?: { list?: boolean };
  sortKeys: Map<string, unknown>;
  filterKeys: Map<string, unknown>;
}

export const listDeclarations: ListDeclaration[] = [...entities, operations];

/** The rows of a list answer: the body itself when it is an array, else its first array. */
export function rowsOfList(body: unknown): { key?: string; rows: Record<string, unknown>[] } | undefined {
  if (Array.isArray(body)) return { rows: body };
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) if (Array.isArray(value)) return { key, rows: value };
  }
  return undefined;
}

/**
 * A proposal sent now from the first estimate (issue 22): its id and the token of its link,
 * for `/api/proposals/:id/…` and `/api/public/proposals/:token/…`. Each call sends a new one
 * (which withdraws the one before), so the routes under it meet an open proposal.
 */
async function sentProposal(api: TestApi): Promise<{ id: number; token: string } | undefined> {
  const estimateID = await firstId(api, 'estimates');
  if (estimateID === undefined) return undefined;
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const res = await api.post(`/api/estimates/${estimateID}/proposals`, {
    printType: 'WORK_AREA_PRICE_ONLY',
    approval: true,
    to: ['client@example.com'],
    subject: 'Proposal',
    message: 'Our proposal.',
    validUntil,
  });
  if (res.status !== 201) throw new Error(`could not send a proposal to fill a path: ${res.raw}`);
  return { id: res.body.id as number, token: String(res.body.link).split('/p/')[1] };
}

/** A pending import of a two-row customer file (issue 25), for `/api/imports/:id/…`: each call uploads one and waits for it to be read. */
async function pendingImport(api: TestApi): Promise<number> {
  const content = Buffer.from('Company,Street,City,State,Zip\nBattery Lawns,1 Oak Ave,Trenton,NJ,8608\n').toString('base64');
  const res = await api.post('/api/imports', { kind: 'customers', fileName: 'battery.csv', content });
  if (res.status !== 202) throw new Error(`could not upload an import to fill a path: ${res.raw}`);
  // Read by its job before the path is used: nothing changes under a test that checks nothing was written.
  const read = await followJob(api, res);
  if (read.status !== 'done') throw new Error(`the import to fill a path was not read: ${read.error}`);
  return res.body.id as number;
}

/** A mail that finally failed (issue 35), for `/api/mail/:id/…`: each call stores one. */
async function failedMail(api: TestApi): Promise<number> {
  const [row] = await api.database.db
    .insert(mailOutbox)
    .values({
      kind: 'proposal',
      to: ['client@example.com'],
      cc: [],
      subject: 'Proposal',
      text: 'Our proposal.',
      html: '<p>Our proposal.</p>',
      attachments: [],
      status: 'failed',
      failedAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/** A job that failed for good (a kind no worker runs, so that a retry leaves it waiting). */
async function failedJob(api: TestApi): Promise<number> {
  const [row] = await api.database.db
    .insert(jobs)
    .values({ kind: 'fixture:nobodyRunsThis', payload: {}, status: 'failed', maxAttempts: 1, error: 'It failed.' })
    .returning({ id: jobs.id });
  return row.id;
}

/** The first stored id of the entity routed at `/api/<segment>` (else the first its list answers), for the `:id` of paths under it. */
async function firstId(api: TestApi, segment: string): Promise<number | undefined> {
  if (segment === 'proposals') return (await sentProposal(api))?.id;
  if (segment === 'imports') return pendingImport(api);
  if (segment === 'mail') return failedMail(api);
  if (segment === 'jobs') return failedJob(api);
  if (segment === 'customFields') return customField(api);
  if (segment === 'agreements' || segment === 'agreementLines' || segment === 'visits') return agreementPart(api, segment);
  if (segment === 'exports') return billingExport(api);
  if (segment === 'storms') return storm(api);
  if (segment === 'snowVisits') return snowVisit(api);
  if (segment === 'snowSites') return firstId(api, 'sites');
  if (segment === 'photos') return photo(api);
  const entity = entities.find((e) => e.route === segment);
  if (entity) {
    const table = tableOf(entity.name);
    const [row] = await api.database.db
      .select({ id: table.id as PgColumn })
      .from(table)
      .orderBy(asc(table.id as PgColumn))
      .limit(1);
    return row?.id as number | undefined;
  }
  const res = await api.get(`/api/${segment}`);
  const rows = rowsOfList(res.body)?.rows ?? [];
  const row = rows.find((r) => typeof r?.id === 'number');
  return row?.id as number | undefined;
}

/**
 * An agreement (issue 40), made when there is none by signing a proposal of the first estimate
 * (every area accepted), or its first line or visit.
 */
async function agreementPart(api: TestApi, segment: 'agreements' | 'agreementLines' | 'visits'): Promise<number | undefined> {
  const [stored] = await api.database.db.select({ id: agreements.id }).from(agreements).orderBy(asc(agreements.id)).limit(1);
  let agreementID = stored?.id;
  if (agreementID === undefined) {
    const proposal = await sentProposal(api);
    if (!proposal) return undefined;
    const page = await api.request('GET', `/api/public/proposals/${proposal.token}`, undefined, null);
    const areaIDs = (page.body.areas as { id: number }[]).map((area) => area.id);
    const body = { acceptedWorkAreaIDs: areaIDs, signerName: 'Battery Client', signature: { typed: 'Battery Client' } };
    const res = await api.request('POST', `/api/public/proposals/${proposal.token}/accept`, body, null);
    if (res.status !== 200) throw new Error(`could not sign a proposal to fill a path: ${res.raw}`);
    [{ id: agreementID }] = await api.database.db.select({ id: agreements.id }).from(agreements).orderBy(asc(agreements.id)).limit(1);
    await holdToFixedTerm(api, agreementID);
  }
  if (segment === 'agreements') return agreementID;
  const table = segment === 'visits' ? visits : agreementLines;
  const [row] = await api.database.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.agreementID, agreementID))
    .orderBy(asc(table.id))
    .limit(1);
  return row?.id;
}

/**
 * The agreement's term, signing day and plans set to a fixed season far ahead: what its routes
 * answer (visits, schedules, costing) is then the same whatever day the batteries run.
 */
async function holdToFixedTerm(api: TestApi, agreementID: number): Promise<void> {
  const { db } = api.database;
  await db.update(agreements).set(FIXED_TERM).where(eq(agreements.id, agreementID));
  const lines = await db
    .select({ id: agreementLines.id, plannedVisits: agreementLines.plannedVisits })
    .from(agreementLines)
    .where(eq(agreementLines.agreementID, agreementID));
  for (const line of lines) {
    const rrule = visitPlanText({ kind: 'spread', visits: line.plannedVisits }, FIXED_TERM);
    await db.update(agreementLines).set({ rrule }).where(eq(agreementLines.id, line.id));
  }
  await db.delete(visits).where(eq(visits.agreementID, agreementID));
  await replanVisits(
    db,
    lines.map((line) => line.id),
    OFFICE_TIME_ZONE,
  );
}

const FIXED_TERM = { startDate: '2030-04-01', endDate: '2030-11-30', signedOn: '2030-03-01' };

/** A billing export (issue 40), for `/api/billing/exports/:id…`: each call stores one (with no lines). */
async function billingExport(api: TestApi): Promise<number> {
  const [row] = await api.database.db
    .insert(billingExports)
    .values({ month: '2026-01', invoices: 0, lines: 0, total: 0, firstInvoice: 1, lastInvoice: 0, csv: 'Invoice number\r\n' })
    .returning({ id: billingExports.id });
  return row.id;
}

/** A storm (issue 41) on a fixed day far ahead, stored when there is none. */
async function storm(api: TestApi): Promise<number> {
  const [stored] = await api.database.db.select({ id: storms.id }).from(storms).orderBy(asc(storms.id)).limit(1);
  if (stored) return stored.id;
  const res = await api.post('/api/storms', { start: '2030-01-10T12:00:00.000Z', depth: 3, source: 'Battery' });
  if (res.status !== 201) throw new Error(`could not log a storm to fill a path: ${res.raw}`);
  return res.body.id as number;
}

/** A snow log entry (issue 41) of the first storm at the first site, logged when there is none. */
async function snowVisit(api: TestApi): Promise<number | undefined> {
  const [stored] = await api.database.db.select({ id: snowVisits.id }).from(snowVisits).orderBy(asc(snowVisits.id)).limit(1);
  if (stored) return stored.id;
  const [stormID, siteID] = [await storm(api), await firstId(api, 'sites')];
  if (siteID === undefined) return undefined;
  const res = await api.post(`/api/storms/${stormID}/visits`, { siteID, arrival: '2030-01-10T13:00:00.000Z', services: ['plow'] });
  if (res.status !== 201) throw new Error(`could not log a snow visit to fill a path: ${res.raw}`);
  return res.body.id as number;
}

/** A photo (issue 42) of the first site, uploaded when there is none. */
async function photo(api: TestApi): Promise<number | undefined> {
  const [stored] = await api.database.db.select({ id: photos.id }).from(photos).orderBy(asc(photos.id)).limit(1);
  if (stored) return stored.id;
  const siteID = await firstId(api, 'sites');
  if (siteID === undefined) return undefined;
  const res = await upload(api, `/api/sites/${siteID}/photos`, [{ name: 'fixture.jpg', bytes: await phoneJpeg(120, 90) }]);
  if (res.status !== 201) throw new Error(`could not upload a photo to fill a path: ${res.raw}`);
  return res.body.photos[0].id as number;
}

/** A custom field of the customers (issue 38), added when there is none. */
async function customField(api: TestApi): Promise<number | undefined> {
  const [first] = (await api.get('/api/customFields')).body.customFields as { id: number }[];
  if (first) return first.id;
  return (await api.post('/api/customFields', { entity: 'customers', label: 'Gate code', kind: 'text', filterable: true })).body.id;
}

/** A distinct-values column declared in the registry (`/uniqueColumnValues/:table/:column`). */
function listableColumn(): { table: string; column: string } {
  for (const entity of entities) {
    const field = entity.resolved.find((f) => f.distinctValues);
    if (field) return { table: entity.table, column: field.column };
  }
  throw new Error('no distinctValues field in the registry');
}

/**
 * A route pattern with each parameter filled with a value that exists: `:id` after
 * `/<segment>/` is the first id the list of that segment answers (a proposal just sent under
 * `/proposals/`, a pending import just uploaded under `/imports/`, a failed mail just stored
 * under `/mail/`, a failed job under `/jobs/`); `:token` the link token of a proposal just sent; `:revision` 1; `:serviceID` a service
 * assigned to the site; `:table/:column` and `:column` the first listable column.
 * Undefined when there is no such row.
 */
export async function fillPath(api: TestApi, pattern: string): Promise<string | undefined> {
  const segments = pattern.split('/');
  const filled: string[] = [];
  for (const [index, segment] of segments.entries()) {
    if (!segment.startsWith(':')) {
      filled.push(segment);
      continue;
    }
    const name = segment.slice(1);
    let value: string | number | undefined;
    if (name === 'id') value = await firstId(api, segments[index - 1]);
    else if (name === 'serviceID') value = ((await api.get(`${filled.join('/')}`)).body as number[])[0];
    else if (name === 'token') value = (await sentProposal(api))?.token;
    // Every estimate has revision 1 (frozen or current).
    else if (name === 'revision') value = 1;
    else if (name === 'visitID') value = await snowVisit(api);
    else if (name === 'photoID') value = await photo(api);
    else if (name === 'version') value = 'thumb';
    else if (name === 'table') value = listableColumn().table;
    else if (name === 'column') value = pattern.includes(`/${operations.route}/`) ? operationsValueFilters[0] : listableColumn().column;
    if (value === undefined) return undefined;
    filled.push(String(value));
  }
  return filled.join('/');
}
