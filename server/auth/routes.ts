import type { FastifyInstance } from 'fastify';
import {
  newPasswordRuleErrors,
  passwordMessages,
  validatePasswordChange,
  type PasswordChange,
} from '../../src/schema/passwordChange';
import { requiredMessage } from '../../src/schema/validate';
import { formInvalid, HttpError } from '../errors';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { SESSION_INVALID, sendFreshToken } from './plugin';
import { attemptFailed, beginAttempt, withdrawAttempt } from './throttle';
import { createPasswordWorkGate } from './passwordWorkGate';
import { issueToken } from './tokens';
import { findCredentials, findUserById, listUsers, normalizeUsername, passwordHashOf, recordSignIn, setPassword } from './users';
import { userAccountMessages } from '../../src/schema/userAccount';

export const INVALID_LOGIN = 'Invalid username or password.';

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

  api.post('/login', { config: { public: true } }, async (request) => {
    const { username, password } = readLogin(request.body);
    const now = api.deps.now();
    const name = normalizeUsername(username);
    const { user, ok, attempt } = await passwordWork.run(async () => {
      const attempt = await beginAttempt(db(), { username: name, client: request.ip }, now);
      const user = await findCredentials(db(), name);
      // An unknown user costs the same hashing as a wrong password.
      const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
      return { user, ok, attempt };
    });
    if (!user || !ok) {
      await attemptFailed(db(), now);
      throw new HttpError(401, INVALID_LOGIN);
    }
    await withdrawAttempt(db(), attempt);
    // Only the right password learns that the account is disabled.
    if (!user.active) throw new HttpError(401, userAccountMessages.disabled);
    await recordSignIn(db(), user.id, new Date(now));
    return { token: await issueToken(api.deps.jwtSecret, user, { now, signedInAt: now }) };
  });

  api.get('/users', async () => listUsers(db()));

  api.put('/users/password', async (request, reply) => {
    const form = validatePasswordChange(asObject(request.body));
    if (Object.keys(form.errors).length) throw formInvalid(form.errors);
    const values = form.values as unknown as PasswordChange;
    const ruleErrors = newPasswordRuleErrors(values);
    if (Object.keys(ruleErrors).length) throw ruleBroken(ruleErrors);

    const now = api.deps.now();
    const me = request.user;
    // A wrong current password is a password guess like any other: it counts towards the limit.
    const { attempt, ok } = await passwordWork.run(async () => {
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
