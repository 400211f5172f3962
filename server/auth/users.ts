import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { keptRead } from '../db/keptReads';
import { signInPlaces, users } from '../db/tables/users';
import { conflict } from '../errors';
import {
  USERNAME_MAX,
  USER_NAME_MAX,
  normalizeUsername,
  type NewUserAccount,
  type UserDetails,
  type UserRole,
} from '../../src/schema/userAccount';
import { hashPassword } from './passwords';

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
  role: UserRole;
  /** Signed in with a one-time password: nothing but changing it is allowed. */
  mustChangePassword: boolean;
}

/** A user as the sign-in and token checks need them. */
export interface AuthUser extends TokenUser {
  active: boolean;
}

export interface NewUser extends NewUserAccount {
  password: string;
  /** The password was made for the user, who must change it at first sign-in. */
  mustChangePassword?: boolean;
}

export const publicColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

/**
 * Creates a user with a hashed password; a taken username → 409. Without a role the first
 * user is admin and any later one staff.
 */
export async function createUser(db: Db, user: NewUser): Promise<{ id: number }> {
  const passwordHash = await hashPassword(user.password);
  const username = normalizeUsername(user.username);
  const role = user.role ?? sql<UserRole>`(CASE WHEN EXISTS (SELECT 1 FROM ${users}) THEN 'staff' ELSE 'admin' END)`;
  const [row] = await db
    .insert(users)
    .values({
      username,
      firstName: user.firstName.trim(),
      lastName: user.lastName.trim(),
      passwordHash,
      role,
      mustChangePassword: user.mustChangePassword ?? false,
    })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (!row) throw conflict(`A user named "${username}" already exists.`);
  return row;
}

/**
 * Replaces the password and increments the token generation, so every token issued
 * before is refused. `oneTime`: made for the user, who must change it. Returns the new generation.
 */
export async function setPassword(db: Db, userId: number, password: string, { oneTime = false } = {}): Promise<number> {
  const passwordHash = await hashPassword(password);
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: oneTime,
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
export async function listUsers(db: Db): Promise<Array<PublicUser & { email: string | null; active: boolean }>> {
  return db
    .select({ ...publicColumns, email: users.email, active: users.active })
    .from(users)
    .orderBy(asc(users.username));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

const tokenColumns = {
  ...publicColumns,
  tokenGeneration: users.tokenGeneration,
  active: users.active,
  role: users.role,
  mustChangePassword: users.mustChangePassword,
};

/**
 * Read on every request: a disable, a role change or a password reset counts at once (kept on
 * the embedded database until anything writes, which each of them does: keptRead).
 */
export async function findUserById(db: Db, id: number): Promise<AuthUser | undefined> {
  return keptRead(db, `user ${id}`, async () => {
    const [row] = await db.select(tokenColumns).from(users).where(eq(users.id, id)).limit(1);
    return row && { ...row, role: row.role as UserRole };
  });
}

export async function findUserByUsername(db: Db, username: string): Promise<AuthUser | undefined> {
  const [row] = await db
    .select(tokenColumns)
    .from(users)
    .where(eq(users.username, normalizeUsername(username)))
    .limit(1);
  return row && { ...row, role: row.role as UserRole };
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
  return row && { ...row, role: row.role as UserRole };
}

/**
 * A successful sign-in, shown as "Last Sign-In" in Settings › Users, and the place (client
 * key) it came from, remembered so that a flood of sign-ins does not keep this user out there.
 */
export async function recordSignIn(db: Db, userId: number, at: Date, client: string): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
  await db
    .insert(signInPlaces)
    .values({ userID: userId, client, lastAt: at })
    .onConflictDoUpdate({ target: [signInPlaces.userID, signInPlaces.client], set: { lastAt: at } });
}

const detailColumns = { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone };

/** A user's own details: name, and how clients reach them (User Settings). */
export async function readUserDetails(db: Db, userId: number): Promise<UserDetails | undefined> {
  const [row] = await db.select(detailColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function saveUserDetails(db: Db, userId: number, details: UserDetails): Promise<UserDetails> {
  const [row] = await db
    .update(users)
    .set({ ...details, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(detailColumns);
  if (!row) throw new Error(`No user ${userId}`);
  return row;
}
