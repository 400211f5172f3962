import type { Db } from '../db/connection';
import { passwordPolicyProblem } from '../../src/schema/passwordChange';
import { HttpError } from '../errors';
import { randomPassword } from './passwords';
import {
  createUser,
  findUserByUsername,
  isValidUsername,
  listUsers,
  NAME_MAX,
  normalizeUsername,
  setPassword,
  USERNAME_RULE,
} from './users';

export const USAGE = [
  'Usage:',
  '  npm run user -- add <username> <first name> <last name> [--password <password>]',
  '  npm run user -- passwd <username> [--password <password>]',
  '  npm run user -- list',
  'Without --password a random password is generated and printed.',
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
}

function parse(args: string[]): Parsed {
  const positional: string[] = [];
  let password: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--password') {
      if (i + 1 >= args.length) throw new UsageError('--password needs a value.');
      password = args[++i];
    } else if (arg.startsWith('--password=')) {
      password = arg.slice('--password='.length);
    } else if (arg.startsWith('--')) {
      throw new UsageError(`Unknown option ${arg}.`);
    } else {
      positional.push(arg);
    }
  }
  return { positional, password };
}

function expectCount(p: Parsed, count: number, what: string): void {
  if (p.positional.length < count) throw new UsageError(`Missing ${what}.`);
  if (p.positional.length > count) throw new UsageError(`Too many arguments: ${p.positional.slice(count).join(' ')}`);
}

function checkedPassword(given: string | undefined): { password: string; generated: boolean } {
  if (given === undefined) return { password: randomPassword(), generated: true };
  const problem = passwordPolicyProblem(given);
  if (problem) throw new UsageError(problem);
  return { password: given, generated: false };
}

function checkedName(label: string, value: string): string {
  const name = value.trim();
  if (!name) throw new UsageError(`${label} is required.`);
  if (name.length > NAME_MAX) throw new UsageError(`${label} cannot exceed ${NAME_MAX} characters.`);
  return name;
}

async function add(db: Db, p: Parsed, out: Output): Promise<void> {
  expectCount(p, 4, 'arguments: add needs <username> <first name> <last name>');
  const [, rawUsername, first, last] = p.positional;
  const username = normalizeUsername(rawUsername);
  if (!isValidUsername(username)) throw new UsageError(`Invalid username "${rawUsername}". ${USERNAME_RULE}`);
  const firstName = checkedName('First Name', first);
  const lastName = checkedName('Last Name', last);
  const { password, generated } = checkedPassword(p.password);
  const { id } = await createUser(db, { username, firstName, lastName, password });
  out.print(`Created user "${username}" (${firstName} ${lastName}, id ${id}).`);
  if (generated) out.print(`Password: ${password}`);
}

async function passwd(db: Db, p: Parsed, out: Output): Promise<void> {
  expectCount(p, 2, 'argument: passwd needs <username>');
  const username = normalizeUsername(p.positional[1]);
  const user = await findUserByUsername(db, username);
  if (!user) throw new UsageError(`No user named "${username}".`);
  const { password, generated } = checkedPassword(p.password);
  await setPassword(db, user.id, password);
  out.print(`Password of "${username}" changed; their earlier sign-ins are no longer valid.`);
  if (generated) out.print(`Password: ${password}`);
}

async function list(db: Db, p: Parsed, out: Output): Promise<void> {
  expectCount(p, 1, '');
  const rows = await listUsers(db);
  if (!rows.length) {
    out.print('No users.');
    return;
  }
  const width = Math.max(8, ...rows.map((u) => u.username.length));
  out.print(`${'id'.padStart(4)}  ${'username'.padEnd(width)}  name`);
  for (const u of rows) out.print(`${String(u.id).padStart(4)}  ${u.username.padEnd(width)}  ${u.firstName} ${u.lastName}`);
}

const commands: Record<string, (db: Db, p: Parsed, out: Output) => Promise<void>> = { add, passwd, list };

/** Runs `add | passwd | list`; returns the exit code. Bad input changes nothing. */
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
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}
