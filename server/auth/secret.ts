import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { settings } from '../db/tables/users';

export const JWT_SECRET_SETTING = 'jwt_secret';

/**
 * The token signing secret when JWT_SECRET is not set: generated once per installation and
 * kept in the database, so every server process on it signs and accepts the same tokens.
 * Two servers starting at once both insert; the first wins and both read the winner.
 */
export async function resolveJwtSecret(db: Db): Promise<string> {
  await db
    .insert(settings)
    .values({ key: JWT_SECRET_SETTING, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, JWT_SECRET_SETTING));
  if (!row) throw new Error('The token secret could not be stored.');
  return row.value;
}
