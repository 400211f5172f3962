import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/tables/users';
import { badRequest, conflict, formInvalid, notFound } from '../errors';
import { passwordPolicyProblem } from '../../src/schema/passwordChange';
import {
  USERNAME_MAX,
  USER_NAME_MAX,
  normalizeUsername,
  userAccountMessages,
  validateNewUser,
  type NewUserAccount,
  type UserAccount,
} from '../../src/schema/userAccount';
import { hashPassword, randomPassword } from './passwords';

export { USERNAME_MAX, normalizeUsername };
export const NAME_MAX = USER_NAME_MAX;

/** What the API shows of a user (never the hash). */
export interface PublicUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
}

/** A user as a token is issued for them. */
export interface TokenUser extends PublicUser {
  tokenGeneration: number;
}

/** A user as the sign-in and token checks need them. */
export interface AuthUser extends TokenUser {
  active: boolean;
}

export interface NewUser extends NewUserAccount {
  password: string;
}

/**
 * User management, one implementation for Settings › Users and `npm run user`: adding a user,
 * resetting a password, disabling and enabling, with the same checks and rules for both.
 */

const publicColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Creates a user with a hashed password; a taken username → 409. */
export async function createUser(db: Db, user: NewUser): Promise<{ id: number }> {
  const passwordHash = await hashPassword(user.password);
  const username = normalizeUsername(user.username);
  const [row] = await db
    .insert(users)
    .values({ username, firstName: user.firstName.trim(), lastName: user.lastName.trim(), passwordHash })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (!row) throw conflict(`A user named "${username}" already exists.`);
  return row;
}

/**
 * Replaces the password and increments the token generation, so every token issued
 * before is refused. Returns the new generation.
 */
export async function setPassword(db: Db, userId: number, password: string): Promise<number> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      tokenGeneration: sql`${users.tokenGeneration} + 1`,
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ tokenGeneration: users.tokenGeneration });
  if (!row) throw new Error(`No user ${userId}`);
  return row.tokenGeneration;
}

/** Everyone, disabled users too (an estimate names its salesperson for good), with `active`. */
export async function listUsers(db: Db): Promise<Array<PublicUser & { active: boolean }>> {
  return db
    .select({ ...publicColumns, active: users.active })
    .from(users)
    .orderBy(asc(users.username));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

const tokenColumns = { ...publicColumns, tokenGeneration: users.tokenGeneration, active: users.active };

export async function findUserById(db: Db, id: number): Promise<AuthUser | undefined> {
  const [row] = await db.select(tokenColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<AuthUser | undefined> {
  const [row] = await db
    .select(tokenColumns)
    .from(users)
    .where(eq(users.username, normalizeUsername(username)))
    .limit(1);
  return row;
}

/** The stored hash, for sign-in and the password change only. */
export async function passwordHashOf(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.hash;
}

/** The user and their hash for sign-in (the only caller that needs both). */
export async function findCredentials(db: Db, username: string): Promise<(AuthUser & { passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ ...tokenColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, normalizeUsername(username)))
    .limit(1);
  return row;
}

/** A successful sign-in, shown as "Last Sign-In" in Settings › Users. */
export async function recordSignIn(db: Db, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

const accountColumns = { ...publicColumns, active: users.active, lastSignInAt: users.lastSignInAt };

function toAccount(row: {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  active: boolean;
  lastSignInAt: Date | null;
}): UserAccount {
  return { ...row, lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null };
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
 * Adds a user from untrusted input ({username, firstName, lastName, password?}): the fields
 * are checked as the form checks them, a missing password is generated. Bad input → 400 with
 * field messages, a taken username → 409. Returns the password so it can be shown once.
 */
export async function addUser(
  db: Db,
  input: Record<string, unknown>,
): Promise<{ id: number; username: string; password: string; generated: boolean }> {
  const { values, errors } = validateNewUser(input);
  let password: { password: string; generated: boolean } | undefined;
  try {
    password = passwordToSet(input.password, 'password');
  } catch (error) {
    Object.assign(errors, (error as { errors?: Record<string, string> }).errors);
  }
  if (Object.keys(errors).length || !password) throw formInvalid(errors);
  const user = values as unknown as NewUserAccount;
  const { id } = await createUser(db, { ...user, password: password.password });
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
  await setPassword(db, userId, password.password);
  return password;
}

/**
 * Disables or re-enables a user. A disabled user cannot sign in and their tokens stop working
 * (the token generation moves on, so re-enabling does not revive them). Nobody disables
 * themselves, and the last active user stays active: the active users are locked while this
 * is decided, so two people disabling each other at once cannot both succeed.
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
      // One statement locks the target and every active user, in id order: two of these at
      // once wait for each other instead of each locking half (a deadlock on PostgreSQL), and
      // the one that waited re-reads who is still active.
      const locked = await tx
        .select({ id: users.id, active: users.active })
        .from(users)
        .where(or(eq(users.active, true), eq(users.id, userId)))
        .orderBy(users.id)
        .for('update');
      const target = locked.find((u) => u.id === userId);
      if (!target?.active) return;
      if (!locked.some((u) => u.id !== userId && u.active)) throw badRequest(userAccountMessages.lastActive);
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
