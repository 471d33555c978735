import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER_RANA } from '../../../contract/roles';
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

  it('records a 403, at most once a minute per address, with the caller and the redacted URL', async () => {
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
