import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { snowSeasonLabel } from '../../src/domain/snowPricing';
import * as actions from '../../src/schema/actions/snow';
import { registerAction } from '../actions/registerAction';
import { parseId } from '../crud/registerEntityRoutes';
import { officeTimeZone } from '../db/officeSettings';
import { snowVisits } from '../db/tables/snow';
import { sendFile } from '../documents/attachment';
import { HttpError, notFound } from '../errors';
import { idParams } from '../openapi/commonSchemas';
import { fileDownload, type RouteDoc } from '../openapi/routeDoc';
import { bufferOf } from '../work/featureTasks';
import { userOwner } from '../work/heavyWork';
import { setSnowRoute, stormBoard, updateSnowSite } from './board';
import { closeOutPreview, closeOutStorm } from './closeOut';
import { seasonReportTask } from './seasonReport';
import { seasonParam, seasonReportData, siteSnowHistory, siteSnowLog, verifySiteSnowLog } from './snowLog';
import { appendSnowVisit, snowVisitRecords, stormOf } from './visitLog';
import './stormHooks';

const TAG = 'Snow';
const seasonQuery = z.object({
  season: z.string().optional().describe('The winter by the year it starts (2026: 2026–27); default the current one.'),
});
const logEntry = actions.snowVisitSchema;

const docs = {
  visits: { tag: TAG, summary: 'A storm’s log entries', params: idParams, responses: { 200: z.object({ visits: z.array(logEntry) }) } },
  visitRefused: {
    tag: TAG,
    summary: 'Log entries are never changed',
    description: 'The snow log is append-only: 405. Log a correction instead (POST /api/storms/:id/visits with `corrects` and `reason`).',
    responses: {},
    errors: [405],
  },
  board: {
    tag: TAG,
    summary: 'The storm board',
    description:
      'The storm and its contracted snow sites in route order, each with what its contract covers and the entries logged so far.',
    params: idParams,
    responses: { 200: z.looseObject({ storm: z.looseObject({ id: z.number() }), sites: z.array(z.looseObject({ siteID: z.number() })) }) },
  },
  closeOutPreview: {
    tag: TAG,
    summary: 'What a close-out would bill',
    description:
      'The contracted sites with their standing visits, those with none (`missing`), and the billing lines closing out would make.',
    params: idParams,
    responses: { 200: z.looseObject({ missing: z.array(z.number()), lines: z.array(actions.closeOutLineSchema) }) },
  },
  log: {
    tag: TAG,
    summary: 'A site’s snow log',
    description: 'The site’s hash chain for a season: every entry with its `hash` and `prevHash`, in order, and the last hash.',
    params: idParams,
    querystring: seasonQuery,
    responses: { 200: z.object({ siteID: z.number(), season: z.number(), entries: z.array(logEntry), head: z.string().nullable() }) },
  },
  verify: {
    tag: TAG,
    summary: 'Verify a site’s snow log',
    description: 'Re-computes the chain from the stored entries and names the first entry that does not match.',
    params: idParams,
    querystring: seasonQuery,
    responses: {
      200: z.object({
        valid: z.boolean(),
        entries: z.number(),
        head: z.string().nullable(),
        mismatch: z.object({ id: z.number(), sequence: z.number(), problem: z.string() }).nullable(),
      }),
    },
  },
  report: {
    tag: TAG,
    summary: 'A site’s snow season report',
    params: idParams,
    querystring: seasonQuery,
    responses: {
      200: fileDownload('The season’s log as a PDF: storms, visits, corrections, totals and the final hash.', 'application/pdf'),
    },
  },
  history: {
    tag: TAG,
    summary: 'A site’s past winters',
    description:
      'Each past season’s storms with the standing visits at the site (as the price sheets read them), events, inches and salt spread.',
    params: idParams,
    responses: {
      200: z.looseObject({
        pavedArea: z.number().nullable(),
        saltRate: z.number().nullable(),
        seasons: z.array(z.looseObject({ season: z.number() })),
      }),
    },
  },
} satisfies Record<string, RouteDoc>;

type Params = { id: string };
type SeasonRequest = { Params: Params; Querystring: Record<string, unknown> };

/** Snow (issue 41): the storm log, the board, the close-out, and each site's log, its check, its report and its past winters. */
export async function snowRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const now = () => api.deps.now();
  const season = async (request: { query: Record<string, unknown> }) => seasonParam(request.query.season, await officeTimeZone(db), now());

  registerAction(api, actions.logSnowVisit, async ({ ids, body, request }) =>
    appendSnowVisit(db, ids.id, body, request.user ?? null, now()),
  );

  api.get<{ Params: Params }>('/storms/:id/visits', { config: { openapi: docs.visits } }, async (request) => {
    const storm = await stormOf(db, parseId(request.params.id));
    return { visits: await snowVisitRecords(db, eq(snowVisits.stormID, storm.id)) };
  });

  for (const method of ['PUT', 'DELETE'] as const) {
    for (const [url, params] of [
      ['/storms/:id/visits/:visitID', z.object({ id: z.string(), visitID: z.string() })],
      ['/snowVisits/:id', idParams],
    ] as const) {
      api.route({
        method,
        url,
        config: { openapi: { ...docs.visitRefused, params } },
        handler: async (request, reply) => {
          const params = request.params as { id: string; visitID?: string };
          const visitID = parseId(params.visitID ?? params.id);
          const stormID = params.visitID === undefined ? undefined : parseId(params.id);
          const [entry] = await db.select({ stormID: snowVisits.stormID }).from(snowVisits).where(eq(snowVisits.id, visitID));
          if (!entry || (stormID !== undefined && entry.stormID !== stormID)) throw notFound('Log entry not found.');
          void reply.header('allow', url.startsWith('/storms') ? 'GET' : '');
          throw new HttpError(405, actions.snowMessages.logAppendOnly);
        },
      });
    }
  }

  api.get<{ Params: Params }>('/storms/:id/board', { config: { openapi: docs.board } }, async (request) =>
    stormBoard(db, parseId(request.params.id)),
  );

  api.get<{ Params: Params }>('/storms/:id/closeOut', { config: { openapi: docs.closeOutPreview } }, async (request) =>
    closeOutPreview(db, parseId(request.params.id)),
  );
  registerAction(api, actions.closeOutStorm, async ({ ids }) => closeOutStorm(db, ids.id, now()));
  registerAction(api, actions.setSnowRoute, async ({ body }) => setSnowRoute(db, body.siteIDs));
  registerAction(api, actions.updateSnowSite, async ({ ids, body }) => updateSnowSite(db, ids.id, body.pavedArea));

  api.get<SeasonRequest>('/sites/:id/snowLog', { config: { openapi: docs.log } }, async (request) =>
    siteSnowLog(db, parseId(request.params.id), await season(request)),
  );
  api.get<SeasonRequest>('/sites/:id/snowLog/verify', { config: { openapi: docs.verify } }, async (request) =>
    verifySiteSnowLog(db, parseId(request.params.id), await season(request)),
  );
  api.get<SeasonRequest>('/sites/:id/snowReport', { config: { openapi: docs.report } }, async (request, reply) => {
    const siteID = parseId(request.params.id);
    const winter = await season(request);
    const data = await seasonReportData(db, siteID, winter, now());
    const pdf = bufferOf(await api.heavyWork.run(userOwner(request.user), seasonReportTask, data));
    const name = `Snow log ${data.siteName} ${snowSeasonLabel(winter)}.pdf`.replace(/[^\w .–-]+/g, ' ');
    return sendFile(reply, pdf, name, 'application/pdf');
  });
  api.get<{ Params: Params }>('/sites/:id/snowHistory', { config: { openapi: docs.history } }, async (request) =>
    siteSnowHistory(db, parseId(request.params.id), now()),
  );
}
