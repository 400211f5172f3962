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
 * Malformed percent-encodings answer 400 in the app's `{message}` format: in the path
 * (Fastify's router refuses them before any handler; `frameworkErrors` of buildApp calls
 * this) and in the query string, which Fastify would otherwise decode leniently into
 * replacement characters and run.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send({ message: error.code === 'FST_ERR_BAD_URL' ? MALFORMED_PATH : 'Malformed request.' });
}

export function rejectMalformedQueries(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const part = malformedQueryPart(request.url);
    if (part !== undefined)
      return reply.status(400).send({ message: `The query string is malformed: ${part} has an invalid percent-encoding.` });
  });
}
