import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../server/mail/secretBox';

const SECRET = 'a-server-secret-that-is-long-enough-0123456789';

describe('sealed secrets', () => {
  it('opens what it sealed, with the same secret and purpose only', () => {
    const sealed = seal(SECRET, 'smtp-password', 'hunter2 ✓');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('hunter2');
    expect(unseal(SECRET, 'smtp-password', sealed)).toBe('hunter2 ✓');
    expect(unseal(`${SECRET}x`, 'smtp-password', sealed)).toBeUndefined();
    expect(unseal(SECRET, 'proposal-token', sealed)).toBeUndefined();
  });

  it('seals the same text differently each time, and refuses anything altered', () => {
    const a = seal(SECRET, 'proposal-token', 'token');
    expect(seal(SECRET, 'proposal-token', 'token')).not.toBe(a);
    const [version, iv, tag, body] = a.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(unseal(SECRET, 'proposal-token', [version, iv, tag, flipped.toString('base64url')].join('.'))).toBeUndefined();
    for (const junk of ['', 'v1', 'v2.a.b.c', 'v1.!!.??.', `${a}.extra`.replace('v1', 'v0')]) {
      expect(unseal(SECRET, 'proposal-token', junk)).toBeUndefined();
    }
  });
});
