import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const MALFORMED_PATH = 'The address is not a valid URL: it has a malformed percent-encoding.';

/** A part of the query string that is not valid percent-encoded UTF-8, named as far as it can be. */
export function malformedQueryPart(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start < 0) return undefined;
  for (const pair of url.slice(start + 1).split('&')) {
    const [name, ...rest] = pair.split('=');
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
    try {
      decode(name);
    } catch {
      return 'a parameter name';
    }
    try {
      decode(rest.join('='));
    } catch {
      return decode(name).slice(0, 60);
    }
  }
  return undefined;
}

/**
 * Malformed percent-encodings answer 400 (`{message}` under /api, a page elsewhere): in the path
 * (Fastify's router refuses them before any handler; `frameworkErrors` of buildApp calls
 * this) and in the query string, which Fastify would otherwise decode leniently into
 * replacement characters and run.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void badRequest(request, reply, error.code === 'FST_ERR_BAD_URL' ? MALFORMED_PATH : 'Malformed request.');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The 400 of a malformed address: `{message}` under /api; elsewhere (a client's /p/ link, an
 * office page) a browser shows the answer, so it is a page of its own, with a language and a
 * title like every other page (WCAG 3.1.1, 2.4.2).
 */
function badRequest(request: FastifyRequest, reply: FastifyReply, message: string): FastifyReply {
  reply.status(400);
  if (/^\/api(\/|\?|$)/.test(request.url)) return reply.send({ message });
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'")
    .header('cache-control', 'no-store')
    .send(
      '<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        '<title>Address not valid — Yardstick</title></head>\n' +
        `<body><main><h1>This address is not valid</h1><p>${escapeHtml(message)}</p>` +
        '<p>Check the link you were sent, or copy it again in full.</p></main></body>\n</html>\n',
    );
}

export function rejectMalformedQueries(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const part = malformedQueryPart(request.url);
    if (part !== undefined) return badRequest(request, reply, `The query string is malformed: ${part} has an invalid percent-encoding.`);
  });
}
