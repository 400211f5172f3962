import type { FastifyError, FastifyInstance } from 'fastify';
import type { Entity } from '../src/schema/defineEntity';
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

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The 404 message of a record of an entity: "Work area not found." */
export function notFoundMessage(entity: Pick<Entity, 'singular'>): string {
  return `${capitalise(entity.singular)} not found.`;
}
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

/** Longest message kept in the log: a failed query's text carries the SQL and its parameters. */
export const LOGGED_MESSAGE_MAX = 300;
const LOGGED_STACK_FRAMES = 5;

const bounded = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

/**
 * What the log keeps of an unexpected error: its class, code, a bounded message and the
 * top of its stack, and the same of its cause; never the query parameters or a body in bulk.
 */
export function errorSummary(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { class: typeof error, message: bounded(String(error), LOGGED_MESSAGE_MAX) };
  const code = (error as { code?: unknown }).code;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    class: error.constructor?.name ?? 'Error',
    ...(typeof code === 'string' ? { code } : {}),
    message: bounded(error.message, LOGGED_MESSAGE_MAX),
    stack: frames.slice(0, LOGGED_STACK_FRAMES).map((line) => bounded(line.trim(), 200)),
    ...(error.cause !== undefined && depth < 2 ? { cause: errorSummary(error.cause, depth + 1) } : {}),
  };
}

/** Every error leaves as `{message}` (plus `errors` for forms): never SQL, stacks or paths. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      const body: Record<string, unknown> = { message: error.message };
      if (error.errors) body.errors = error.errors;
      if ('retryAfter' in error) reply.header('Retry-After', String(error.retryAfter));
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
      const message = clientErrorMessages[fastifyError.code] ?? (status === 400 ? 'Malformed request.' : 'Request refused.');
      return reply.status(status).send({ message });
    }
    request.log.error({ error: errorSummary(error) }, 'unexpected error');
    return reply.status(500).send({ message: UNEXPECTED });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });
}
