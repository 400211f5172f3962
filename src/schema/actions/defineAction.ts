/**
 * Every endpoint that is not plain CRUD, declared once (issue 36), the way defineEntity declares
 * an entity: its method and path, its body as a zod schema carrying the product's own messages,
 * its answer, who may call it and which of the SPA's queries it makes stale. From this one
 * declaration the server validates, routes, enforces the role and documents it
 * (server/actions/registerAction.ts), and the SPA gets a typed client method, the same checks
 * before the request and the invalidation after it (src/providers/actionClient.ts,
 * src/admin/actions/useApiAction.ts).
 */
import { z } from 'zod';
import type { Entity } from '../defineEntity';

// The app's Content-Security-Policy forbids eval: zod's compiled fast path probes `new Function`,
// which the browser reports as a blocked script even though zod catches it. The bodies checked
// here are small, so the plain path costs nothing that shows.
z.config({ jitless: true });

export type ActionMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: any signed-in user, administrators only (staff get 403), or anyone (a client's link). */
export type ActionAccess = 'user' | 'admin' | 'public';

/** What a body's checks may depend on besides the body, the same on both sides. */
export interface ActionContext {
  /** The office's calendar day, YYYY-MM-DD. */
  today: string;
}

export interface ActionDefinition<
  Path extends string = string,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Answer extends z.ZodType = z.ZodType,
> {
  /** The typed client's method: `dataProvider.<name>(…path params, body)`. */
  name: string;
  method: ActionMethod;
  /** Under /api, with `:name` for each path parameter (`/estimates/:id/proposals`). */
  path: Path;
  /** Path parameters that are text (a link's token); every other one is a record id. */
  textParams?: readonly string[];
  access: ActionAccess;
  /** Open to a user who signed in with a one-time password and has not changed it yet. */
  beforePasswordChange?: boolean;
  /** The reference page's group and what the action does. */
  tag: string;
  summary: string;
  description?: string;
  /**
   * The body's checks, with their messages (400 `{message: 'Form is invalid.', errors: {field}}`).
   * A function when a check depends on the context (a date that cannot be in the past).
   */
  body?: Body | ((context: ActionContext) => Body);
  /** The successful status and what it carries. */
  status: number;
  answer: Answer;
  /** Error statuses beyond the shared ones (400, 401, 403, 404, 500). */
  errors?: readonly number[];
  /**
   * The SPA's queries this action makes stale: react-admin resources (`estimates`) and named
   * queries (`estimateProposals`), invalidated by the first element of their query key.
   */
  invalidates: readonly string[];
}

/** The reference page's group of an entity's routes, e.g. 'Terms & conditions'. */
export const entityTag = (entity: Pick<Entity, 'plural'>) => entity.plural.charAt(0).toUpperCase() + entity.plural.slice(1);

/** Declares an action; the literal path types the client's arguments. */
export function defineAction<
  const Path extends string,
  Body extends z.ZodType | undefined = undefined,
  Answer extends z.ZodType = z.ZodType,
>(definition: ActionDefinition<Path, Body, Answer>): ActionDefinition<Path, Body, Answer> {
  return definition;
}

/** The body's schema for this context. */
export function bodySchema(action: ActionDefinition, context: ActionContext): z.ZodType | undefined {
  return typeof action.body === 'function' ? action.body(context) : action.body;
}

/** `/estimates/:id/proposals` → ['id']. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParams<`/${Rest}`>]
  : Path extends `${string}:${infer Name}`
    ? [Name]
    : [];

export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);
}

type ParamArgs<Names extends readonly string[]> = { [K in keyof Names]: number | string };
type Unwrapped<B> = B extends (context: ActionContext) => infer S ? S : B;
/** The zod schema of an action's body (never when it takes none). */
export type ActionBodySchema<A> = A extends { body?: infer B } ? Unwrapped<NonNullable<B>> : never;
/** An action's body as its checks give it to the handler. */
export type ActionBody<A> = ActionBodySchema<A> extends z.ZodType ? z.output<ActionBodySchema<A>> : undefined;
type BodyOf<A> = ActionBodySchema<A> extends z.ZodType ? z.input<ActionBodySchema<A>> : never;

/** The client method's arguments: the path parameters in order, then the body when there is one. */
export type ActionArgs<A extends ActionDefinition> = [BodyOf<A>] extends [never]
  ? ParamArgs<PathParams<A['path']>>
  : [...ParamArgs<PathParams<A['path']>>, body: BodyOf<A>];

/** What the client method resolves with. */
export type ActionAnswer<A extends ActionDefinition> = z.output<A['answer']>;
