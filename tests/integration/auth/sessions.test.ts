import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/envelope';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../../server/identity/sessions';
import { bearer, createUserWithSecret, signIn, signedInUser, testIp, testPassword } from '../../support/auth';
import { TestClock } from '../../support/clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('sessions on %s', (kind) => {
  let t: TestApp;
  const clock = new TestClock();
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
    adminToken = (await signedInUser(t, ADMIN)).token;
  });
  afterAll(() => t.close());

  /** A signed-in request any role may make that changes nothing: a wrong current password (400). */
  const probe = async (token: string, userId: number) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/${userId}/update-password`,
      headers: bearer(token),
      payload: { oldPassword: 'not-my-password', newPassword: 'Another-pass-1' },
      remoteAddress: testIp(),
    });
    return res.statusCode;
  };
  const asAdmin = (method: 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

  it('reads the bearer scheme in any case (RFC 7235)', async () => {
    const { token } = await signedInUser(t, USER_RANA);
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v3/sf-user/',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
  });

  it('ends the session on logout: the token is refused afterwards', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    const other = await signIn(t, user);
    expect(await probe(token, user.id)).toBe(400);
    const out = await t.app.inject({ method: 'POST', url: '/api/v3/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'POST', url: '/api/v3/auth/logout', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(errorBodySchema.parse(after.json()).message).toBe('Session expired or revoked');
    expect(await probe(other, user.id)).toBe(400);
  });

  it('ends every session of a deleted user', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    expect((await asAdmin('DELETE', `/api/v3/user/${user.id}`)).statusCode).toBe(200);
    expect(await probe(token, user.id)).toBe(401);
  });

  it('ends every session when an administrator sets the password', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    const res = await asAdmin('PUT', `/api/v3/user/${user.id}`, { password: testPassword() });
    expect(res.statusCode).toBe(200);
    expect(await probe(token, user.id)).toBe(401);
  });

  it("ends every session, the caller's too, when users change their own password", async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    const second = await signIn(t, user);
    const newPassword = testPassword();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/${user.id}/update-password`,
      headers: bearer(token),
      payload: { oldPassword: user.password, newPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(await probe(token, user.id)).toBe(401);
    expect(await probe(second, user.id)).toBe(401);
    user.password = newPassword;
    clock.advance(60_000);
    expect(await probe(await signIn(t, user), user.id)).toBe(400);
  });

  it("keeps the sessions on 'Invia QR' (the old authenticator works until the new one is confirmed)", async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    expect((await asAdmin('GET', `/api/v3/user/${user.id}/qr-token`)).statusCode).toBe(200);
    expect(await probe(token, user.id)).toBe(400);
  });

  it('ends every session when the authenticator is reset (a new TOTP secret at once)', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    expect((await asAdmin('GET', `/api/v3/user/${user.id}/qr-token?reset=true`)).statusCode).toBe(200);
    expect(await probe(token, user.id)).toBe(401);
  });

  it('ends a session after 30 minutes without requests, and keeps it while it is used', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    for (let i = 0; i < 4; i++) {
      clock.advance(SESSION_IDLE_MS - 60_000);
      expect(await probe(token, user.id)).toBe(400);
    }
    clock.advance(SESSION_IDLE_MS + 1000);
    expect(await probe(token, user.id)).toBe(401);
    adminToken = await signIn(t, await createUserWithSecret(t, ADMIN));
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    const stepMs = SESSION_IDLE_MS - 60_000;
    for (let elapsed = stepMs; elapsed < SESSION_MAX_MS; elapsed += stepMs) {
      clock.advance(stepMs);
      expect(await probe(token, user.id)).toBe(400);
    }
    clock.advance(stepMs);
    expect(await probe(token, user.id)).toBe(401);
  });
});
