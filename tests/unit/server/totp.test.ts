import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  checkTotpCode,
  generateTotpSecret,
  otpauthUri,
  timeStepAt,
  totpCodeAt,
  TOTP_PERIOD_S,
} from '../../../server/identity/totp';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const at = new Date('2026-03-10T09:15:10Z');
const stepMs = TOTP_PERIOD_S * 1000;
const shifted = (steps: number) => new Date(at.getTime() + steps * stepMs);

describe('TOTP codes', () => {
  it('matches RFC 6238 test vectors (SHA-1, 8 digits there, 6 here: the last six)', () => {
    // RFC 6238 appendix B, secret "12345678901234567890".
    const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCodeAt(rfcSecret, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(rfcSecret, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(rfcSecret, new Date(20_000_000_000_000))).toBe('353130');
  });

  it('accepts the code of the current step and of one step before or after', () => {
    for (const delta of [-1, 0, 1]) {
      const result = checkTotpCode({ secret, code: totpCodeAt(secret, shifted(delta)), at, lastStep: null });
      expect(result).toEqual({ ok: true, step: timeStepAt(at) + delta });
    }
  });

  it('refuses codes two steps away or more', () => {
    for (const delta of [-3, -2, 2, 3]) {
      const result = checkTotpCode({ secret, code: totpCodeAt(secret, shifted(delta)), at, lastStep: null });
      expect(result).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses a code of the last accepted step or an earlier one as a replay', () => {
    const step = timeStepAt(at);
    const code = totpCodeAt(secret, at);
    expect(checkTotpCode({ secret, code, at, lastStep: step })).toEqual({ ok: false, reason: 'replayed' });
    const earlier = totpCodeAt(secret, shifted(-1));
    expect(checkTotpCode({ secret, code: earlier, at, lastStep: step - 1 })).toEqual({
      ok: false,
      reason: 'replayed',
    });
    const later = totpCodeAt(secret, shifted(1));
    expect(checkTotpCode({ secret, code: later, at, lastStep: step })).toEqual({ ok: true, step: step + 1 });
  });

  it('refuses malformed codes and a code of another secret', () => {
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456'])
      expect(checkTotpCode({ secret, code, at, lastStep: null }).ok).toBe(false);
    const other = generateTotpSecret();
    expect(checkTotpCode({ secret, code: totpCodeAt(other, at), at, lastStep: null }).ok).toBe(false);
  });

  it('makes 160-bit base32 secrets and an otpauth URI authenticator apps read', () => {
    const fresh = generateTotpSecret();
    expect(fresh).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri(fresh, 'mario.rossi'));
    expect(`${uri.protocol}//${uri.host}`).toBe('otpauth://totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Storico:mario.rossi');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: fresh,
      issuer: 'Storico',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it.skipIf(!existsSync('/usr/bin/oathtool'))('agrees with oathtool', () => {
    const fresh = generateTotpSecret();
    const expected = execFileSync('oathtool', ['--totp', '-b', fresh, '--now', at.toISOString()], {
      encoding: 'utf8',
    }).trim();
    expect(totpCodeAt(fresh, at)).toBe(expected);
  });
});
