import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { users } from '../db/tables/users';
import { conflict } from '../errors';
import { hashPassword } from './passwords';

/** What the API shows of a user (never the hash). */
export interface PublicUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
}

/** A user as the token checks need it. */
export interface TokenUser extends PublicUser {
  tokenGeneration: number;
}

export interface NewUser {
  username: string;
  firstName: string;
  lastName: string;
  password: string;
}

export const USERNAME_MAX = 100;
export const NAME_MAX = 150;
export const USERNAME_RULE = 'Usernames use letters, digits and . _ @ - (up to 100 characters).';
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]*$/;

/** Usernames are case-insensitive: stored, looked up and throttled in lower case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function isValidUsername(normalized: string): boolean {
  return normalized.length <= USERNAME_MAX && USERNAME_PATTERN.test(normalized);
}

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

export async function listUsers(db: Db): Promise<PublicUser[]> {
  return db.select(publicColumns).from(users).orderBy(asc(users.username));
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

export async function findUserById(db: Db, id: number): Promise<TokenUser | undefined> {
  const [row] = await db
    .select({ ...publicColumns, tokenGeneration: users.tokenGeneration })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findUserByUsername(db: Db, username: string): Promise<TokenUser | undefined> {
  const [row] = await db
    .select({ ...publicColumns, tokenGeneration: users.tokenGeneration })
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
export async function findCredentials(
  db: Db,
  username: string,
): Promise<(TokenUser & { passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ ...publicColumns, tokenGeneration: users.tokenGeneration, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, normalizeUsername(username)))
    .limit(1);
  return row;
}
