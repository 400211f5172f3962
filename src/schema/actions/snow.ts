/**
 * Snow (issue 41): the storm log — visits appended, never changed — the storm's close-out into
 * billing, and the route the storm board follows. Reads are plain GETs (server/snow/routes.ts).
 */
import { z } from 'zod';
import { SNOW_MATERIAL_UNITS, SNOW_SERVICES } from '../../domain/snowPricing';
import { storms } from '../storms';
import { isStorableDate } from '../validate';
import { idSchema } from './answers';
import { ONE_LINE_FORBIDDEN, optionalText, recordId } from './fields';
import { defineAction } from './defineAction';
import { BILLING_QUERY } from './agreements';
import { billingLineSchema } from './billing';

/** The named queries of the snow screens. */
export const STORM_BOARD_QUERY = 'stormBoard';
export const STORM_CLOSE_OUT_QUERY = 'stormCloseOut';
export const SITE_SNOW_LOG_QUERY = 'siteSnowLog';
/** What a new log entry or a changed route makes stale: the board, the close-out and the sites' logs. */
const SNOW_LOG_VIEWS = [STORM_BOARD_QUERY, STORM_CLOSE_OUT_QUERY, SITE_SNOW_LOG_QUERY];

export const SNOW_VISIT_MAX_PASSES = 50;
export const SNOW_DEPTH_MAX = 200;
export const SNOW_MATERIAL_MAX = 100_000;
/** A visit lasts at most a day (a crew stays on a big lot through a long storm). */
export const SNOW_VISIT_MAX_HOURS = 24;
export const SNOW_ROUTE_MAX = 2000;

export const snowMessages = {
  siteID: 'Site must be a site.',
  arrival: 'Arrival must be a date and time.',
  departure: 'Departure must be a date and time.',
  departureBeforeArrival: 'Departure must be after Arrival.',
  visitTooLong: `A visit lasts at most ${SNOW_VISIT_MAX_HOURS} hours: log another visit for the rest.`,
  services: `Services must be a list of: ${SNOW_SERVICES.join(', ')}, each once.`,
  servicesRequired: 'Choose at least one service.',
  passes: `Passes must be a whole number from 1 to ${SNOW_VISIT_MAX_PASSES}.`,
  depth: `Depth must be a number of inches from 0 to ${SNOW_DEPTH_MAX}.`,
  materialKind: 'Material must say what was spread.',
  materialQuantity: `Material quantity must be a number from 0 to ${SNOW_MATERIAL_MAX.toLocaleString('en-US')}.`,
  materialUnit: `Material unit must be one of: ${SNOW_MATERIAL_UNITS.join(', ')}.`,
  corrects: 'Corrects must be the id of an entry of this storm at this site.',
  reasonRequired: 'Reason is required for a correction.',
  reasonWithoutCorrection: 'A reason is given with a correction only.',
  alreadyCorrected: 'This entry was corrected already: correct the latest correction instead.',
  notContracted: 'This site has no snow contract for this storm.',
  logAppendOnly: 'The snow log is append-only: log a correction (POST with `corrects` and `reason`) instead.',
  season: 'Season must be the year a winter starts (e.g. 2026 for 2026–27).',
  routeSites: 'Site IDs must be a list of sites, each once.',
  pavedArea: 'Paved Area must be a whole number of square feet from 0 to 99,999,999.',
} as const;

const instant = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => !Number.isNaN(new Date(value).getTime()) && isStorableDate(new Date(value)), { error: message })
    .meta({ format: 'date-time' });

const materialSchema = z.object({
  kind: z
    .string({ error: snowMessages.materialKind })
    .trim()
    .min(1, { error: snowMessages.materialKind })
    .max(60, { error: snowMessages.materialKind })
    .refine((value) => !ONE_LINE_FORBIDDEN.test(value), { error: snowMessages.materialKind }),
  quantity: z
    .number({ error: snowMessages.materialQuantity })
    .min(0, { error: snowMessages.materialQuantity })
    .max(SNOW_MATERIAL_MAX, { error: snowMessages.materialQuantity }),
  unit: z.enum(SNOW_MATERIAL_UNITS, { error: snowMessages.materialUnit }),
});

export const snowVisitBody = z
  .object({
    siteID: recordId(snowMessages.siteID),
    arrival: instant(snowMessages.arrival),
    departure: instant(snowMessages.departure).nullish(),
    services: z
      .array(z.enum(SNOW_SERVICES, { error: snowMessages.services }), { error: snowMessages.services })
      .max(SNOW_SERVICES.length, { error: snowMessages.services })
      .refine((list) => new Set(list).size === list.length, { error: snowMessages.services }),
    passes: z
      .number({ error: snowMessages.passes })
      .int({ error: snowMessages.passes })
      .min(1, { error: snowMessages.passes })
      .max(SNOW_VISIT_MAX_PASSES, { error: snowMessages.passes })
      .nullish(),
    material: materialSchema.nullish(),
    depth: z
      .number({ error: snowMessages.depth })
      .min(0, { error: snowMessages.depth })
      .max(SNOW_DEPTH_MAX, { error: snowMessages.depth })
      .nullish(),
    crew: optionalText('Crew', { max: 100, oneLine: true }),
    notes: optionalText('Notes', { max: 2000 }),
    corrects: recordId(snowMessages.corrects).nullish(),
    reason: optionalText('Reason', { max: 500 }),
  })
  .superRefine((body, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (body.corrects && !body.reason) issue('reason', snowMessages.reasonRequired);
    if (!body.corrects && body.reason) issue('reason', snowMessages.reasonWithoutCorrection);
    // A correction may void an entry (no service); a first entry reports some work.
    if (!body.corrects && body.services.length === 0) issue('services', snowMessages.servicesRequired);
    if (body.departure) {
      const minutes = (new Date(body.departure).getTime() - new Date(body.arrival).getTime()) / 60_000;
      if (minutes < 0) issue('departure', snowMessages.departureBeforeArrival);
      else if (minutes > SNOW_VISIT_MAX_HOURS * 60) issue('departure', snowMessages.visitTooLong);
    }
  });

export const snowVisitSchema = z.object({
  id: idSchema,
  stormID: idSchema,
  stormName: z.string(),
  siteID: idSchema,
  siteName: z.string(),
  season: z.number().int(),
  sequence: z.number().int(),
  arrival: z.string(),
  departure: z.string().nullable(),
  services: z.array(z.enum(SNOW_SERVICES)),
  passes: z.number().int(),
  material: z.object({ kind: z.string(), quantity: z.number(), unit: z.string() }).nullable(),
  depth: z.number().nullable(),
  crew: z.string(),
  notes: z.string(),
  corrects: z.number().int().nullable(),
  reason: z.string().nullable(),
  recordedAt: z.string().describe('When the server recorded it (not a time it reports).'),
  recordedBy: z.number().int().nullable(),
  recordedByName: z.string(),
  prevHash: z.string().describe('The hash of the entry before it in the site’s chain for the season (64 zeros for the first).'),
  hash: z.string().describe('SHA-256 over its content, its recording and prevHash (server/snow/snowChain.ts).'),
  correctedBy: z.number().int().nullable().describe('The entry correcting it, if any.'),
});

export const logSnowVisit = defineAction({
  name: 'logSnowVisit',
  method: 'POST',
  path: '/storms/:id/visits',
  access: 'user',
  tag: 'Snow',
  summary: 'Log a site visit of a storm',
  description:
    'Appends an entry to the site’s snow log for the storm’s season: arrival and departure, services (plow, salt, walks, other), passes, material spread, the depth on site, the crew and notes. A correction names the entry it corrects (`corrects`) and why (`reason`); nothing in the log is ever updated or deleted (PUT and DELETE answer 405).',
  body: snowVisitBody,
  status: 201,
  answer: snowVisitSchema,
  errors: [409],
  invalidates: [storms.name, ...SNOW_LOG_VIEWS],
});

/** A billing line a close-out makes (as GET /api/billing lists it, `source: 'event'`), with its site and the log entries it bills. */
export const closeOutLineSchema = billingLineSchema.omit({ customerID: true, lineID: true, source: true }).extend({
  siteID: idSchema,
  siteName: z.string(),
  visitIDs: z.array(z.number().int()),
});

export const closeOutStorm = defineAction({
  name: 'closeOutStorm',
  method: 'POST',
  path: '/storms/:id/closeOut',
  access: 'user',
  tag: 'Snow',
  summary: 'Close out a storm into billing',
  description:
    'Prices the visits logged at each contracted site through its signed snow price sheet — the band of the depth logged, salt by application or quantity, hours by rate, seasonal caps counted across the season’s storms with overage beyond them — and keeps the result as billing lines (GET /api/billing, `source: event`). Closing out again remakes the lines not exported yet. `missing`: contracted sites with no visit.',
  status: 200,
  answer: z.object({ lines: z.array(closeOutLineSchema), missing: z.array(idSchema) }),
  invalidates: [storms.name, ...SNOW_LOG_VIEWS, BILLING_QUERY],
});

export const setSnowRoute = defineAction({
  name: 'setSnowRoute',
  method: 'PUT',
  path: '/snowRoute',
  access: 'user',
  tag: 'Snow',
  summary: 'Set the storm route',
  description: 'The order the storm board lists the snow sites in, first to last; sites left out follow, by name.',
  body: z.object({
    siteIDs: z
      .array(recordId(snowMessages.routeSites), { error: snowMessages.routeSites })
      .max(SNOW_ROUTE_MAX, { error: snowMessages.routeSites })
      .refine((ids) => new Set(ids).size === ids.length, { error: snowMessages.routeSites }),
  }),
  status: 200,
  answer: z.object({ siteIDs: z.array(idSchema) }),
  invalidates: SNOW_LOG_VIEWS,
});

export const snowSiteSchema = z.object({ siteID: idSchema, pavedArea: z.number().nullable(), routePosition: z.number().int().nullable() });

export const updateSnowSite = defineAction({
  name: 'updateSnowSite',
  method: 'PUT',
  path: '/snowSites/:id',
  access: 'user',
  tag: 'Snow',
  summary: 'Set a site’s paved area',
  description: 'The paved area salted at the site (ft²): salt per 1,000 ft² per event is measured against it.',
  body: z.object({
    pavedArea: z
      .number({ error: snowMessages.pavedArea })
      .int({ error: snowMessages.pavedArea })
      .min(0, { error: snowMessages.pavedArea })
      .max(99_999_999, { error: snowMessages.pavedArea })
      .nullable(),
  }),
  status: 200,
  answer: snowSiteSchema,
  invalidates: SNOW_LOG_VIEWS,
});
