import { Secret, TOTP } from 'otpauth';

export const TOTP_ISSUER = 'Storico';
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and the next time step are accepted too (clock drift). */
export const TOTP_WINDOW = 1;

const totpFor = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
  });

/** A new random base32 secret (160 bits, as RFC 4226 recommends). */
export const generateTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const timeStepAt = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);

export const totpCodeAt = (secret: string, at: Date): string =>
  totpFor(secret).generate({ timestamp: at.getTime() });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, username: string): string => totpFor(secret, username).toString();

export type CodeCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replayed' };

/**
 * Checks a code at `at` within ±1 step. A code of the last accepted step or an earlier one is a replay: each code
 * signs in once.
 */
export function checkTotpCode(input: {
  secret: string;
  code: string;
  at: Date;
  lastStep: number | null;
}): CodeCheck {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(input.code)) return { ok: false, reason: 'invalid' };
  const delta = totpFor(input.secret).validate({
    token: input.code,
    timestamp: input.at.getTime(),
    window: TOTP_WINDOW,
  });
  if (delta === null) return { ok: false, reason: 'invalid' };
  const step = timeStepAt(input.at) + delta;
  if (input.lastStep !== null && step <= input.lastStep) return { ok: false, reason: 'replayed' };
  return { ok: true, step };
}
