import type { Db } from '../db/connection';
import { HttpError } from '../errors';
import { addUser, listAccounts, resetPassword, setUserActive, setUserRole } from './userAdministration';
import { findUserByUsername, normalizeUsername } from './users';

export const USAGE = [
  'Usage:',
  '  npm run user -- add <username> <first name> <last name> [--role admin|staff] [--password <password>]',
  '  npm run user -- passwd <username> [--password <password>]',
  '  npm run user -- disable <username>',
  '  npm run user -- enable <username>',
  '  npm run user -- role <username> admin|staff',
  '  npm run user -- list',
  'Without --password a random password is generated and printed. A password set by add or passwd is',
  'a one-time password: the user changes it at the next sign-in. Without --role the first user is admin,',
  'the others staff.',
].join('\n');

export interface Output {
  print(line: string): void;
  error(line: string): void;
}

/** A mistake of the caller: the message is shown as is, with a non-zero exit. */
class UsageError extends Error {}

interface Parsed {
  positional: string[];
  password?: string;
  role?: string;
}

function parse(args: string[]): Parsed {
  const positional: string[] = [];
  const options: { password?: string; role?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const option = (['password', 'role'] as const).find((name) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (option && arg === `--${option}`) {
      if (i + 1 >= args.length) throw new UsageError(`--${option} needs a value.`);
      options[option] = args[++i];
    } else if (option) {
      options[option] = arg.slice(`--${option}=`.length);
    } else if (arg.startsWith('--')) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else {
      positional.push(arg);
    }
  }
  return { positional, ...options };
}

function expectCount(p: Parsed, count: number, what: string): void {
  if (p.positional.length < count) throw new UsageError(`Missing ${what}.`);
  if (p.positional.length > count) throw new UsageError(`Too many arguments: ${p.positional.slice(count).join(' ')}`);
}

/** The user named by the one argument after the command. */
async function namedUser(db: Db, p: Parsed, command: string) {
  expectCount(p, 2, `argument: ${command} needs <username>`);
  const username = normalizeUsername(p.positional[1]);
  const user = await findUserByUsername(db, username);
  if (!user) throw new UsageError(`No user named "${username}".`);
  return user;
}

async function add(db: Db, p: Parsed, out: Output): Promise<void> {
  expectCount(p, 4, 'arguments: add needs <username> <first name> <last name>');
  const [, username, firstName, lastName] = p.positional;
  const added = await addUser(db, { username, firstName, lastName, password: p.password, role: p.role }, { firstIsAdmin: true });
  const user = (await findUserByUsername(db, added.username))!;
  out.print(`Created user "${user.username}" (${user.firstName} ${user.lastName}, id ${user.id}, ${user.role}).`);
  out.print('They change this one-time password when they first sign in.');
  if (added.generated) out.print(`Password: ${added.password}`);
}

async function passwd(db: Db, p: Parsed, out: Output): Promise<void> {
  const user = await namedUser(db, p, 'passwd');
  const { password, generated } = await resetPassword(db, user.id, { password: p.password });
  out.print(`Password of "${user.username}" changed; their earlier sign-ins are no longer valid. They change it when they next sign in.`);
  if (generated) out.print(`Password: ${password}`);
}

async function role(db: Db, p: Parsed, out: Output): Promise<void> {
  expectCount(p, 3, 'arguments: role needs <username> admin|staff');
  const user = await namedUser(db, { positional: p.positional.slice(0, 2) }, 'role');
  const account = await setUserRole(db, user.id, p.positional[2]);
  out.print(`"${account.username}" is now ${account.role}; it counts from their next request.`);
}

async function disable(db: Db, p: Parsed, out: Output): Promise<void> {
  const user = await namedUser(db, p, 'disable');
  await setUserActive(db, user.id, false);
  out.print(`Disabled "${user.username}": they cannot sign in, and their sign-ins have ended.`);
}

async function enable(db: Db, p: Parsed, out: Output): Promise<void> {
  const user = await namedUser(db, p, 'enable');
  await setUserActive(db, user.id, true);
  out.print(`Enabled "${user.username}".`);
}

async function list(db: Db, p: Parsed, out: Output): Promise<void> {
  expectCount(p, 1, '');
  const rows = await listAccounts(db);
  if (!rows.length) {
    out.print('No users.');
    return;
  }
  const width = Math.max(8, ...rows.map((u) => u.username.length));
  out.print(
    `${'id'.padStart(4)}  ${'username'.padEnd(width)}  ${'role'.padEnd(5)}  ${'status'.padEnd(8)}  ${'last sign-in'.padEnd(20)}  name`,
  );
  for (const u of rows) {
    const status = `${u.role.padEnd(5)}  ${(u.active ? 'active' : 'disabled').padEnd(8)}`;
    const signedIn = (u.lastSignInAt ? u.lastSignInAt.slice(0, 19).replace('T', ' ') + 'Z' : 'never').padEnd(20);
    out.print(`${String(u.id).padStart(4)}  ${u.username.padEnd(width)}  ${status}  ${signedIn}  ${u.firstName} ${u.lastName}`);
  }
}

const commands: Record<string, (db: Db, p: Parsed, out: Output) => Promise<void>> = { add, passwd, role, disable, enable, list };

/**
 * Runs `add | passwd | role | disable | enable | list` through the same user management as
 * Settings › Users (server/auth/users.ts); returns the exit code. Bad input changes nothing.
 */
export async function runUserCommand(db: Db, args: string[], out: Output): Promise<number> {
  try {
    const parsed = parse(args);
    const name = parsed.positional[0];
    const command = name === undefined ? undefined : commands[name];
    if (!command) {
      out.error(name === undefined ? 'Missing command.' : `Unknown command "${name}".`);
      out.error(USAGE);
      return 2;
    }
    await command(db, parsed, out);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(error.message);
      out.error(USAGE);
      return 2;
    }
    if (error instanceof HttpError) {
      // A form error names each field's problem; a rule or a conflict is its message.
      const messages = error.errors ? Object.values(error.errors) : [error.message];
      for (const message of messages) out.error(message);
      if (error.statusCode !== 400) return 1;
      out.error(USAGE);
      return 2;
    }
    throw error;
  }
}
