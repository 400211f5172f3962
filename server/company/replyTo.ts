import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { users } from '../db/tables/users';
import { readCompanyProfile } from './companyProfileStore';
import { isEmailAddress } from '../../src/domain/emailAddress';

/** A user's email address (User Settings › Your details), when they gave one. */
export async function userEmail(db: Db, userID: number | null | undefined): Promise<string | null> {
  if (typeof userID !== 'number') return null;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userID));
  const email = row?.email?.trim();
  return email && isEmailAddress(email) ? email : null;
}

/** The office's address: the company profile's email when it has one. */
export async function companyEmail(db: Db): Promise<string | null> {
  const profile = await readCompanyProfile(db);
  return typeof profile.email === 'string' && profile.email.trim() ? profile.email.trim() : null;
}

/** Where the client's answer to a mail about this estimate goes: its salesperson's email when set, else the company's. */
export async function replyAddress(db: Db, estimateID: number): Promise<string | null> {
  const estimates = tables.estimates;
  const [estimate] = await db.select({ salesperson: estimates.salesperson }).from(estimates).where(eq(estimates.id, estimateID));
  return (await userEmail(db, estimate?.salesperson as number | null | undefined)) ?? (await companyEmail(db));
}
