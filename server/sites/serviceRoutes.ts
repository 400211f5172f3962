import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { services, sites } from '../../src/schema';
import { INT4_MAX } from '../../src/schema/validate';
import { siteServices } from '../db/tables/siteServices';
import { getRecord } from '../crud/records';
import { formInvalid } from '../errors';
import { noContent, type RouteDoc } from '../openapi/routeDoc';
import { createdSchema, idParam, idParams, idSchema } from '../openapi/commonSchemas';
import { entityTag } from '../openapi/entityRouteDocs';

// Digits only: Number() would also read '0x1', '1e3' or ' 1 ' as an id.
const id = z
  .union([z.number(), z.string().regex(/^\d+$/)])
  .transform(Number)
  .pipe(z.number().int().positive().max(INT4_MAX));
const siteParams = z.object({ id });
const assignmentParams = z.object({ id, serviceID: id });

const docs = {
  list: {
    tag: entityTag(sites),
    summary: "A site's services",
    params: idParams,
    responses: { 200: z.array(idSchema).describe('The ids of the services assigned to the site, ascending.') },
  },
  assign: {
    tag: entityTag(sites),
    summary: 'Assign a service to a site',
    description: 'Assigning it twice is harmless.',
    params: idParams,
    body: z.object({ serviceID: idSchema }),
    responses: { 201: createdSchema.describe('The id of the service.') },
  },
  unassign: {
    tag: entityTag(sites),
    summary: 'Unassign a service from a site',
    params: z.object({ id: idParam, serviceID: idParam }),
    responses: { 204: noContent('The service is no longer assigned to the site.') },
  },
  siteCount: {
    tag: entityTag(services),
    summary: 'How many sites a service is assigned to',
    params: idParams,
    responses: { 200: z.object({ count: z.number().int().min(0) }).describe('The number of sites.') },
  },
} satisfies Record<string, RouteDoc>;

/** `{serviceID}` of an assignment; a missing or malformed one is a form error like any other. */
function readServiceID(body: unknown): number {
  const given = body && typeof body === 'object' && !Array.isArray(body) ? (body as { serviceID?: unknown }).serviceID : undefined;
  if (given === undefined || given === null || given === '') throw formInvalid({ serviceID: 'Service is required.' });
  // A number or its digits; zod's coercion would also take `true` or `[5]`.
  const parsed = typeof given === 'number' || (typeof given === 'string' && /^\d+$/.test(given)) ? id.safeParse(given) : undefined;
  if (!parsed?.success) throw formInvalid({ serviceID: 'Service is invalid.' });
  return parsed.data;
}

/**
 * Services assigned to a site (SPEC §7 Sites): the ids of its services, assign (twice is
 * harmless), unassign. Plus, beyond SPEC, how many sites a service is assigned to, which
 * the Services screen asks before deleting one.
 */
export async function siteServiceRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api.deps.database;
  const typed = api.withTypeProvider<ZodTypeProvider>();

  typed.get(
    `/${sites.route}/:id/${services.route}`,
    { schema: { params: siteParams }, config: { openapi: docs.list } },
    async (request) => {
      await getRecord(db, sites, request.params.id);
      const rows = await db
        .select({ serviceID: siteServices.serviceID })
        .from(siteServices)
        .where(eq(siteServices.siteID, request.params.id))
        .orderBy(asc(siteServices.serviceID));
      return rows.map((r) => r.serviceID);
    },
  );

  typed.post(
    `/${sites.route}/:id/${services.route}`,
    { schema: { params: siteParams }, config: { openapi: docs.assign } },
    async (request, reply) => {
      await getRecord(db, sites, request.params.id);
      const serviceID = readServiceID(request.body);
      await getRecord(db, services, serviceID);
      await db.insert(siteServices).values({ siteID: request.params.id, serviceID }).onConflictDoNothing();
      return reply.status(201).send({ id: serviceID });
    },
  );

  typed.delete(
    `/${sites.route}/:id/${services.route}/:serviceID`,
    { schema: { params: assignmentParams }, config: { openapi: docs.unassign } },
    async (request, reply) => {
      const { id: siteID, serviceID } = request.params;
      await getRecord(db, sites, siteID);
      await getRecord(db, services, serviceID);
      await db.delete(siteServices).where(and(eq(siteServices.siteID, siteID), eq(siteServices.serviceID, serviceID)));
      return reply.status(204).send();
    },
  );

  typed.get(
    `/${services.route}/:id/siteCount`,
    { schema: { params: siteParams }, config: { openapi: docs.siteCount } },
    async (request) => {
      await getRecord(db, services, request.params.id);
      const [{ n }] = await db.select({ n: count() }).from(siteServices).where(eq(siteServices.serviceID, request.params.id));
      return { count: Number(n) };
    },
  );
}
