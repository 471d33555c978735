import { expect, inject } from 'vitest';
import { E2E_ADMIN } from './e2e-env';
import { authenticator } from './one-time-codes';

export type Envelope<T> = { data: { query: T } };
type Authenticator = ReturnType<typeof authenticator>;

/**
 * Calls /api/v3 of the end-to-end server (or of `baseUrl`, a server of the test's own), with a bearer token when
 * given; answers the status and the body.
 */
export async function call<T>(
  path: string,
  init: RequestInit & { token?: string; baseUrl?: string } = {},
): Promise<{ status: number; body: T }> {
  const { token, baseUrl, ...rest } = init;
  const response = await fetch(`${baseUrl ?? inject('baseUrl')}/api/v3${path}`, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    },
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The API of the end-to-end server as the administrator, signed in with the next unspent code. */
export const sharedAdminToken = (): Promise<string> => adminToken(authenticator(E2E_ADMIN.totpSecret));

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

/** A new user of `role` with a known password and their authenticator, as an administrator makes one. */
export async function createUser(token: string, role: string, baseUrl?: string) {
  const username = `e2e.${role.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = 'Ripristino-Prova-1!';
  const created = await call<Envelope<{ id: number }>>('/user/', {
    baseUrl,
    method: 'POST',
    token,
    body: JSON.stringify({ username, email: `${username}@example.it`, password, role: { name: role } }),
  });
  expect(created.status, 'create user').toBe(201);
  const qr = await call<Envelope<{ qrToken: string }>>(`/user/${created.body.data.query.id}/qr-token`, {
    baseUrl,
    token,
  });
  const secret = await call<Envelope<{ secretKey: string }>>(`/user/${qr.body.data.query.qrToken}/qr-code`, {
    baseUrl,
  });
  const { qrToken } = qr.body.data.query;
  return {
    id: created.body.data.query.id,
    username,
    password,
    qrToken,
    codes: authenticator(secret.body.data.query.secretKey),
  };
}
