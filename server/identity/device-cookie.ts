import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "device cookie": after a successful sign-in the browser gets a signed cookie naming the account and a
 * random device id. A later sign-in to that account from that browser is counted under the device's own lock rather
 * than its address, so a stranger who locked an address (or shares it) cannot keep the user out of a browser they
 * signed in from before. The cookie is HttpOnly and scoped to the sign-in path; it proves nothing else.
 */
export const DEVICE_COOKIE = 'storico_device';
export const DEVICE_COOKIE_PATH = '/api/v3/auth';
const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

type DevicePayload = { account: string; device: string; expires: number };

const sign = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(`device:${body}`).digest('base64url');

export function issueDeviceToken(key: Buffer, username: string, now: Date): string {
  const payload: DevicePayload = {
    account: username.toLowerCase(),
    device: randomBytes(16).toString('base64url'),
    expires: now.getTime() + DEVICE_TTL_MS,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The device id when `token` is a valid, unexpired device cookie of `username`; otherwise null. */
export function deviceOf(key: Buffer, token: string | undefined, username: string, now: Date): string | null {
  if (!token) return null;
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DevicePayload;
    if (payload.account !== username.toLowerCase() || payload.expires <= now.getTime()) return null;
    return typeof payload.device === 'string' ? payload.device : null;
  } catch {
    return null;
  }
}

/** The device cookie from a `Cookie` header. */
export function deviceCookieOf(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=');
  }
  return undefined;
}

export function deviceCookieHeader(token: string, secure: boolean): string {
  const maxAge = Math.floor(DEVICE_TTL_MS / 1000);
  return `${DEVICE_COOKIE}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
