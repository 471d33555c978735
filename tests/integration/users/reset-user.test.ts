import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../contract/envelope';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { qrCodeSchema } from '../../../contract/users';
import { totpCodeAt } from '../../../server/identity/totp';
import { fourEyesHolds } from '../../../server/identity/four-eyes';
import { resetUser } from '../../../server/users/reset-user';
import { bearer, signedInUser, testIp } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

/** `npm run user:reset -- USERNAME --by RUNNER`: what the command line does to the user, seen through the API. */
describe.each(testDbKinds())('resetting a user from the command line on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, code: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v3/auth/login?code=${code}`,
      payload: { username, password },
      remoteAddress: testIp(),
    });

  it('gives a new password and enrolment link that sign in, and ends the old password, secret and sessions', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    await t.database.db
      .updateTable('users')
      .set({ failed_attempts: 5, locked_until: new Date(Date.now() + 3_600_000) })
      .where('id', '=', user.id)
      .execute();

    const { user: admin } = await signedInUser(t, ADMIN);
    const answer = await resetUser(
      t.database.db,
      t.config,
      { username: user.username.toUpperCase(), by: admin.username },
      t.now,
    );
    const reset = 'refused' in answer ? null : answer;
    expect(reset).toMatchObject({ username: user.username, role: USER_RANA });
    expect(reset!.password).not.toBe(user.password);
    expect(reset!.enrolmentUrl.startsWith(`${t.config.publicUrl}/2fa/`)).toBe(true);

    const old = await t.app.inject({ method: 'POST', url: '/api/v3/auth/logout', headers: bearer(token) });
    expect(old.statusCode).toBe(401);

    const qrToken = reset!.enrolmentUrl.split('/2fa/')[1]!;
    const qr = await t.app.inject({ method: 'GET', url: `/api/v3/user/${qrToken}/qr-code` });
    expect(qr.statusCode).toBe(200);
    const { secretKey } = envelopeOf(qrCodeSchema).parse(qr.json()).data.query;
    expect(secretKey).not.toBe(user.secret);

    expect((await login(user.username, user.password, totpCodeAt(secretKey, t.now()))).statusCode).toBe(401);
    const signedIn = await login(user.username, reset!.password, totpCodeAt(secretKey, t.now()));
    expect(signedIn.statusCode).toBe(200);

    // Who ran it gave the user a new way in: they may not approve the user's requests for the cooldown.
    const holds = await fourEyesHolds({ ...t.config, db: t.database.db, now: t.now }, admin.id, [user.id]);
    expect(holds.get(user.id)?.reason).toBe('enrolled');
  });

  it('refuses a username nobody has, and a runner nobody is', async () => {
    const { user } = await signedInUser(t, USER_RANA);
    const reset = (names: { username: string; by: string }) =>
      resetUser(t.database.db, t.config, names, t.now);
    expect(await reset({ username: 'nobody-at-all', by: user.username })).toEqual({ refused: 'no-user' });
    expect(await reset({ username: user.username, by: 'nobody-at-all' })).toEqual({ refused: 'no-runner' });
  });
});
