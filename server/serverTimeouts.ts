/** How long the server waits on a client before closing its connection (ms). */
export interface ServerTimeouts {
  /** To receive a request's headers (slow-header clients). */
  headers: number;
  /** To receive a whole request, body included. */
  request: number;
  /** Of silence on a connection, in either direction. */
  idle: number;
  /** For the next request on a kept-alive connection. */
  keepAlive: number;
  /** How often expired requests are looked for. */
  checkInterval: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headers: 10_000,
  request: 60_000,
  idle: 120_000,
  keepAlive: 5_000,
  checkInterval: 1_000,
};

/** Fastify's options for these timeouts. */
export function timeoutOptions(overrides: Partial<ServerTimeouts> = {}) {
  const t = { ...SERVER_TIMEOUTS, ...overrides };
  return {
    connectionTimeout: t.idle,
    keepAliveTimeout: t.keepAlive,
    requestTimeout: t.request,
    http: { headersTimeout: Math.min(t.headers, t.request), connectionsCheckingInterval: t.checkInterval },
  };
}
