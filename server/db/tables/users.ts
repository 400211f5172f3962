import { boolean, integer, pgTable, primaryKey, serial, timestamp, varchar, index, text } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('user_id').primaryKey(),
  username: varchar('user_username', { length: 100 }).notNull().unique(),
  firstName: varchar('user_first_name', { length: 150 }).notNull(),
  lastName: varchar('user_last_name', { length: 150 }).notNull(),
  passwordHash: text('user_password_hash').notNull(),
  /** How clients reach this user when they are an estimate's salesperson (issue 35); null: the company's. */
  email: varchar('user_email', { length: 254 }),
  phone: varchar('user_phone', { length: 14 }),
  /**
   * Carried in every token as `gen`; a password change increments it, so tokens issued
   * before the change are refused exactly, even within the same millisecond.
   */
  tokenGeneration: integer('user_token_generation').notNull().default(0),
  /** A disabled user cannot sign in, and their tokens are refused (Settings › Users, npm run user). */
  active: boolean('user_active').notNull().default(true),
  /** `admin` or `staff` (src/schema/userAccount.ts): only admins change the office's settings and people. */
  role: varchar('user_role', { length: 10 }).notNull().default('staff'),
  /** The password was made for the user (added, reset): they must change it before anything else. */
  mustChangePassword: boolean('user_must_change_password').notNull().default(false),
  lastSignInAt: timestamp('user_last_sign_in_at', { withTimezone: true, mode: 'date' }),
  version: integer('user_version').notNull().default(1),
  createdAt: timestamp('user_created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('user_updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Failed sign-ins, kept in the database so throttling holds across server processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('login_failure_id').primaryKey(),
    username: varchar('login_failure_username', { length: 100 }).notNull(),
    /** The client's address: guesses are limited per account and address, and per account. */
    client: varchar('login_failure_client', { length: 64 }).notNull().default(''),
    /**
     * The nonce of the device cookie the attempt carried, when it was valid for the account:
     * such failures count against that device only, not the account or the address.
     */
    device: varchar('login_failure_device', { length: 64 }),
    failedAt: timestamp('login_failure_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_username_at_idx').on(t.username, t.failedAt),
    // Expired rows of every username are purged by age.
    index('login_failures_at_idx').on(t.failedAt),
  ],
);

/**
 * Where each user has signed in from (their client address as throttling keys it): under a
 * flood of sign-ins, a user at a place they signed in from before goes ahead of unknown traffic.
 */
export const signInPlaces = pgTable(
  'sign_in_places',
  {
    userID: integer('sign_in_place_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: varchar('sign_in_place_client', { length: 64 }).notNull(),
    lastAt: timestamp('sign_in_place_last_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userID, t.client] })],
);

/** Secrets generated once per installation when not given by the environment. */
export const settings = pgTable('app_settings', {
  key: varchar('setting_key', { length: 100 }).primaryKey(),
  value: text('setting_value').notNull(),
});
