import type { FastifyInstance } from 'fastify';
import { newPasswordRuleErrors, passwordMessages } from '../../src/schema/passwordChange';
import * as actions from '../../src/schema/actions/account';
import { INVALID_LOGIN } from '../../src/schema/actions/account';
import { registerAction } from '../actions/registerAction';
import { HttpError } from '../errors';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { SESSION_INVALID, sendFreshToken } from './plugin';
import { attemptFailed, beginAttempt, clientKey, withdrawAttempt } from './throttle';
import { deviceCookieKey, readDeviceCookie, setDeviceCookie } from './deviceCookie';
import { createPasswordWorkGate } from './passwordWorkGate';
import { knownSignInPlaces } from './signInPlaces';
import { issueToken } from './tokens';
import { findCredentials, findUserById, listUsers, normalizeUsername, passwordHashOf, recordSignIn, setPassword } from './users';
import { userAccountMessages } from '../../src/schema/userAccount';
import { z } from 'zod';
import type { RouteDoc } from '../openapi/routeDoc';
import { idSchema } from '../openapi/commonSchemas';

const TAG = actions.signIn.tag;

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

  registerAction(api, actions.signIn, async ({ body: { username, password }, request, reply }) => {
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

  registerAction(api, actions.changePassword, async ({ body: values, request, reply }) => {
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
