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

/** False for a wrong password and for a hash it cannot read (never throws on bad input). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a hash of a random password with the same parameters, so that an
 * unknown username costs the same work as a wrong password. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** A random password for first start and the shell (24 characters, 144 bits). */
export function randomPassword(): string {
  return randomBytes(18).toString('base64url');
}
