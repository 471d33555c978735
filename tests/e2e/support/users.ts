import { expect, inject } from 'vitest';
import { ADMIN } from '../../../contract/roles';
import { E2E_ADMIN } from './e2e-env';
import { authenticator } from './one-time-codes';

export type Envelope<T> = { data: { query: T } };
type Authenticator = ReturnType<typeof authenticator>;

/**
 * Calls /api/v3 of the end-to-end server (or of `baseUrl`, a server of the test's own), with a bearer token when
 * given; answers the status and the body. Every test file calls from the same address, so side by side they can
 * reach a per-address limit (30 enrolment links a minute): a 429 is waited out, as its Retry-After says, and sent
 * again.
 */
export async function call<T>(
  path: string,
  init: RequestInit & { token?: string; baseUrl?: string } = {},
): Promise<{ status: number; body: T }> {
  const { token, baseUrl, ...rest } = init;
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${baseUrl ?? inject('baseUrl')}/api/v3${path}`, {
      ...rest,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
    });
    const body = (await response.json()) as T;
    if (response.status !== 429 || attempt === 5) return { status: response.status, body };
    const seconds = Number(response.headers.get('retry-after')) || 5;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

/** The API of the end-to-end server as the bootstrap administrator (signed in once by the global setup). */
export const adminApiToken = (): string => inject('adminToken');

/** The API of `baseUrl` as the administrator, signed in with the next unspent code. */
export async function adminToken(codes: Authenticator, baseUrl?: string): Promise<string> {
  const { status, body } = await call<{ data: { token: string } }>(
    `/auth/login?code=${await codes.nextCode()}`,
    {
      baseUrl,
      method: 'POST',
      body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
    },
  );
  expect(status, 'administrator sign-in').toBe(200);
  return body.data.token;
}

/**
 * A new user of `role` with a known password and their authenticator (its spent steps kept in `stepsDir`, the run's
 * by default), as an administrator makes one.
 */
export async function createUser(token: string, role: string, baseUrl?: string, stepsDir?: string) {
  const username = `e2e.${role.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = 'Ripristino-Prova-1!';
  const created = await call<Envelope<{ id: number }>>('/user/', {
    baseUrl,
    method: 'POST',
    token,
    body: JSON.stringify({ username, email: `${username}@example.it`, password, role: { name: role } }),
  });
  expect(created.status, `create user: ${JSON.stringify(created.body)}`).toBe(201);
  const qr = await call<Envelope<{ qrToken: string }>>(`/user/${created.body.data.query.id}/qr-token`, {
    baseUrl,
    token,
  });
  expect(qr.status, `enrolment link: ${JSON.stringify(qr.body)}`).toBe(200);
  const secret = await call<Envelope<{ secretKey: string }>>(`/user/${qr.body.data.query.qrToken}/qr-code`, {
    baseUrl,
  });
  expect(secret.status, `enrolment secret: ${JSON.stringify(secret.body)}`).toBe(200);
  const { qrToken } = qr.body.data.query;
  return {
    id: created.body.data.query.id,
    username,
    password,
    qrToken,
    codes: authenticator(secret.body.data.query.secretKey, stepsDir),
  };
}

/** A new administrator of the end-to-end server, for a file that signs in as one in the browser. */
export const createAdmin = () => createUser(adminApiToken(), ADMIN);
