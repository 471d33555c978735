import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endedSessionsSchema, sessionListSchema } from '../../../contract/auth';
import { envelopeOf } from '../../../contract/envelope';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { bearer, createUserWithSecret, nextCode, signIn, testIp } from '../../support/auth';
import { TestClock } from '../../support/clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('sessions a user can see and end on %s', (kind) => {
  let t: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t.close());

  const signInWith = async (
    user: Awaited<ReturnType<typeof createUserWithSecret>>,
    browser: string,
    ip: string,
  ) => {
    const { code, step } = nextCode(t, user);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v3/auth/login?code=${code}`,
      payload: { username: user.username, password: user.password },
      headers: { 'user-agent': browser },
      remoteAddress: ip,
    });
    user.lastStep = step;
    return (res.json() as { data: { token: string } }).data.token;
  };
  const list = async (token: string) =>
    envelopeOf(sessionListSchema).parse(
      (await t.app.inject({ method: 'GET', url: '/api/v3/auth/sessions', headers: bearer(token) })).json(),
    ).data.query;
  const works = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) })).statusCode ===
    200;

  it("lists the caller's open sessions with start, last use, address and browser, and ends one or all others", async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const laptop = await signInWith(user, 'Firefox on the laptop', '10.9.0.1');
    clock.advance(31_000);
    const tablet = await signInWith(user, 'Safari on the tablet', '10.9.0.2');
    clock.advance(31_000);
    const phone = await signInWith(user, 'Chrome on the phone', '10.9.0.3');

    const sessions = await list(laptop);
    expect(sessions.map((s) => [s.browser, s.ip, s.current])).toEqual(
      expect.arrayContaining([
        ['Firefox on the laptop', '10.9.0.1', true],
        ['Safari on the tablet', '10.9.0.2', false],
        ['Chrome on the phone', '10.9.0.3', false],
      ]),
    );
    expect(sessions).toHaveLength(3);
    expect(sessions.every((s) => !Number.isNaN(Date.parse(s.startedAt)) && s.lastUsedAt)).toBe(true);

    const tabletId = sessions.find((s) => s.browser === 'Safari on the tablet')!.id;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/v3/auth/sessions/${tabletId}`,
      headers: bearer(laptop),
    });
    expect(ended.statusCode).toBe(200);
    expect(await works(tablet)).toBe(false);
    expect(await works(phone)).toBe(true);

    const others = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/sessions/end-others',
      headers: bearer(laptop),
    });
    expect(envelopeOf(endedSessionsSchema).parse(others.json()).data.query).toEqual({ ended: 1 });
    expect(await works(phone)).toBe(false);
    expect(await works(laptop)).toBe(true);
    expect((await list(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it("refuses to end another user's session (404)", async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const other = await createUserWithSecret(t, USER_RANA);
    const mine = await signIn(t, user);
    const theirs = await signIn(t, other);
    const theirId = (await list(theirs))[0]!.id;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v3/auth/sessions/${theirId}`,
      headers: bearer(mine),
    });
    expect(res.statusCode).toBe(404);
    expect(await works(theirs)).toBe(true);
  });

  it('lets an administrator end every session of a user', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const token = await signIn(t, user, { ip: testIp() });
    const admin = await createUserWithSecret(t, ADMIN);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v3/user/${user.id}/sessions`,
      headers: bearer(await signIn(t, admin)),
    });
    expect(res.statusCode).toBe(200);
    expect(await works(token)).toBe(false);
  });
});
