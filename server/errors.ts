import type { FastifyError, FastifyInstance } from 'fastify';
import { FORM_INVALID } from '../src/schema/validate';

/** An error whose message is safe to show to the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
export const conflict = (message: string) => new HttpError(409, message);
export const formInvalid = (errors: Record<string, string>) => new HttpError(400, FORM_INVALID, errors);

export const UNEXPECTED = 'Unexpected error';

/** Fastify's own client errors whose text we replace with something plain. */
const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length.',
};

/**
 * A write that lost a race with another one (a row referenced meanwhile, a duplicate):
 * PostgreSQL's code says which, the text stays in the log.
 */
function databaseConstraintError(error: unknown): string | undefined {
  const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  if (code === '23503' || code === '23001') return 'This record is still in use, or refers to a record that no longer exists.';
  if (code === '23505') return 'A record with the same value already exists.';
  return undefined;
}

/** Every error leaves as `{message}` (plus `errors` for forms): never SQL, stacks or paths. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: Record<string, unknown> = { message: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.statusCode === 429 && 'retryAfter' in error) reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.statusCode).send(body);
    }
    const constraint = databaseConstraintError(error);
    if (constraint) return reply.status(409).send({ message: constraint });
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return reply.status(400).send({ message: 'Invalid request parameters.' });
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        clientErrorMessages[fastifyError.code] ?? (status === 400 ? 'Malformed request.' : 'Request refused.');
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: UNEXPECTED });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
