import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES, LoginError, loginAnswerSchema, tokenClaimsSchema } from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/envelope';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { FIRST_LOCK_MS } from '../../../server/identity/lock-policy';
import { totpCodeAt } from '../../../server/identity/totp';
import { usernameFingerprint } from '../../../server/identity/username-fingerprint';
import {
  bearer,
  createUserWithSecret,
  nextCode,
  signIn,
  testIp,
  testPassword,
  type TestUser,
} from '../../support/auth';
import { TestClock } from '../../support/clock';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('sign-in on %s', (kind) => {
  let t: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
  });
  afterAll(() => t.close());

  // Each username signs in from an address of its own (locks count per account and address), unless told otherwise.
  const addresses = new Map<string, string>();
  const addressOf = (username: string) => {
    if (!addresses.has(username)) addresses.set(username, testIp());
    return addresses.get(username)!;
  };
  const login = (
    user: { username: string; password: string },
    code: string | undefined,
    ip = addressOf(user.username),
    cookie?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: code === undefined ? '/api/v3/auth/login' : `/api/v3/auth/login?code=${code}`,
      payload: { username: user.username, password: user.password },
      remoteAddress: ip,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  const refusal = (res: { statusCode: number; json(): unknown }) => ({
    status: res.statusCode,
    code: errorBodySchema.parse(res.json()).error.code,
  });

  const auditActions = async (username: string) =>
    (
      await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('actor_username', '=', username)
        .orderBy('id')
        .execute()
    ).map((r) => r.action);

  it('signs in with password and code and answers the token in data.token', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { code } = nextCode(t, user);
    const res = await login(user, code);
    expect(res.statusCode).toBe(200);
    const body = loginAnswerSchema.parse(res.json());
    expect(body).toMatchObject({ statusCode: 200, status: 'OK' });
    const claims = tokenClaimsSchema.parse(decodeJwt(body.data.token));
    expect(claims).toMatchObject({ id: user.id, sub: user.username, role: USER_RANA });
    expect(claims.exp - claims.iat).toBe(12 * 60 * 60);
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/logout',
      headers: bearer(body.data.token),
    });
    expect(me.statusCode).toBe(200);
    expect(await auditActions(user.username)).toEqual(['auth.login', 'auth.logout']);
  });

  it('accepts the username in any letter case', async () => {
    const user = await createUserWithSecret(t, USER_RANA, { username: `Mixed.Case.${Date.now()}` });
    const res = await login({ ...user, username: user.username.toUpperCase() }, nextCode(t, user).code);
    expect(res.statusCode).toBe(200);
  });

  it('answers -1 alike for a wrong password, an unknown user and a deleted user', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const code = nextCode(t, user).code;
    const wrong = await login({ ...user, password: 'Wrong-password-1' }, code);
    const unknown = await login({ username: `nobody-${Date.now()}`, password: user.password }, code);
    const deleted = await createUserWithSecret(t, USER_RANA);
    await t.database.db.updateTable('users').set({ deleted: true }).where('id', '=', deleted.id).execute();
    const gone = await login(deleted, nextCode(t, deleted).code);
    for (const res of [wrong, unknown, gone]) {
      expect(refusal(res)).toEqual({ status: 401, code: LoginError.WRONG_CREDENTIALS });
      expect(errorBodySchema.parse(res.json()).message).toBe('Wrong username or password');
    }
  });

  it('takes about as long for an unknown user as for a wrong password', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const timed = async (username: string) => {
      const start = performance.now();
      await login({ username, password: 'Wrong-password-1' }, '000000');
      return performance.now() - start;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await timed(user.username));
      unknown.push(await timed(`ghost-${i}-${Date.now()}`));
    }
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('answers -2 for a wrong, malformed or missing code after a right password', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const wrongCode = totpCodeAt(user.secret, new Date(clock.now().getTime() + 5 * 60_000));
    for (const code of [wrongCode, '12ab56', '', undefined])
      expect(refusal(await login(user, code))).toEqual({ status: 401, code: LoginError.WRONG_CODE });
    // The credentials-only check of the first step (no code) is not a failed attempt; wrong codes are.
    expect(await auditActions(user.username)).toEqual(Array(2).fill('auth.login-failed'));
  });

  it('lets the credentials step be repeated without locking, while wrong codes still lock after five', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    for (let i = 0; i < LOGIN_MAX_FAILURES + 2; i++)
      expect(refusal(await login(user, undefined)).code).toBe(LoginError.WRONG_CODE);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++)
      expect(refusal(await login(user, '000000')).code).toBe(LoginError.WRONG_CODE);
    expect(refusal(await login(user, '000000'))).toEqual({ status: 429, code: LoginError.LOCKED });
  });

  it('counts an IPv6 client by its /64: a new address of the same block does not lift its lock', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const wrong = { ...user, password: 'Sbagliata-123!' };
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++)
      expect(refusal(await login(wrong, undefined, `2001:db8:7:7::${i}`)).code).toBe(
        LoginError.WRONG_CREDENTIALS,
      );
    expect(refusal(await login(wrong, undefined, '2001:db8:7:7::99'))).toEqual({
      status: 429,
      code: LoginError.LOCKED,
    });
    // Another address of the same /64 is the same client; another /64 is not.
    expect(refusal(await login(user, undefined, '2001:db8:7:7:ffff::1')).code).toBe(LoginError.LOCKED);
    expect(refusal(await login(user, undefined, '2001:db8:7:8::1')).code).toBe(LoginError.WRONG_CODE);
  });

  it('answers -4 to the right password of a user with no authenticator yet, without counting a failure', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    await t.database.db
      .updateTable('users')
      .set({ totp_secret_enc: null })
      .where('id', '=', user.id)
      .execute();
    const notEnrolled = { status: 401, code: LoginError.NOT_ENROLLED };
    expect(refusal(await login(user, undefined))).toEqual(notEnrolled);
    for (let i = 0; i < 6; i++) expect(refusal(await login(user, '123456'))).toEqual(notEnrolled);
    // A wrong password says nothing of the authenticator.
    expect(refusal(await login({ ...user, password: 'Sbagliata-123!' }, undefined))).toEqual({
      status: 401,
      code: LoginError.WRONG_CREDENTIALS,
    });
  });

  it('refuses a code used once, and an earlier one, as -2 and logs the replay', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { code } = nextCode(t, user);
    expect((await login(user, code)).statusCode).toBe(200);
    expect(refusal(await login(user, code))).toEqual({ status: 401, code: LoginError.WRONG_CODE });
    const previous = totpCodeAt(user.secret, new Date(clock.now().getTime() - 30_000));
    if (previous !== code)
      expect(refusal(await login(user, previous))).toEqual({ status: 401, code: LoginError.WRONG_CODE });
    expect(await auditActions(user.username)).toContain('auth.code-replayed');
  });

  it('lets one of two concurrent sign-ins with the same code through', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { code } = nextCode(t, user);
    const answers = await Promise.all([login(user, code), login(user, code), login(user, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  describe('locks', () => {
    const failTimes = async (user: TestUser, times: number) => {
      const answers = [];
      for (let i = 0; i < times; i++)
        answers.push(refusal(await login({ ...user, password: 'Wrong-pass-1' }, '1')));
      return answers;
    };

    it('locks after five failures (-3, 429, Retry-After), then lets the user in when the lock ends', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const answers = await failTimes(user, LOGIN_MAX_FAILURES);
      expect(answers.slice(0, -1)).toEqual(
        Array(LOGIN_MAX_FAILURES - 1).fill({ status: 401, code: LoginError.WRONG_CREDENTIALS }),
      );
      expect(answers.at(-1)).toEqual({ status: 429, code: LoginError.LOCKED });

      const locked = await login(user, nextCode(t, user).code);
      expect(refusal(locked)).toEqual({ status: 429, code: LoginError.LOCKED });
      expect(Number(locked.headers['retry-after'])).toBe(FIRST_LOCK_MS / 1000);
      expect(await auditActions(user.username)).toEqual([
        ...Array(LOGIN_MAX_FAILURES).fill('auth.login-failed'),
        'auth.locked',
        'auth.login-refused-locked',
      ]);

      clock.advance(FIRST_LOCK_MS + 1000);
      expect((await login(user, nextCode(t, user).code)).statusCode).toBe(200);
    });

    it('counts wrong codes toward the lock too', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      for (let i = 1; i < LOGIN_MAX_FAILURES; i++)
        expect(refusal(await login(user, '000000')).code).toBe(LoginError.WRONG_CODE);
      expect(refusal(await login(user, '000000'))).toEqual({ status: 429, code: LoginError.LOCKED });
    });

    it('doubles the lock when it locks again', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      await failTimes(user, LOGIN_MAX_FAILURES);
      clock.advance(FIRST_LOCK_MS + 1000);
      await failTimes(user, LOGIN_MAX_FAILURES);
      clock.advance(FIRST_LOCK_MS + 1000);
      expect(refusal(await login(user, nextCode(t, user).code)).code).toBe(LoginError.LOCKED);
      clock.advance(FIRST_LOCK_MS);
      expect((await login(user, nextCode(t, user).code)).statusCode).toBe(200);
    });

    it('locks an unknown username the same way, so the answers do not tell whether it exists', async () => {
      const ghost = { username: `ghost-${Date.now()}`, password: 'Wrong-pass-1', lastStep: null };
      const answers = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) answers.push(refusal(await login(ghost, '123456')));
      expect(answers).toEqual([
        ...Array(LOGIN_MAX_FAILURES - 1).fill({ status: 401, code: LoginError.WRONG_CREDENTIALS }),
        { status: 429, code: LoginError.LOCKED },
        { status: 429, code: LoginError.LOCKED },
      ]);
      clock.advance(FIRST_LOCK_MS + 1000);
      expect(refusal(await login(ghost, '123456')).code).toBe(LoginError.WRONG_CREDENTIALS);
    });

    it('keeps no part of a username that names nobody in the audit log: its HMAC and its length', async () => {
      // A password typed into the username field.
      const typed = `Segreto-${Date.now()}-Pw!`;
      const ghost = { username: typed, password: 'Wrong-pass-1', lastStep: null };
      for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++) await login(ghost, '123456');
      const { usernameHmac } = usernameFingerprint(t.config.secretsKey, typed);
      const rows = await t.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where(sql<string>`details->>'usernameHmac'`, '=', usernameHmac)
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.action)).toEqual([
        ...Array(LOGIN_MAX_FAILURES).fill('auth.login-failed'),
        'auth.locked',
        'auth.login-refused-locked',
      ]);
      expect(
        rows.every((r) => r.actor_user_id === null && r.actor_username === null && r.target === null),
      ).toBe(true);
      expect(rows[0]!.details).toMatchObject({ usernameLength: typed.length, reason: 'bad_credentials' });
      const everything = JSON.stringify(await t.database.db.selectFrom('audit_log').selectAll().execute());
      for (const part of [typed, typed.toLowerCase(), typed.slice(0, 8), typed.slice(8, 21)])
        expect(everything).not.toContain(part);
    });

    it('an administrator setting a new password lifts the lock', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      await failTimes(user, LOGIN_MAX_FAILURES);
      const admin = await createUserWithSecret(t, ADMIN);
      const password = testPassword();
      const set = await t.app.inject({
        method: 'PUT',
        url: `/api/v3/user/${user.id}`,
        headers: bearer(await signIn(t, admin)),
        payload: { password },
      });
      expect(set.statusCode).toBe(200);
      expect((await login({ ...user, password }, nextCode(t, user).code)).statusCode).toBe(200);
    });
  });

  describe('locks without abuse', () => {
    const wrongTimes = async (user: { username: string }, times: number, ip: string) => {
      const answers = [];
      for (let i = 0; i < times; i++)
        answers.push(refusal(await login({ ...user, password: 'Wrong-pass-1' }, '000000', ip)).code);
      return answers;
    };

    it('locks only the attacking address: twenty wrong passwords do not stop the user elsewhere', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const attacker = testIp();
      const answers = await wrongTimes(user, 20, attacker);
      expect(answers.slice(LOGIN_MAX_FAILURES - 1)).toEqual(Array(16).fill(LoginError.LOCKED));
      expect((await login(user, nextCode(t, user).code, testIp())).statusCode).toBe(200);
      expect(refusal(await login(user, nextCode(t, user).code, attacker)).code).toBe(LoginError.LOCKED);
    });

    it('keeps a browser that signed in before allowed from a locked address (device cookie)', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const office = testIp();
      const first = await login(user, nextCode(t, user).code, office);
      expect(first.statusCode).toBe(200);
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/^storico_device=[^;]+; Path=\/api\/v3\/auth; .*HttpOnly; SameSite=Strict/);
      const cookie = setCookie.split(';')[0]!;
      // Someone else behind the same address locks it.
      await wrongTimes(user, LOGIN_MAX_FAILURES, office);
      clock.advance(30_000);
      expect(refusal(await login(user, nextCode(t, user).code, office)).code).toBe(LoginError.LOCKED);
      expect((await login(user, nextCode(t, user).code, office, cookie)).statusCode).toBe(200);
      // The cookie names its account: it does not help another one.
      const other = await createUserWithSecret(t, USER_RANA);
      await wrongTimes(other, LOGIN_MAX_FAILURES, office);
      expect(refusal(await login(other, nextCode(t, other).code, office, cookie)).code).toBe(
        LoginError.LOCKED,
      );
    });

    it('answers a double-submitted valid code as a replay (-2) without counting a failure', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const { code, step } = nextCode(t, user);
      expect((await login(user, code)).statusCode).toBe(200);
      user.lastStep = step;
      for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i++)
        expect(refusal(await login(user, code))).toEqual({ status: 401, code: LoginError.WRONG_CODE });
      expect((await login(user, nextCode(t, user).code)).statusCode).toBe(200);
    });

    it('slows down, never refuses, an account failing from many addresses, and audits it', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      for (let i = 0; i < 11; i++) await wrongTimes(user, LOGIN_MAX_FAILURES, testIp());
      const start = performance.now();
      const res = await login(user, nextCode(t, user).code, testIp());
      expect(res.statusCode).toBe(200);
      expect(performance.now() - start).toBeGreaterThanOrEqual(1000);
      const events = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `account:${user.username.toLowerCase()}`)
        .execute();
      expect(events).toEqual([{ action: 'auth.account-under-attack' }]);
    });

    it('lets an administrator clear a lock', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const ip = testIp();
      await wrongTimes(user, LOGIN_MAX_FAILURES, ip);
      const admin = await createUserWithSecret(t, ADMIN);
      const cleared = await t.app.inject({
        method: 'DELETE',
        url: `/api/v3/user/${user.id}/locks`,
        headers: bearer(await signIn(t, admin)),
      });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ data: { query: { cleared: 1 } } });
      expect((await login(user, nextCode(t, user).code, ip)).statusCode).toBe(200);
      const actions = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `user:${user.id}`)
        .where('actor_user_id', '=', admin.id)
        .execute();
      expect(actions).toEqual([{ action: 'auth.lock-cleared' }]);
    });

    it('counts wrong current passwords and ends the session after five', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const ip = testIp();
      const token = await signIn(t, user, { ip });
      const change = () =>
        t.app.inject({
          method: 'PUT',
          url: `/api/v3/user/${user.id}/update-password`,
          headers: bearer(token),
          remoteAddress: ip,
          payload: { oldPassword: 'Not-the-password-1', newPassword: testPassword() },
        });
      const statuses = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) statuses.push((await change()).statusCode);
      expect(statuses).toEqual([400, 400, 400, 400, 401]);
      expect((await change()).statusCode).toBe(401);
      expect(refusal(await login(user, nextCode(t, user).code, ip)).code).toBe(LoginError.LOCKED);
    });
  });

  it('limits sign-in attempts per address', async () => {
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await login({ username: `spray-${i}-${Date.now()}`, password: 'Wrong-pass-1' }, '1', ip)).statusCode,
      );
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await login({ username: 'x', password: 'Wrong-pass-1' }, '1', ip);
    expect(refusal(refused)).toEqual({ status: 429, code: LoginError.LOCKED });
    expect(refused.headers['retry-after']).toBeTruthy();
    expect((await login({ username: 'x', password: 'Wrong-pass-1' }, '1', testIp())).statusCode).toBe(401);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/login?code=123456',
      payload: { username: 'someone', password: '12345' },
      remoteAddress: testIp(),
    });
    expect(short.statusCode).toBe(400);
    expect(errorBodySchema.parse(short.json()).error.field).toBe('body.password');
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/login?code=123456',
      payload: { username: 'u'.repeat(301), password: '123456' },
      remoteAddress: testIp(),
    });
    expect(errorBodySchema.parse(long.json()).error.field).toBe('body.username');
  });
});
