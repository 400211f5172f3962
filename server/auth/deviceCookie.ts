import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): each
 * successful sign-in leaves the browser a signed cookie naming the user and a random nonce.
 * While an account is under attack, a sign-in carrying one is still let through to the
 * password check, and its failures count against that device only.
 */
export const DEVICE_COOKIE_PATH = '/api/login';
/** A year: the cookie marks a browser the owner has signed in from, not a session. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const COOKIE_PREFIX = 'yardstick-device-';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The cookie key, derived from the token secret so every server process agrees on it. */
export function deviceCookieKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('yardstick device cookies v1').digest();
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');

/** One cookie per user, so people sharing a browser each keep theirs; the name hides the username. */
export function deviceCookieName(key: Buffer, username: string): string {
  return COOKIE_PREFIX + mac(key, `name:${username}`).slice(0, 16);
}

/** The cookie's value: `<nonce>.<HMAC of username and nonce>`. */
export function deviceCookieValue(key: Buffer, username: string, nonce: string): string {
  return `${nonce}.${mac(key, `device:${username}:${nonce}`)}`;
}

/** The nonce of a valid device cookie for `username` carried by the request, else undefined. */
export function readDeviceCookie(request: FastifyRequest, key: Buffer, username: string): string | undefined {
  const value = request.cookies[deviceCookieName(key, username)];
  const [nonce, signature, extra] = (value ?? '').split('.');
  if (extra !== undefined || !NONCE_PATTERN.test(nonce ?? '') || !SIGNATURE_PATTERN.test(signature ?? '')) return undefined;
  const expected = Buffer.from(mac(key, `device:${username}:${nonce}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : undefined;
}

/** Gives the browser a fresh device cookie for `username` (at each successful sign-in). */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, key: Buffer, username: string): void {
  const nonce = randomBytes(16).toString('base64url');
  reply.setCookie(deviceCookieName(key, username), deviceCookieValue(key, username, nonce), {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
