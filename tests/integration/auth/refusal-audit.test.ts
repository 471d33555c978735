import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, productRole, USER_RANA } from '../../../contract/roles';
import { bearer, signedInUser, testIp } from '../../support/auth';
import { TestClock } from '../../support/clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('refusals in the audit log on %s', (kind) => {
  let t: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t.close());

  const entries = (action: string, ip: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'details'])
      .where('action', '=', action)
      .where('ip', '=', ip)
      .execute();

  it('records a 403, at most once a minute per user, with the caller and the redacted URL', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    const ip = testIp();
    const forbidden = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/v3/user/?filter=x',
        headers: bearer(token),
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await forbidden()).statusCode).toBe(403);
    expect(await entries('auth.refused-forbidden', ip)).toEqual([
      {
        action: 'auth.refused-forbidden',
        actor_user_id: user.id,
        details: expect.objectContaining({ method: 'GET', role: USER_RANA }),
      },
    ]);
    clock.advance(61_000);
    await forbidden();
    expect(await entries('auth.refused-forbidden', ip)).toHaveLength(2);
  });

  it('records a 403 a service decides, with its code, as the role check does', async () => {
    const rana = await signedInUser(t, USER_RANA);
    const other = await signedInUser(t, USER_RANA);
    const reviewer = await signedInUser(t, productRole(t.config.productCode));
    const cases = [
      {
        as: rana,
        method: 'PUT',
        url: `/api/v3/user/${other.user.id}/update-password`,
        payload: { oldPassword: 'Whatever-1', newPassword: 'Another-Pass-93!x' },
        code: 'OWN_PASSWORD_ONLY',
      },
      {
        as: reviewer,
        method: 'POST',
        url: `/api/v3/restore-case-request/2/review/${rana.user.id}?approved=true&code=123456`,
        code: 'FORBIDDEN',
      },
      {
        as: rana,
        method: 'POST',
        url: '/api/v3/restore-account-request/?code=123456',
        payload: {
          dateFrom: '2024-01-01',
          dateTo: '2024-12-31',
          restoreTypeId: 1,
          userCreatorId: other.user.id,
          userReviewerId: 0,
          revisionIdList: [1],
        },
        code: 'FORBIDDEN',
      },
    ] as const;
    for (const { as, method, url, code, ...rest } of cases) {
      clock.advance(61_000); // one entry a minute per user, and rana is refused twice
      const ip = testIp();
      const refused = () =>
        t.app.inject({ method, url, headers: bearer(as.token), remoteAddress: ip, ...rest });
      const res = await refused();
      expect([res.statusCode, res.json().error.code], url).toEqual([403, code]);
      await refused();
      expect(await entries('auth.refused-forbidden', ip), url).toEqual([
        {
          action: 'auth.refused-forbidden',
          actor_user_id: as.user.id,
          details: expect.objectContaining({
            method,
            url: url.replace('code=123456', 'code=[redacted]'),
            role: expect.any(String),
            error: code,
          }),
        },
      ]);
    }
  });

  it("shares the role check's throttle: one entry a minute per user for every kind of 403", async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    const ip = testIp();
    const ownPasswordOnly = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/${user.id + 1_000}/update-password`,
      headers: bearer(token),
      remoteAddress: ip,
      payload: { oldPassword: 'Whatever-1', newPassword: 'Another-Pass-93!x' },
    });
    expect(ownPasswordOnly.statusCode).toBe(403);
    const byRole = await t.app.inject({
      method: 'GET',
      url: '/api/v3/user/',
      headers: bearer(token),
      remoteAddress: ip,
    });
    expect(byRole.statusCode).toBe(403);
    expect(await entries('auth.refused-forbidden', ip)).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ error: 'OWN_PASSWORD_ONLY' }) }),
    ]);
  });

  it("records each user's 403s when users share one address (NAT, a proxy)", async () => {
    const storico = await signedInUser(t, productRole(t.config.productCode));
    const rana = await signedInUser(t, USER_RANA);
    const ip = testIp();
    const as = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: bearer(token),
        remoteAddress: ip,
        ...(payload ? { payload } : {}),
      });
    expect((await as(storico.token, 'GET', '/api/v3/user/')).statusCode).toBe(403);
    const create = await as(rana.token, 'POST', '/api/v3/user/', {
      username: 'second-admin',
      email: 'second-admin@example.test',
      password: 'Another-Pass-93!x',
      role: { name: ADMIN },
    });
    expect(create.statusCode).toBe(403);
    expect((await as(rana.token, 'DELETE', `/api/v3/user/${storico.user.id}`)).statusCode).toBe(403);
    const refused = await entries('auth.refused-forbidden', ip);
    expect(refused.map((e) => e.actor_user_id)).toEqual([storico.user.id, rana.user.id]);
    expect(refused[1]!.details).toMatchObject({ method: 'POST', url: '/api/v3/user/' });
  });

  it('records an invalid or ended token, and not a request without one', async () => {
    const { token } = await signedInUser(t, ADMIN);
    const ip = testIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/logout',
      headers: bearer(token),
      remoteAddress: ip,
    });
    const ended = await t.app.inject({
      method: 'GET',
      url: '/api/v3/sf-user/',
      headers: bearer(token),
      remoteAddress: ip,
    });
    expect(ended.statusCode).toBe(401);
    expect(await entries('auth.refused-token', ip)).toHaveLength(1);
    const anonymousIp = testIp();
    await t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', remoteAddress: anonymousIp });
    expect(await entries('auth.refused-token', anonymousIp)).toHaveLength(0);
  });
});
