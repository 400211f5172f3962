import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id, m=19 MiB, t=2, p=1 (OWASP's first recommended configuration). */
export const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the enum is an ambient const enum, which isolatedModules cannot inline.
  algorithm: 2 as NonNullable<Options['algorithm']>,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** How long a verification has taken lately (ms): a moving average of the real ones. */
let typicalMs: number | undefined;

/** The time a password check takes on this machine lately, once one has been made. */
export function typicalVerifyMs(): number | undefined {
  return typicalMs;
}

/** False for a wrong password and for a hash it cannot read (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const started = performance.now();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  } finally {
    const took = performance.now() - started;
    typicalMs = typicalMs === undefined ? took : typicalMs * 0.8 + took * 0.2;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * An unknown username: answered after the time a real check takes lately, so that it cannot
 * be told from a wrong password by its timing, but without the hashing work (issue 35: a flood
 * of made-up usernames must not take the cores the office's sign-ins need). Until a first real
 * check has been timed, one verification against a random password's hash. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  if (typicalMs === undefined) {
    dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    await verifyPassword(await dummyHash, password);
  } else {
    await new Promise((resolve) => setTimeout(resolve, typicalMs));
  }
  return false;
}

/** A random password for first start and the shell (24 characters, 144 bits). */
export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}
