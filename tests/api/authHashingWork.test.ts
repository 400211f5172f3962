import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../server/auth/users';
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

  it('verifies one argon2id hash of the same cost for an unknown user as for a wrong password', async () => {
    const wrong = await verificationsFor('known');
    const unknown = await verificationsFor('unknown-user');
    expect(wrong).toHaveLength(1);
    expect(unknown).toHaveLength(1);
    expect(costOf(wrong[0])).toBe('argon2id$v=19$m=19456,t=2,p=1');
    expect(costOf(unknown[0])).toBe(costOf(wrong[0]));
    expect(unknown[0]).not.toBe(wrong[0]);
  });
});
