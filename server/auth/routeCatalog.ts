import type { FastifyInstance } from 'fastify';

export interface RouteInfo {
  method: string;
  /** Full path with the prefix, e.g. `/api/customers/:id`. */
  url: string;
  /** Declared `config: { public: true }` (no sign-in needed). */
  public: boolean;
  /** Declared `config: { adminOnly: true }` (staff are refused with 403). */
  adminOnly: boolean;
}

/** Keyed by the HTTP server, which every encapsulation context of one app shares. */
const catalogs = new WeakMap<object, RouteInfo[]>();

/** Records every route registered from here on in this context and its children. */
export function recordRoutes(app: FastifyInstance): void {
  let list = catalogs.get(app.server);
  if (!list) {
    list = [];
    catalogs.set(app.server, list);
  }
  const target = list;
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      target.push({ method, url: route.url, public: route.config?.public === true, adminOnly: route.config?.adminOnly === true });
    }
  });
}

/** Every /api route of the app, so tests can prove each one is guarded. */
export function apiRoutes(app: FastifyInstance): RouteInfo[] {
  return [...(catalogs.get(app.server) ?? [])];
}
