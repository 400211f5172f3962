import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { LOGGED_MESSAGE_MAX } from '../../server/errors';
import { openTestDatabase, type TestDatabase } from '../helpers/testDatabase';
import { TEST_SECRET } from '../helpers/testApi';

const USER_DATA = 'customer notes typed by a user '.repeat(40_000);

describe('logging an unexpected error', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    app = await buildApp({ database, jwtSecret: TEST_SECRET, logger: { level: 'info', stream } });
    // A failing query as drizzle reports it: the SQL and every parameter in its text and fields.
    app.get('/api/test-failure', { config: { public: true } }, async () => {
      const cause = Object.assign(new Error('value too long for type character varying(150)'), { code: '22001' });
      throw Object.assign(new Error(`Failed query: insert into "sites" values ($1)\nparams: ${USER_DATA}`), {
        query: 'insert into "sites" values ($1)',
        params: [USER_DATA],
        cause,
      });
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('answers 500 {message} and logs the class, code and a bounded message, not the user data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test-failure' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Unexpected error' });

    const entry = logged.map((line) => JSON.parse(line)).find((line) => line.msg === 'unexpected error');
    expect(entry).toBeDefined();
    expect(entry.error.class).toBe('Error');
    expect(entry.error.message.length).toBeLessThan(LOGGED_MESSAGE_MAX + 40);
    expect(entry.error.cause).toMatchObject({ code: '22001', message: 'value too long for type character varying(150)' });
    const everything = logged.join('');
    expect(everything.length).toBeLessThan(20_000);
    expect(everything.split('customer notes typed by a user').length - 1).toBeLessThan(15);
  });
});
