import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the server keeps but must be able to read back (the SMTP password, proposal link
 * tokens), sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server secret —
 * the same secret every server process on the database shares (JWT_SECRET or the one kept in
 * app_settings). A copy of the database alone reveals none of them. Each purpose has its own
 * key, so a value sealed for one cannot be opened as another.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export type SealPurpose = 'smtp-password' | 'proposal-token';

function keyFor(secret: string, purpose: SealPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('yardstick-seal'), Buffer.from(purpose), 32));
}

export function seal(secret: string, purpose: SealPurpose, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The sealed value, or undefined when it cannot be opened (another secret, damaged). */
export function unseal(secret: string, purpose: SealPurpose, sealed: string): string | undefined {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
