import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { recordRoutes } from './routeCatalog';
import { issueToken, readToken, refreshDue } from './tokens';
import { findUserById, type PublicUser } from './users';
import { checkXsrf } from './xsrf';
import { FRESH_TOKEN_HEADER } from '../../src/domain/apiContract';
import { accessMessages, type UserRole } from '../../src/schema/userAccount';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (every non-public /api route), their role as stored now. */
    user: PublicUser & { role: UserRole };
  }
  interface FastifyContextConfig {
    /** Only an admin may call it: staff get 403 (the office's settings and people). */
    adminOnly?: boolean;
    /** Open to a user who signed in with a one-time password and has not changed it yet. */
    beforePasswordChange?: boolean;
  }
}

export const SIGN_IN_REQUIRED = 'Sign-in required.';
export const SESSION_INVALID = 'Your session is invalid or has expired. Please sign in again.';
export { FRESH_TOKEN_HEADER };

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;

/** Hands the client a replacement token (readable by the SPA across origins too). */
export function sendFreshToken(reply: FastifyReply, token: string): void {
  reply.header(FRESH_TOKEN_HEADER, token);
  reply.header('access-control-expose-headers', FRESH_TOKEN_HEADER);
}

/**
 * Guards every /api route: the anti-forgery check on non-GET requests, then a valid
 * bearer token of an active user whose password has not changed since (unless the route is
 * `config: { public: true }`). The user is read from the database each time, so what it says
 * counts at once: a one-time password not yet changed allows only the routes declared
 * `beforePasswordChange`, and a route declared `adminOnly` refuses staff (403). Past half-life,
 * or when the token no longer tells the role or the one-time state right, the response carries
 * a fresh token (the SPA shows what it says; the server never trusts it for either).
 */
export const authPlugin = fp(
  async (api: FastifyInstance) => {
    recordRoutes(api);
    api.decorateRequest('user', null as unknown as FastifyRequest['user']);

    api.addHook('onRequest', async (request) => checkXsrf(request));

    api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.routeOptions.config?.public === true) return;
      const header = request.headers.authorization;
      if (!header) throw new HttpError(401, SIGN_IN_REQUIRED);
      const match = BEARER.exec(header);
      if (!match) throw new HttpError(401, SESSION_INVALID);
      const now = api.deps.now();
      const claims = await readToken(api.deps.jwtSecret, match[1], now);
      if (!claims) throw new HttpError(401, SESSION_INVALID);
      const user = await findUserById(api.deps.database.db, Number(claims.sub));
      if (!user || !user.active || user.tokenGeneration !== claims.gen) throw new HttpError(401, SESSION_INVALID);
      request.user = { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName, role: user.role };
      // A renamed user (User Settings) sees their new name on the next answer.
      const stale =
        claims.role !== user.role ||
        claims.mustChangePassword !== user.mustChangePassword ||
        claims.firstName !== user.firstName ||
        claims.lastName !== user.lastName;
      if (refreshDue(claims, now) || stale) {
        sendFreshToken(reply, await issueToken(api.deps.jwtSecret, user, { now, signedInAt: claims.auth_time * 1000 }));
      }
      // After the fresh token, so that a refusal tells the screens the role that refused it.
      const config = request.routeOptions.config;
      if (user.mustChangePassword && config?.beforePasswordChange !== true) throw new HttpError(403, accessMessages.mustChangePassword);
      if (config?.adminOnly === true && user.role !== 'admin') throw new HttpError(403, accessMessages.adminOnly);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
