import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { hashPassword, verifyAgainstDummy, verifyPassword, randomPassword } from '../../server/auth/passwords';
import { issueToken, readToken, refreshDue, REFRESH_AFTER_MS, SIGN_IN_LIMIT_MS, TOKEN_LIFETIME_MS } from '../../server/auth/tokens';
import { newPasswordRuleErrors, passwordChangeErrors, passwordMessages, passwordPolicyProblem } from '../../src/schema/passwordChange';
import { FORM_INVALID } from '../../src/schema/validate';

const SECRET = 'unit-test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';
const USER = {
  id: 7,
  username: 'pat',
  firstName: 'Pat',
  lastName: 'Gardener',
  tokenGeneration: 3,
  role: 'admin' as const,
  mustChangePassword: false,
};
const T0 = Date.UTC(2025, 5, 1, 8, 0, 0);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('passwords', () => {
  it('hashes with argon2id, m=19456 KiB, t=2, p=1, salted', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password only, and never throws on a damaged hash', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });

  it('makes random passwords that pass the policy and differ', () => {
    const a = randomPassword();
    expect(passwordPolicyProblem(a)).toBeUndefined();
    expect(a).not.toBe(randomPassword());
  });
});

describe('tokens', () => {
  it('carries the contract claims, HS256', async () => {
    const token = await issueToken(SECRET, USER, { now: T0, signedInAt: T0 });
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    expect(decodeJwt(token)).toEqual({
      sub: '7',
      username: 'pat',
      firstName: 'Pat',
      lastName: 'Gardener',
      iat: T0 / 1000,
      exp: T0 / 1000 + TOKEN_LIFETIME_MS / 1000,
      auth_time: T0 / 1000,
      gen: 3,
      // For the screens only: the server reads the stored role and one-time state on every request.
      role: 'admin',
      mustChangePassword: false,
    });
    expect((await readToken(SECRET, token, T0))?.sub).toBe('7');
  });

  it('refuses expired, wrongly signed, unsigned, other-algorithm and malformed tokens', async () => {
    const token = await issueToken(SECRET, USER, { now: T0, signedInAt: T0 });
    expect(await readToken(SECRET, token, T0 + TOKEN_LIFETIME_MS - 1000)).toBeDefined();
    expect(await readToken(SECRET, token, T0 + TOKEN_LIFETIME_MS)).toBeUndefined();
    expect(await readToken(`${SECRET}x`, token, T0)).toBeUndefined();

    const [, payload] = token.split('.');
    expect(await readToken(SECRET, `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`, T0)).toBeUndefined();
    const hs512 = await new SignJWT(decodeJwt(token)).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(SECRET));
    expect(await readToken(SECRET, hs512, T0)).toBeUndefined();
    expect(await readToken(SECRET, 'abc.def.ghi', T0)).toBeUndefined();
    expect(await readToken(SECRET, 'garbage', T0)).toBeUndefined();
  });

  it('reads a token seen before without checking its signature again, but still by its times and its secret', async () => {
    const token = await issueToken(SECRET, { ...USER, id: 8 }, { now: T0, signedInAt: T0 });
    const first = await readToken(SECRET, token, T0);
    expect(first?.sub).toBe('8');
    // The same claims, kept: not a fresh verification.
    expect(await readToken(SECRET, token, T0 + 1000)).toBe(first);
    expect(await readToken(SECRET, token, T0 + TOKEN_LIFETIME_MS)).toBeUndefined();
    expect(await readToken(`${SECRET}x`, token, T0)).toBeUndefined();
    // Another signature is another text: verified, and refused.
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await readToken(SECRET, forged, T0)).toBeUndefined();
    expect(await readToken(SECRET, token, T0)).toBe(first);
  });

  it('refuses a correctly signed token that lacks a claim of the contract', async () => {
    const key = new TextEncoder().encode(SECRET);
    const noGeneration = await new SignJWT({ username: 'pat', firstName: 'Pat', lastName: 'G', auth_time: T0 / 1000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setIssuedAt(T0 / 1000)
      .setExpirationTime(T0 / 1000 + 60)
      .sign(key);
    expect(await readToken(SECRET, noGeneration, T0)).toBeUndefined();
  });

  it('is due for refresh only past half its life', async () => {
    const claims = (await readToken(SECRET, await issueToken(SECRET, USER, { now: T0, signedInAt: T0 }), T0))!;
    expect(refreshDue(claims, T0 + REFRESH_AFTER_MS - 1000)).toBe(false);
    expect(refreshDue(claims, T0 + REFRESH_AFTER_MS)).toBe(true);
  });

  it('never lives past the sign-in limit, and stops refreshing there', async () => {
    const late = T0 + SIGN_IN_LIMIT_MS - 10 * 60_000;
    const token = await issueToken(SECRET, USER, { now: late, signedInAt: T0 });
    const claims = decodeJwt(token);
    expect(claims.exp).toBe((T0 + SIGN_IN_LIMIT_MS) / 1000);
    expect(claims.auth_time).toBe(T0 / 1000);
    const read = (await readToken(SECRET, token, late))!;
    expect(refreshDue(read, late + REFRESH_AFTER_MS - 60_000)).toBe(false);
    expect(await readToken(SECRET, token, T0 + SIGN_IN_LIMIT_MS)).toBeUndefined();
  });
});

describe('password change form', () => {
  it('requires each field with the SPEC messages', () => {
    expect(passwordChangeErrors({})).toEqual({
      currentPassword: 'Current Password is required.',
      newPassword: 'New Password is required.',
      confirmNewPassword: 'Confirm New Password is required.',
    });
    expect(passwordChangeErrors({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'b' })).toEqual({});
    expect(FORM_INVALID).toBe('Form is invalid.');
  });

  it('checks length and confirmation of the new password', () => {
    expect(newPasswordRuleErrors({ newPassword: 'short', confirmNewPassword: 'short' })).toEqual({
      newPassword: passwordMessages.tooShort,
    });
    expect(newPasswordRuleErrors({ newPassword: 'long enough', confirmNewPassword: 'long enougH' })).toEqual({
      confirmNewPassword: passwordMessages.mismatch,
    });
    expect(newPasswordRuleErrors({ newPassword: 'long enough', confirmNewPassword: 'long enough' })).toEqual({});
    expect(passwordChangeErrors({ currentPassword: 'a', newPassword: 'x'.repeat(129), confirmNewPassword: 'a' })).toEqual({
      newPassword: 'New Password cannot exceed 128 characters.',
    });
  });
});
