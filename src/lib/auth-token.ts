import Cookies from 'js-cookie';
import { decodeJwt } from 'jose';
import { z } from 'zod';

const COOKIE = 'AUTH_CRED';

const claimsSchema = z.object({
  id: z.number(),
  sub: z.string(),
  role: z.string(),
  jti: z.string().optional(),
});
export type TokenUser = { id: number; username: string; role: string };

export function readToken(): string | undefined {
  return Cookies.get(COOKIE) || undefined;
}

export function storeToken(token: string): void {
  Cookies.set(COOKIE, token, {
    sameSite: 'Strict',
    secure: window.location.protocol === 'https:',
    path: '/',
  });
}

export function clearToken(): void {
  Cookies.remove(COOKIE, { path: '/' });
}

/** The user named by the stored token; the server remains the judge of whether the session is still valid. */
export function userFromToken(token: string | undefined = readToken()): TokenUser | null {
  if (!token) return null;
  try {
    const claims = claimsSchema.parse(decodeJwt(token));
    return { id: claims.id, username: claims.sub, role: claims.role };
  } catch {
    return null;
  }
}
