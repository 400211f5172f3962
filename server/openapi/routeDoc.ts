import { z } from 'zod';

/**
 * What a route tells integrators about itself, declared next to the route (its `config.openapi`)
 * and turned into the OpenAPI document by server/openapi/plugin.ts. Only the shapes are given
 * here; the error responses every route shares (400, 401, 403, 404, 500…) are added from what
 * the route is (public or not, a write or a read, with an id in its path or not).
 *
 * The schemas describe; they do not validate requests at run time (the declarations' own rules
 * do, with their messages). The API tests check every response against this document, so a
 * schema that no longer says what the route answers fails the suite.
 */
export interface RouteDoc {
  /** Group of the reference page, e.g. 'Estimates'. */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodType | RawBody;
  /** Successful responses by status: a JSON schema, a file download, or nothing (204). */
  responses: Record<number, z.ZodType | FileDownload | NoContent>;
  /** Error statuses beyond the shared ones (409, 429, 503…). */
  errors?: number[];
}

export interface FileDownload {
  kind: 'file';
  description: string;
  contentTypes: readonly string[];
}

export interface RawBody {
  kind: 'raw';
  description: string;
  contentTypes: readonly string[];
}

export interface NoContent {
  kind: 'none';
  description: string;
}

export const fileDownload = (description: string, ...contentTypes: string[]): FileDownload => ({ kind: 'file', description, contentTypes });
export const rawBody = (description: string, ...contentTypes: string[]): RawBody => ({ kind: 'raw', description, contentTypes });
export const noContent = (description: string): NoContent => ({ kind: 'none', description });

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's entry in /api/openapi.json. */
    openapi?: RouteDoc;
  }
}
