import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers for the whole app; API responses are never cached. Helmet's middleware is
 * built once (@fastify/helmet built it again on every request, parsing the policy each time).
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // MUI/emotion inject style elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'frame-src': ["'self'", 'blob:'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    // The app is served over plain HTTP on a LAN as often as behind TLS.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, () => done()));
  app.addHook('onSend', async (request, reply) => {
    reply.removeHeader('x-powered-by');
    if (request.url.startsWith('/api')) reply.header('cache-control', 'no-store');
  });
});
