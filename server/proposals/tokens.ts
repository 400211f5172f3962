import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: 43 characters. */
export function newProposalToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The only form in which the public routes look a token up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A string that could be a token; anything else is refused without a query. */
export function looksLikeToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The client's page of a proposal: `<base>/p/<token>`, base being PUBLIC_URL or the request's origin. */
export function proposalLink(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/p/${token}`;
}
