/**
 * The session token (SPEC §3): a JWT kept in sessionStorage under IDToken. The current user is
 * decoded from its claims; the token counts as expired when `exp` is missing, empty or past,
 * or when the token is malformed (SPEC §4 "Authentication").
 */
import { jwtDecode } from 'jwt-decode';

export const TOKEN_STORAGE_KEY = 'IDToken';

export interface TokenClaims {
  sub?: string | number;
  username?: string;
  firstName?: string;
  lastName?: string;
  exp?: unknown;
  iat?: unknown;
  [claim: string]: unknown;
}

export function readToken(): string | null {
  return sessionStorage.getItem(TOKEN_STORAGE_KEY);
}

const tokenListeners = new Set<() => void>();

export function storeToken(token: string): void {
  const changed = sessionStorage.getItem(TOKEN_STORAGE_KEY) !== token;
  sessionStorage.setItem(TOKEN_STORAGE_KEY, token);
  if (changed) tokenListeners.forEach((listener) => listener());
}

/** Calls `listener` whenever another token is stored (a sign-in, a refresh); returns the unsubscribe. */
export function onTokenStored(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => {
    tokenListeners.delete(listener);
  };
}

export function removeToken(): void {
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
}

/** The token's claims, or null when it is not three dot-separated parts with a JSON payload. */
export function decodeToken(token: string): TokenClaims | null {
  if (token.split('.').length !== 3) return null;
  try {
    const claims = jwtDecode<unknown>(token);
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

/** True when the token decodes and its `exp` (seconds since the epoch) is still ahead of `now`. */
export function isTokenUnexpired(token: string | null, now: number = Date.now()): boolean {
  if (!token) return false;
  const exp = decodeToken(token)?.exp;
  if (exp === undefined || exp === null || exp === '') return false;
  const seconds = Number(exp);
  return Number.isFinite(seconds) && seconds * 1000 > now;
}

/** The signed-in user as the token describes them: every claim except expiry and issue time. */
export function currentUserClaims(): Omit<TokenClaims, 'exp' | 'iat'> | null {
  const token = readToken();
  if (!isTokenUnexpired(token)) return null;
  const { exp: _exp, iat: _iat, ...claims } = decodeToken(token!)!;
  return claims;
}
