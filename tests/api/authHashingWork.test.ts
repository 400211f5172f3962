import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../server/auth/users';
import { typicalVerifyMs } from '../../server/auth/passwords';
import { createTestApi, type TestApi } from '../helpers/testApi';
import { databaseKinds } from '../helpers/testDatabase';

/** Every argon2 verification the server performs, by the hash it checked against. */
const verified = vi.hoisted(() => [] as string[]);

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hash: string, ...rest: [string]) => {
      verified.push(hash);
      return real.verify(hash, ...rest);
    },
  };
});

/** The cost parameters of a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$…`. */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe.each(databaseKinds())('sign-in hashing work on %s', (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(kind);
    await createUser(api.database.db, { username: 'known', firstName: 'K', lastName: 'N', password: 'known password' });
  });
  afterAll(() => api?.close());

  const verificationsFor = async (username: string) => {
    verified.length = 0;
    const res = await api.request('POST', '/api/login', { username, password: 'not the password' }, null);
    expect(res.status).toBe(401);
    return [...verified];
  };

  it('verifies one argon2id hash for a wrong password; an unknown user takes as long without the hashing (issue 35)', async () => {
    const wrong = await verificationsFor('known');
    expect(wrong).toHaveLength(1);
    expect(costOf(wrong[0])).toBe('argon2id$v=19$m=19456,t=2,p=1');
    const typical = typicalVerifyMs()!;
    expect(typical).toBeGreaterThan(0);
    const started = performance.now();
    const unknown = await verificationsFor('unknown-user');
    const tookMs = performance.now() - started;
    expect(unknown).toEqual([]);
    // At least the time a real check takes lately (a timer, so never much less).
    expect(tookMs).toBeGreaterThanOrEqual(typical * 0.9);
  });

  it('before any real check has been timed, an unknown user costs one verification against a random hash of the same cost', async () => {
    vi.resetModules();
    const fresh = await import('../../server/auth/passwords');
    verified.length = 0;
    expect(await fresh.verifyAgainstDummy('anything')).toBe(false);
    expect(verified).toHaveLength(1);
    expect(costOf(verified[0])).toBe('argon2id$v=19$m=19456,t=2,p=1');
  });
});
