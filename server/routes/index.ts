import type { FastifyInstance } from 'fastify';

/**
 * Bespoke endpoints beyond the generated CRUD (pricing, templates, clone, insights,
 * operations, lookups…): one register line per file in this folder.
 */
export async function bespokeRoutes(_api: FastifyInstance): Promise<void> {}
