import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { open, seal } from '../../../server/identity/secret-box';

const key = randomBytes(32);

describe('secret box (AES-256-GCM)', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = seal('JBSWY3DPEHPK3PXP', key, 'totp:1');
    const b = seal('JBSWY3DPEHPK3PXP', key, 'totp:1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(a, key, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(open(b, key, 'totp:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value altered anywhere', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', key, 'totp:1');
    const [version, payload] = sealed.split('.') as [string, string];
    const raw = Buffer.from(payload, 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const tampered = Buffer.from(raw);
      tampered[i] = tampered[i]! ^ 0x01;
      expect(() => open(`${version}.${tampered.toString('base64url')}`, key, 'totp:1')).toThrow();
    }
    expect(() => open(`${version}.${raw.subarray(0, 20).toString('base64url')}`, key, 'totp:1')).toThrow();
    expect(() => open(`v9.${payload}`, key, 'totp:1')).toThrow();
  });

  it('refuses another key or another context (a secret copied to another user)', () => {
    const sealed = seal('JBSWY3DPEHPK3PXP', key, 'totp:1');
    expect(() => open(sealed, randomBytes(32), 'totp:1')).toThrow();
    expect(() => open(sealed, key, 'totp:2')).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => seal('x', randomBytes(16), 'c')).toThrow(/32 bytes/);
  });
});
