import { SignJWT, jwtVerify } from 'jose';
import type { TokenUser } from './users';

export const TOKEN_LIFETIME_MS = 30 * 60_000;
/** Past half its life a token is replaced by a fresh one (header x-auth-token). */
export const REFRESH_AFTER_MS = TOKEN_LIFETIME_MS / 2;
/** No token, however often refreshed, outlives this much time from sign-in. */
export const SIGN_IN_LIMIT_MS = 12 * 60 * 60_000;

export interface TokenClaims {
  /** User id, as a string (JWT convention). */
  sub: string;
  username: string;
  firstName: string;
  lastName: string;
  /** Issued at, seconds. */
  iat: number;
  /** Expires at, seconds. */
  exp: number;
  /** Time of sign-in, seconds (the OIDC claim name); refreshes keep it. */
  auth_time: number;
  /** The user's token generation when issued; a password change moves it on. */
  gen: number;
  /** For the SPA's display only (the server reads the stored role on every request). */
  role?: string;
  /** For the SPA: the user must change a one-time password first (the server reads the stored flag). */
  mustChangePassword?: boolean;
}

const ALGORITHM = 'HS256';
const keys = new Map<string, Uint8Array>();

function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A token for `user`, signed in at `signedInAt` (ms), issued at `now` (ms). */
export async function issueToken(
  secret: string,
  user: TokenUser,
  { now, signedInAt }: { now: number; signedInAt: number },
): Promise<string> {
  const iat = seconds(now);
  const authTime = seconds(signedInAt);
  const exp = Math.min(iat + TOKEN_LIFETIME_MS / 1000, authTime + SIGN_IN_LIMIT_MS / 1000);
  return new SignJWT({
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    auth_time: authTime,
    gen: user.tokenGeneration,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(user.id))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keyOf(secret));
}

const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

/** Tokens whose signature was checked, kept so that the next request of the same token is not checked again. */
const VERIFIED_KEPT = 1_000;
const verified = new Map<string, { secret: string; claims: TokenClaims }>();

/** What jose checks of a verified token's times at `now`, and the sign-in limit. */
const liveAt = (claims: TokenClaims, now: number) => claims.exp > seconds(now) && now < claims.auth_time * 1000 + SIGN_IN_LIMIT_MS;

/**
 * The claims of a valid token at `now` (ms), or undefined: only HS256 with our secret,
 * unexpired, within the sign-in limit, with every claim present and well-typed. A token seen
 * before (the same text, under the same secret) is not verified again — its signature cannot
 * have changed — only its times (a tenth of a list request's time went to the signature).
 */
export async function readToken(secret: string, token: string, now: number): Promise<TokenClaims | undefined> {
  const known = verified.get(token);
  let claims = known?.secret === secret ? known.claims : undefined;
  if (!claims) {
    claims = await verifyToken(secret, token, now);
    if (!claims) return undefined;
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims });
  }
  return liveAt(claims, now) ? claims : undefined;
}

/** The token's claims if its signature is ours and jose finds it unexpired at `now`, every claim well-typed. */
async function verifyToken(secret: string, token: string, now: number): Promise<TokenClaims | undefined> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [ALGORITHM],
      currentDate: new Date(now),
      requiredClaims: ['sub', 'iat', 'exp', 'auth_time', 'gen'],
    }));
  } catch {
    return undefined;
  }
  const { sub, username, firstName, lastName, iat, exp, auth_time, gen, role, mustChangePassword } = payload;
  if (typeof sub !== 'string' || !/^[1-9][0-9]{0,9}$/.test(sub)) return undefined;
  if (typeof username !== 'string' || typeof firstName !== 'string' || typeof lastName !== 'string') return undefined;
  if (!isInt(iat) || !isInt(exp) || !isInt(auth_time) || !isInt(gen)) return undefined;
  return {
    sub,
    username,
    firstName,
    lastName,
    iat,
    exp,
    auth_time,
    gen,
    role: typeof role === 'string' ? role : undefined,
    mustChangePassword: typeof mustChangePassword === 'boolean' ? mustChangePassword : undefined,
  };
}

/**
 * Whether a fresh token is due: past half-life, and a new one would actually live longer
 * (near the sign-in limit there is nothing left to extend).
 */
export function refreshDue(claims: TokenClaims, now: number): boolean {
  if (now < claims.iat * 1000 + REFRESH_AFTER_MS) return false;
  const nextExp = Math.min(seconds(now) + TOKEN_LIFETIME_MS / 1000, claims.auth_time + SIGN_IN_LIMIT_MS / 1000);
  return nextExp > claims.exp;
}
