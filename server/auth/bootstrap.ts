import type { Db } from '../db/connection';
import { passwordPolicyProblem } from '../../src/schema/passwordChange';
import { users } from '../db/tables/users';
import { countUsers } from './users';
import { hashPassword, randomPassword } from './passwords';

export const ADMIN_USER = { username: 'admin', firstName: 'Admin', lastName: 'User' } as const;

/**
 * First start: on a database without users, creates `admin` (role admin) with ADMIN_PASSWORD or
 * a random password printed once. That password is not a one-time password: whoever started the
 * server signs in with it and goes on (User Settings changes it). Otherwise does nothing. When two servers start together on an empty
 * database only the one whose insert lands prints.
 */
export async function ensureAdmin(db: Db, adminPassword: string | undefined, print: (line: string) => void): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  if (adminPassword !== undefined) {
    const problem = passwordPolicyProblem(adminPassword);
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
  }
  const password = adminPassword ?? randomPassword();
  const [created] = await db
    .insert(users)
    .values({ ...ADMIN_USER, role: 'admin', passwordHash: await hashPassword(password) })
    .onConflictDoNothing({ target: users.username })
    .returning({ id: users.id });
  if (!created) return;
  if (adminPassword !== undefined) {
    print(`Created the user "${ADMIN_USER.username}" with the password from ADMIN_PASSWORD.`);
    return;
  }
  print(`Created the user "${ADMIN_USER.username}" with the password: ${password}`);
  print('It is shown only this once. Change it under User Settings or with: npm run user -- passwd admin');
}
