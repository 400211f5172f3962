import type { FastifyInstance } from 'fastify';
import { newPasswordRuleErrors, passwordMessages, validatePasswordChange, type PasswordChange } from '../../src/schema/passwordChange';
import { requiredMessage } from '../../src/schema/validate';
import { formInvalid, HttpError } from '../errors';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { SESSION_INVALID, sendFreshToken } from './plugin';
import { attemptFailed, beginAttempt, clientKey, withdrawAttempt } from './throttle';
import { deviceCookieKey, readDeviceCookie, setDeviceCookie } from './deviceCookie';
import { createPasswordWorkGate } from './passwordWorkGate';
import { knownSignInPlaces } from './signInPlaces';
import { issueToken } from './tokens';
import { findCredentials, findUserById, listUsers, normalizeUsername, passwordHashOf, recordSignIn, setPassword } from './users';
import { userAccountMessages } from '../../src/schema/userAccount';
import { passwordChangeForm } from '../../src/schema/passwordChange';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';
import { formBodySchema } from '../openapi/entitySchemas';

export const INVALID_LOGIN = 'Invalid username or password.';

const TAG = 'Sign-in and users';

const signInDoc: RouteDoc = {
  tag: TAG,
  summary: 'Sign in',
  description:
    `A wrong username or password answers 401 "${INVALID_LOGIN}"; repeated failures are throttled per account and client (429). ` +
    'A success sets an HttpOnly device cookie (Path=/api/login): while the account is throttled, a sign-in carrying it is still checked, ' +
    'and its failures count against that device only. One client address has at most one password check running and two waiting ' +
    '(beyond that 429 with Retry-After); a full queue of all clients answers 503.',
  body: z.object({ username: z.string(), password: z.string() }),
  responses: {
    200: z
      .object({
        token: z.string().describe('HS256 JWT: send it as Authorization: Bearer <token>.'),
        mustChangePassword: z
          .boolean()
          .describe(
            'True after signing in with a one-time password (a new account, a reset): every route but PUT /api/users/password answers 403 until it is changed.',
          ),
      })
      .describe('Signed in.'),
  },
  errors: [401, 429, 503],
};

const usersDoc: RouteDoc = {
  tag: TAG,
  summary: 'List users',
  description: 'Every user (the salespeople an estimate can name), by username.',
  responses: {
    200: z
      .array(
        z.object({
          id: idSchema,
          username: z.string(),
          firstName: z.string(),
          lastName: z.string(),
          email: z.string().nullable().describe('How clients reach them as a salesperson (null: the company is shown).'),
          active: z.boolean(),
        }),
      )
      .describe('The users.'),
  },
};

const passwordChangeDoc: RouteDoc = {
  tag: TAG,
  summary: 'Change my password',
  description:
    'Answers with a fresh token in x-auth-token; the older tokens of the user stop working. The one route open to a user who signed in with a one-time password, which this replaces.',
  body: formBodySchema(passwordChangeForm),
  responses: { 200: z.object({ message: z.string() }).describe('Password updated.') },
  errors: [429, 503],
};

const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

function readLogin(body: unknown): { username: string; password: string } {
  const { username, password } = asObject(body);
  const errors: Record<string, string> = {};
  if (typeof username !== 'string' || username.trim() === '') errors.username = requiredMessage({ label: 'Username' });
  if (typeof password !== 'string' || password === '') errors.password = requiredMessage({ label: 'Password' });
  if (Object.keys(errors).length) throw formInvalid(errors);
  return { username: username as string, password: password as string };
}

/** A form rule broken: the message names it, and the field carries it too. */
function ruleBroken(errors: Record<string, string>): HttpError {
  const message = Object.values(errors)[0];
  return new HttpError(400, message, errors);
}

/** Sign-in, the users list and the password change (SPEC §7 "Authentication and users"). */
export async function authRoutes(api: FastifyInstance): Promise<void> {
  const db = () => api.deps.database.db;
  const passwordWork = createPasswordWorkGate(api.deps.passwordWork);

  const deviceKey = deviceCookieKey(api.deps.jwtSecret);
  const places = knownSignInPlaces(db);

  api.post('/login', { config: { public: true, openapi: signInDoc } }, async (request, reply) => {
    const { username, password } = readLogin(request.body);
    const now = api.deps.now();
    const name = normalizeUsername(username);
    const device = readDeviceCookie(request, deviceKey, name);
    const client = clientKey(request.ip);
    // Under a flood, the office's own people go first: their device, or a place they signed in from.
    const trusted = Boolean(device) || (await places.isKnown(name, client));
    const { user, ok, attempt } = await passwordWork.run(
      client,
      async () => {
        const attempt = await beginAttempt(db(), { username: name, client: request.ip, device }, now);
        const user = await findCredentials(db(), name);
        // An unknown user costs the same hashing as a wrong password.
        const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
        return { user, ok, attempt };
      },
      { trusted },
    );
    if (!user || !ok) {
      await attemptFailed(db(), now);
      throw new HttpError(401, INVALID_LOGIN);
    }
    await withdrawAttempt(db(), attempt);
    // Only the right password learns that the account is disabled.
    if (!user.active) throw new HttpError(401, userAccountMessages.disabled);
    await recordSignIn(db(), user.id, new Date(now), client);
    places.remember(name, client);
    setDeviceCookie(request, reply, deviceKey, name);
    return { token: await issueToken(api.deps.jwtSecret, user, { now, signedInAt: now }), mustChangePassword: user.mustChangePassword };
  });

  api.get('/users', { config: { openapi: usersDoc } }, async () => listUsers(db()));

  api.put('/users/password', { config: { openapi: passwordChangeDoc, beforePasswordChange: true } }, async (request, reply) => {
    const form = validatePasswordChange(asObject(request.body));
    if (Object.keys(form.errors).length) throw formInvalid(form.errors);
    const values = form.values as unknown as PasswordChange;
    const ruleErrors = newPasswordRuleErrors(values);
    if (Object.keys(ruleErrors).length) throw ruleBroken(ruleErrors);

    const now = api.deps.now();
    const me = request.user;
    // A wrong current password is a password guess like any other: it counts towards the limit.
    const { attempt, ok } = await passwordWork.run(clientKey(request.ip), async () => {
      const attempt = await beginAttempt(db(), { username: me.username, client: request.ip }, now);
      const hash = await passwordHashOf(db(), me.id);
      return { attempt, ok: !!hash && (await verifyPassword(hash, values.currentPassword)) };
    });
    if (!ok) {
      await attemptFailed(db(), now);
      throw ruleBroken({ currentPassword: passwordMessages.wrongCurrent });
    }
    await withdrawAttempt(db(), attempt);
    await setPassword(db(), me.id, values.newPassword);
    const user = await findUserById(db(), me.id);
    if (!user) throw new HttpError(401, SESSION_INVALID);
    sendFreshToken(reply, await issueToken(api.deps.jwtSecret, user, { now, signedInAt: now }));
    return { message: 'Password updated.' };
  });
}
