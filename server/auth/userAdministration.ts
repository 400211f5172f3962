import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/tables/users';
import { badRequest, conflict, formInvalid, notFound } from '../errors';
import { passwordPolicyProblem } from '../../src/schema/passwordChange';
import {
  INVALID_ROLE,
  isUserRole,
  userAccountMessages,
  validateNewUser,
  type NewUserAccount,
  type UserAccount,
  type UserRole,
} from '../../src/schema/userAccount';
import { randomPassword } from './passwords';
import { createUser, publicColumns, setPassword } from './users';

/**
 * User management, one implementation for Settings › Users and `npm run user`: adding a user,
 * resetting a password, disabling and enabling, setting the role, with the same checks and rules for both.
 */

const accountColumns = { ...publicColumns, role: users.role, active: users.active, lastSignInAt: users.lastSignInAt };

function toAccount(row: {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  role: string;
  active: boolean;
  lastSignInAt: Date | null;
}): UserAccount {
  return { ...row, role: row.role as UserRole, lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null };
}

/** Every user with their state, by username. */
export async function listAccounts(db: Db): Promise<UserAccount[]> {
  const rows = await db.select(accountColumns).from(users).orderBy(asc(users.username));
  return rows.map(toAccount);
}

export async function getAccount(db: Db, id: number): Promise<UserAccount> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(userAccountMessages.notFound);
  return toAccount(row);
}

/** A given password checked against the policy, or a random one; `field` names it in errors. */
function passwordToSet(given: unknown, field: string): { password: string; generated: boolean } {
  if (given === undefined || given === null) return { password: randomPassword(), generated: true };
  const problem = typeof given === 'string' ? passwordPolicyProblem(given) : 'Password is invalid.';
  if (problem) throw formInvalid({ [field]: problem });
  return { password: given as string, generated: false };
}

/**
 * Adds a user from untrusted input ({username, firstName, lastName, role?, password?}): the
 * fields are checked as the form checks them, a missing password is generated, a missing role
 * is staff (`firstIsAdmin`: unless nobody exists yet). Bad input → 400 with field messages, a
 * taken username → 409. The password is one-time (the user must change it at first sign-in);
 * it is returned so it can be shown once.
 */
export async function addUser(
  db: Db,
  input: Record<string, unknown>,
  { firstIsAdmin = false } = {},
): Promise<{ id: number; username: string; password: string; generated: boolean }> {
  const roleGiven = input.role !== undefined && input.role !== null && input.role !== '';
  const { values, errors } = validateNewUser(input);
  let password: { password: string; generated: boolean } | undefined;
  try {
    password = passwordToSet(input.password, 'password');
  } catch (error) {
    Object.assign(errors, (error as { errors?: Record<string, string> }).errors);
  }
  if (Object.keys(errors).length || !password) throw formInvalid(errors);
  const user = values as unknown as NewUserAccount;
  const role = roleGiven || !firstIsAdmin ? user.role : undefined;
  const { id } = await createUser(db, { ...user, role, password: password.password, mustChangePassword: true });
  return { id, username: user.username, ...password };
}

/**
 * Gives a user a new password (the given one, or a random one) and ends their sign-ins.
 * `actingUserId`: who asks, from the web; people change their own under User Settings.
 */
export async function resetPassword(
  db: Db,
  userId: number,
  { password: given, actingUserId }: { password?: unknown; actingUserId?: number } = {},
): Promise<{ password: string; generated: boolean }> {
  await getAccount(db, userId);
  if (actingUserId === userId) throw badRequest(userAccountMessages.resetSelf);
  const password = passwordToSet(given, 'password');
  // Made for the user by someone else: a one-time password.
  await setPassword(db, userId, password.password, { oneTime: true });
  return password;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One statement locks the target and every active user, in id order: two changes at once wait
 * for each other instead of each locking half (a deadlock on PostgreSQL), and the one that
 * waited re-reads who is still active and who is admin.
 */
async function lockActiveUsersAnd(tx: Tx, userId: number): Promise<Array<{ id: number; active: boolean; role: string }>> {
  return tx
    .select({ id: users.id, active: users.active, role: users.role })
    .from(users)
    .where(or(eq(users.active, true), eq(users.id, userId)))
    .orderBy(users.id)
    .for('update');
}

/**
 * Disables or re-enables a user. A disabled user cannot sign in and their tokens stop working
 * (the token generation moves on, so re-enabling does not revive them). Nobody disables
 * themselves, and the last active user stays active: the active users are locked while this
 * is decided, so two people disabling each other at once cannot both succeed. Nor is the last
 * active admin disabled (409).
 */
export async function setUserActive(
  db: Db,
  userId: number,
  active: boolean,
  { actingUserId }: { actingUserId?: number } = {},
): Promise<UserAccount> {
  await getAccount(db, userId);
  if (!active && actingUserId === userId) throw badRequest(userAccountMessages.disableSelf);
  await db.transaction(async (tx) => {
    if (!active) {
      const locked = await lockActiveUsersAnd(tx, userId);
      const target = locked.find((u) => u.id === userId);
      if (!target?.active) return;
      if (!locked.some((u) => u.id !== userId && u.active)) throw badRequest(userAccountMessages.lastActive);
      if (target.role === 'admin' && !locked.some((u) => u.id !== userId && u.active && u.role === 'admin')) {
        throw conflict(userAccountMessages.lastAdmin);
      }
    }
    await tx
      .update(users)
      .set({
        active,
        tokenGeneration: active ? users.tokenGeneration : sql`${users.tokenGeneration} + 1`,
        version: sql`${users.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), ne(users.active, active)));
  });
  return getAccount(db, userId);
}

/**
 * Makes a user admin or staff, from untrusted input. The last active admin is never demoted
 * (409); the change counts from the user's next request (the auth plugin reads the role each time).
 */
export async function setUserRole(db: Db, userId: number, role: unknown): Promise<UserAccount> {
  if (!isUserRole(role)) throw formInvalid({ role: INVALID_ROLE });
  await getAccount(db, userId);
  await db.transaction(async (tx) => {
    if (role !== 'admin') {
      const locked = await lockActiveUsersAnd(tx, userId);
      const target = locked.find((u) => u.id === userId);
      if (target?.role !== 'admin') return;
      if (target.active && !locked.some((u) => u.id !== userId && u.active && u.role === 'admin')) {
        throw conflict(userAccountMessages.lastAdmin);
      }
    }
    await tx
      .update(users)
      .set({ role, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), ne(users.role, role)));
  });
  return getAccount(db, userId);
}
