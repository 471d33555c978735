import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_RANA } from '../../../contract/roles';
import { spendOneTimeCode } from '../../../server/identity/one-time-code';
import { totpCodeAt } from '../../../server/identity/totp';
import { LOGIN_MAX_FAILURES } from '../../../contract/auth';
import { createUserWithSecret, nextCode, signIn, testIp } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('one-time codes of signed-in users on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const spendOutcome = (userId: number, code: string) =>
    spendOneTimeCode(t.database.db, { userId, code, secretsKey: t.config.secretsKey, now: t.now() });
  const spend = async (userId: number, code: string) =>
    (await spendOutcome(userId, code)).outcome === 'accepted';

  it('accepts a code once, and refuses it at sign-in afterwards', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { code, step } = nextCode(t, user);
    expect(await spend(user.id, code)).toBe(true);
    expect(await spend(user.id, code)).toBe(false);
    user.lastStep = step;
    await signIn(t, user);
  });

  it('refuses a wrong code, a code of a sign-in already used, and a user without a secret', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    expect(await spend(user.id, '000000')).toBe(false);
    await signIn(t, user);
    expect(await spend(user.id, totpCodeAt(user.secret, new Date(user.lastStep! * 30_000)))).toBe(false);
    await t.database.db
      .updateTable('users')
      .set({ totp_secret_enc: null })
      .where('id', '=', user.id)
      .execute();
    expect(await spend(user.id, nextCode(t, user).code)).toBe(false);
    expect(await spend(999_999, '123456')).toBe(false);
  });

  it('refuses codes after five wrong ones in a row, without locking sign-in, and a right code clears the count', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      expect((await spendOutcome(user.id, '000000')).outcome).toBe('refused');
    const right = nextCode(t, user);
    expect(await spend(user.id, right.code)).toBe(true);
    user.lastStep = right.step;
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++)
      expect((await spendOutcome(user.id, '000000')).outcome).toBe('refused');
    const locked = await spendOutcome(user.id, '000000');
    expect(locked).toEqual({ outcome: 'locked', lockedUntil: expect.any(Date) });
    // While locked even a right code is refused; signing in stays open (that lock is per address).
    expect((await spendOutcome(user.id, nextCode(t, user).code)).outcome).toBe('locked');
    const login = await t.app.inject({
      method: 'POST',
      url: `/api/v3/auth/login?code=${nextCode(t, user).code}`,
      payload: { username: user.username, password: user.password },
      remoteAddress: testIp(),
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a valid code submitted twice without counting it as a failure', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { code } = nextCode(t, user);
    expect(await spend(user.id, code)).toBe(true);
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++)
      expect((await spendOutcome(user.id, code)).outcome).toBe('replayed');
  });

  it('lets one of concurrent uses of one code through', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { code } = nextCode(t, user);
    const results = await Promise.all([spend(user.id, code), spend(user.id, code), spend(user.id, code)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
