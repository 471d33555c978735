import { expect } from 'vitest';
import { E2E_ADMIN } from './e2e-env';
import { authenticator } from './one-time-codes';

export type Authenticator = ReturnType<typeof authenticator>;
export type Envelope<T> = { data: { query: T } };
export type E2eUser = { username: string; password: string; codes: Authenticator };

/** Calls the app's /api/v3 over HTTP, with a bearer token when given; answers the status and the parsed body. */
export function apiCaller(baseUrl: string) {
  return async <T>(
    path: string,
    init: RequestInit & { token?: string } = {},
  ): Promise<{ status: number; body: T }> => {
    const { token, ...rest } = init;
    const response = await fetch(`${baseUrl}/api/v3${path}`, {
      ...rest,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(rest.headers as Record<string, string> | undefined),
      },
    });
    return { status: response.status, body: (await response.json()) as T };
  };
}

/** The bootstrap administrator's bearer token, signed in over the API with its next unspent code. */
export async function adminToken(baseUrl: string, codes: Authenticator): Promise<string> {
  const { status, body } = await apiCaller(baseUrl)<{ data: { token: string } }>(
    `/auth/login?code=${await codes.nextCode()}`,
    {
      method: 'POST',
      body: JSON.stringify({ username: E2E_ADMIN.username, password: E2E_ADMIN.password }),
    },
  );
  expect(status, 'administrator sign-in').toBe(200);
  return body.data.token;
}

/**
 * A new user of `role` with a known password and their authenticator, made as an administrator makes one. Each
 * browser flow takes its own users: a one-time code is accepted once per user.
 */
export async function createUser(baseUrl: string, token: string, role: string): Promise<E2eUser> {
  const call = apiCaller(baseUrl);
  const username = `e2e.${role.toLowerCase()}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const password = 'Ripristino-Prova-1!';
  const created = await call<Envelope<{ id: number }>>('/user/', {
    method: 'POST',
    token,
    body: JSON.stringify({ username, email: `${username}@example.it`, password, role: { name: role } }),
  });
  expect(created.status, 'create user').toBe(201);
  const qr = await call<Envelope<{ qrToken: string }>>(`/user/${created.body.data.query.id}/qr-token`, {
    token,
  });
  const secret = await call<Envelope<{ secretKey: string }>>(`/user/${qr.body.data.query.qrToken}/qr-code`);
  return { username, password, codes: authenticator(secret.body.data.query.secretKey) };
}
