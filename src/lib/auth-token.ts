/*
 * The AUTH_CRED cookie and the token's claims, by hand rather than with js-cookie and jose: every page reads the
 * session first, and these few lines are all it needs of them (decision 023).
 */
const COOKIE = 'AUTH_CRED';

/** The JWT's payload, not verified: the server remains the judge of the token. */
function decodeClaims(token: string): Record<string, unknown> {
  const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
  const json = new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)));
  const claims: unknown = JSON.parse(json);
  if (typeof claims !== 'object' || claims === null) throw new Error('not a JWT payload');
  return claims as Record<string, unknown>;
}

export type TokenUser = { id: number; username: string; role: string };

export function readToken(): string | undefined {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(COOKIE.length + 1)) || undefined : undefined;
}

export function storeToken(token: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Strict${secure}`;
}

export function clearToken(): void {
  document.cookie = `${COOKIE}=; Path=/; Max-Age=0`;
}

/** The user named by the stored token; the server remains the judge of whether the session is still valid. */
export function userFromToken(token: string | undefined = readToken()): TokenUser | null {
  if (!token) return null;
  try {
    // Checked by hand rather than with zod, which is not part of the first page's script.
    const { id, sub, role, jti } = decodeClaims(token);
    const valid =
      typeof id === 'number' &&
      typeof sub === 'string' &&
      typeof role === 'string' &&
      (jti === undefined || typeof jti === 'string');
    return valid ? { id, username: sub, role } : null;
  } catch {
    return null;
  }
}
