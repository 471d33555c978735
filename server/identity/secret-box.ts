import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for secrets at rest (TOTP secrets). `context` is bound as additional data, so a sealed value copied
 * onto another row (another user) does not open there.
 */
export function seal(plaintext: string, key: Buffer, context: string): string {
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** Throws when the value was altered, sealed with another key or for another context. */
export function open(sealed: string, key: Buffer, context: string): string {
  const [version, payload] = sealed.split('.');
  if (version !== VERSION || !payload) throw new Error('Unknown sealed secret format');
  const raw = Buffer.from(payload, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed secret too short');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}
