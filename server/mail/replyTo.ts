import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import * as tables from '../db/entityTables';
import { readCompanyProfile } from '../company/companyProfileStore';
import { isEmailAddress } from '../../src/domain/emailAddress';

/**
 * A user's email address, when users have one (issue 35 defect 14 adds it on main). Read as
 * the row's JSON, so it answers null while the column does not exist yet, and the address once
 * it does, without this code changing.
 */
export async function userEmail(db: Db, userID: number | null | undefined): Promise<string | null> {
  if (typeof userID !== 'number') return null;
  const result = (await db.execute(
    sql`SELECT to_jsonb(u) ->> 'user_email' AS email FROM users u WHERE u.user_id = ${userID}`,
  )) as unknown as { rows: { email: string | null }[] };
  const email = result.rows[0]?.email?.trim();
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
