import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { round2 } from '../../src/domain/money';
import { everyStatus, recentWindowStart, type EstimateInsights, type ServiceInsight } from '../../src/domain/insights';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { siteServices } from '../db/tables/siteServices';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';
import { ESTIMATE_STATUS_IDS } from '../../src/domain/estimates';

/**
 * Counts and Σ subtotal per status for the three lists of the Home page, in one pass over
 * the estimates (one statement, whatever their number); statuses without estimates are
 * filled in with zeros.
 */
export async function estimateInsights(db: Db, now: Date): Promise<EstimateInsights> {
  const table = tables.estimates;
  const since = recentWindowStart(now).toISOString();
  const current = sql`NOT ${table.isArchived}`;
  const recent = sql`${table.createdAt} >= ${since}::timestamptz`;
  const rows = await db
    .select({
      status: table.status,
      currentCount: sql<number>`count(*) FILTER (WHERE ${current})`.mapWith(Number),
      currentPrice: sql<number>`coalesce(sum(${table.subtotal}) FILTER (WHERE ${current}), 0)`.mapWith(Number),
      recentCount: sql<number>`count(*) FILTER (WHERE ${recent})`.mapWith(Number),
      recentPrice: sql<number>`coalesce(sum(${table.subtotal}) FILTER (WHERE ${recent}), 0)`.mapWith(Number),
      allCount: count(),
      allPrice: sql<number>`coalesce(sum(${table.subtotal}), 0)`.mapWith(Number),
    })
    .from(table)
    .groupBy(table.status);
  const list = (countOf: (r: (typeof rows)[number]) => number, priceOf: (r: (typeof rows)[number]) => number) =>
    everyStatus(rows.map((r) => ({ status: r.status as number, count: countOf(r), price: round2(priceOf(r)) })));
  return {
    current: list(
      (r) => r.currentCount,
      (r) => r.currentPrice,
    ),
    last30Days: list(
      (r) => r.recentCount,
      (r) => r.recentPrice,
    ),
    allTime: list(
      (r) => r.allCount,
      (r) => r.allPrice,
    ),
  };
}

/** Every service with the number of sites it is assigned to: most first, then by name. */
export async function serviceInsights(db: Db): Promise<ServiceInsight[]> {
  const table = tables.services;
  // Counted per service first (from the service_id index), then joined to the few services.
  const perService = db
    .select({ serviceID: siteServices.serviceID, sites: count().as('sites') })
    .from(siteServices)
    .groupBy(siteServices.serviceID)
    .as('per_service');
  const sites = sql<number>`coalesce(${perService.sites}, 0)`.mapWith(Number);
  return db
    .select({ id: sql<number>`${table.id}`.mapWith(Number), name: sql<string>`${table.name}`, count: sites })
    .from(table)
    .leftJoin(perService, eq(perService.serviceID, table.id))
    .orderBy(desc(sites), asc(sql`lower(${table.name})`), asc(table.name), asc(table.id));
}

const statusList = z
  .array(z.object({ status: z.number().int(), count: z.number().int().min(0), price: z.number() }))
  .describe(`One entry per status (${ESTIMATE_STATUS_IDS.join(', ')}), in that order.`);

const docs = {
  estimates: {
    tag: 'Insights',
    summary: 'Estimates by status',
    description: 'Count and total subtotal per status: current (not archived), the last 30 days, and all time.',
    responses: {
      200: z.object({ current: statusList, last30Days: statusList, allTime: statusList }).describe('The three lists of the Home page.'),
    },
  },
  services: {
    tag: 'Insights',
    summary: 'Sites per service',
    responses: {
      200: z
        .array(z.object({ id: idSchema, name: z.string(), count: z.number().int().min(0) }))
        .describe('Every service, most sites first, then by name.'),
    },
  },
} satisfies Record<string, RouteDoc>;

/** GET /insights/estimates and GET /insights/services (SPEC §7 "Insights"). */
export async function insightRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  api.get('/insights/estimates', { config: { openapi: docs.estimates } }, async () => estimateInsights(db, new Date(api.deps.now())));
  api.get('/insights/services', { config: { openapi: docs.services } }, async () => serviceInsights(db));
}
