import { createHmac } from 'node:crypto';

/**
 * What the audit log keeps of a sign-in's username that names no user: a password typed into the username field
 * must not be kept as text. The HMAC (SHA-256, keyed with SECRETS_KEY) of the lower-cased name tells repeated tries
 * of one name apart from different names without showing either; the length, how long it was.
 */
export function usernameFingerprint(
  secretsKey: Buffer,
  username: string,
): { usernameHmac: string; usernameLength: number } {
  const usernameHmac = createHmac('sha256', secretsKey)
    .update(`audit-username:${username.toLowerCase()}`, 'utf8')
    .digest('hex');
  return { usernameHmac, usernameLength: [...username].length };
}
