import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes';
import { z } from 'zod';
import { LoginError } from '../../../contract/auth';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { PASSWORD_POLICY_MESSAGE_PREFIX } from '../../../contract/password-policy';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { qrCodeSchema, qrTokenSchema, userSchema } from '../../../contract/users';
import {
  bearer,
  createUserWithSecret,
  nextCode,
  signIn,
  testIp,
  testPassword,
  type TestUser,
} from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

const userPage = envelopeOf(pageOf(userSchema));
const oneUser = envelopeOf(userSchema);
const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json());

describe.each(testDbKinds())('users on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createUserWithSecret>>;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createUserWithSecret(t, ADMIN);
    token = await signIn(t, admin);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
    t.app.inject({
      method,
      url,
      headers: bearer(as),
      ...(payload ? { payload } : {}),
      remoteAddress: testIp(),
    });

  const auditOf = (target: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'ip'])
      .where('target', '=', target)
      .orderBy('id')
      .execute();

  describe('list', () => {
    const tag = `lst${Date.now().toString(36)}`;
    beforeAll(async () => {
      for (const [name, mail] of [
        ['carla', 'zeta'],
        ['Bruno', 'alfa'],
        ['anna', 'Beta'],
        ['dario', 'gamma'],
      ])
        await createUserWithSecret(t, USER_RANA, {
          username: `${tag}-${name}`,
          email: `${mail}.${tag}@example.test`,
        });
      const gone = await createUserWithSecret(t, USER_RANA, { username: `${tag}-elena` });
      await call('DELETE', `/api/v3/user/${gone.id}`);
    });

    const names = async (query: string) => {
      const res = await call('GET', `/api/v3/user/?filter=${tag}&${query}`);
      expect(res.statusCode).toBe(200);
      return userPage.parse(res.json()).data.query.content.map((u) => u.username.slice(tag.length + 1));
    };

    it('pages live users, 0-based, sorted by username without regard to case', async () => {
      const res = await call('GET', `/api/v3/user/?filter=${tag}&page=1&size=3&sort=username,asc`);
      const page = userPage.parse(res.json()).data.query;
      expect(page).toMatchObject({
        totalElements: 4,
        totalPages: 2,
        size: 3,
        number: 1,
        pageable: { pageNumber: 1, pageSize: 3 },
      });
      expect(page.content.map((u) => u.username)).toEqual([`${tag}-dario`]);
      expect(await names('sort=username,asc')).toEqual(['anna', 'Bruno', 'carla', 'dario']);
      expect(await names('sort=username,desc')).toEqual(['dario', 'carla', 'Bruno', 'anna']);
      expect(await names('sort=email,desc')).toEqual(['carla', 'dario', 'anna', 'Bruno']);
      expect(await names('')).toEqual(['anna', 'Bruno', 'carla', 'dario']);
    });

    it('filters on username or e-mail, case-insensitive, taking % and _ literally', async () => {
      const res = await call('GET', `/api/v3/user/?filter=${tag.toUpperCase()}-BRU`);
      expect(userPage.parse(res.json()).data.query.content.map((u) => u.username)).toEqual([`${tag}-Bruno`]);
      const byMail = await call('GET', `/api/v3/user/?filter=GAMMA.${tag}`);
      expect(userPage.parse(byMail.json()).data.query.totalElements).toBe(1);
      const wildcard = await call('GET', `/api/v3/user/?filter=${encodeURIComponent('%')}`);
      expect(userPage.parse(wildcard.json()).data.query.totalElements).toBe(0);
    });

    it('answers every row in one page with isPaged=false', async () => {
      const res = await call('GET', `/api/v3/user/?filter=${tag}&isPaged=false&size=2`);
      const page = userPage.parse(res.json()).data.query;
      expect(page).toMatchObject({ totalElements: 4, totalPages: 1, number: 0, size: 4 });
      expect(page.content).toHaveLength(4);
    });

    it('shows id, username, e-mail, deleted and role, never password or secret', async () => {
      const res = await call('GET', `/api/v3/user/?filter=${tag}-anna`);
      const [row] = (res.json() as { data: { query: { content: Record<string, unknown>[] } } }).data.query
        .content;
      expect(Object.keys(row!).sort()).toEqual(['deleted', 'email', 'id', 'role', 'username']);
      expect(row).toMatchObject({ deleted: false, role: { name: USER_RANA, label: 'User Rana' } });
    });

    it('refuses an unknown sort field with 400 naming query.sort', async () => {
      const res = await call('GET', '/api/v3/user/?sort=password,asc');
      expect(res.statusCode).toBe(400);
      expect(error(res).error.field).toBe('query.sort');
    });
  });

  describe('create', () => {
    const fresh = () => {
      const id = `new${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
      return { username: id, email: `${id}@example.test`, password: testPassword() };
    };

    it('creates a user (201) who appears in the list and is audited', async () => {
      const input = fresh();
      const res = await call('POST', '/api/v3/user/', { ...input, role: { name: productRole('STORICO') } });
      expect(res.statusCode).toBe(201);
      const user = oneUser.parse(res.json()).data.query;
      expect(user).toMatchObject({
        username: input.username,
        email: input.email,
        deleted: false,
        role: { name: 'USER_STORICO', label: 'User Storico' },
      });
      const list = await call('GET', `/api/v3/user/?filter=${input.username}`);
      expect(userPage.parse(list.json()).data.query.content).toEqual([user]);
      expect(await auditOf(`user:${user.id}`)).toEqual([
        { action: 'user.created', actor_user_id: admin.id, ip: expect.any(String) },
      ]);
    });

    it('creates a user who cannot sign in before enrolling an authenticator', async () => {
      const input = fresh();
      await call('POST', '/api/v3/user/', { ...input, role: { name: USER_RANA } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/login?code=123456',
        payload: { username: input.username, password: input.password },
        remoteAddress: testIp(),
      });
      expect(error(res).error.code).toBe(LoginError.NOT_ENROLLED);
    });

    it('refuses a username that would read as another, and takes accented Latin letters', async () => {
      const create = (username: string) =>
        call('POST', '/api/v3/user/', { ...fresh(), username, role: { name: USER_RANA } });
      // A Cyrillic 'а', a combining dot, a fullwidth letter, a space, a zero-width joiner.
      for (const username of ['\u0430dmin', 't6\u0307', '\uff4dario', 'mario rossi', 'ad\u200dmin']) {
        const refused = await create(username);
        expect(refused.statusCode, username).toBe(400);
        expect(error(refused).error.field).toBe('body.username');
      }
      const accented = `nicc\u00f2.\u00e0lbani-${Date.now()}`;
      expect((await create(accented)).statusCode).toBe(201);
    });

    it('refuses a username or e-mail of a live user with 409 naming which', async () => {
      const input = fresh();
      await call('POST', '/api/v3/user/', { ...input, role: { name: USER_RANA } });
      const again = (body: object) =>
        call('POST', '/api/v3/user/', { ...fresh(), role: { name: USER_RANA }, ...body });
      const sameName = await again({ username: input.username.toUpperCase() });
      expect(sameName.statusCode).toBe(409);
      expect(error(sameName).message).toBe('Username is already used by another user');
      expect(error(sameName).error.field).toBe('body.username');
      const sameMail = await again({ email: input.email.toUpperCase() });
      expect(error(sameMail).message).toBe('E-mail is already used by another user');
      expect(error(sameMail).error.field).toBe('body.email');
      const both = await again({ username: input.username, email: input.email });
      expect(error(both).message).toBe('Username and e-mail are already used by another user');
      expect(error(both).error.field).toBe('body.username,body.email');
    });

    it('lists the roles a user can be given, even when no user has the product role yet', async () => {
      const res = await call('GET', '/api/v3/role/');
      expect(res.statusCode).toBe(200);
      const names = (res.json() as { data: { query: { name: string; label: string }[] } }).data.query;
      expect(names).toEqual([
        { id: expect.any(Number), name: 'ADMIN', label: 'Admin' },
        { id: expect.any(Number), name: 'USER_STORICO', label: 'User Storico' },
        { id: expect.any(Number), name: 'USER_RANA', label: 'User Rana' },
      ]);
    });

    it('lets a username of a deleted user be used again', async () => {
      const input = fresh();
      const first = oneUser.parse(
        (await call('POST', '/api/v3/user/', { ...input, role: { name: USER_RANA } })).json(),
      );
      await call('DELETE', `/api/v3/user/${first.data.query.id}`);
      const again = await call('POST', '/api/v3/user/', { ...input, role: { name: USER_RANA } });
      expect(again.statusCode).toBe(201);
    });

    it('enforces the password rules, naming the broken ones', async () => {
      const res = await call('POST', '/api/v3/user/', {
        ...fresh(),
        password: 'password',
        role: { name: USER_RANA },
      });
      expect(res.statusCode).toBe(400);
      expect(error(res).error.field).toBe('body.password');
      expect(error(res).message).toContain(
        `${PASSWORD_POLICY_MESSAGE_PREFIX}min-length, uppercase, digit, special`,
      );
    });

    it.each([
      [
        'a common password with the decorations the rules ask for',
        'Password2024!',
        ErrorCode.PASSWORD_COMMON,
      ],
      ['a common password', 'Qwertyuiop1!', ErrorCode.PASSWORD_COMMON],
      ['the username inside it', '{username}-Pw-9!', ErrorCode.PASSWORD_HAS_USERNAME],
    ])('refuses %s on create, on a set password and on an own change', async (_name, pattern, code) => {
      const input = fresh();
      const password = pattern.replace('{username}', input.username.toUpperCase());
      const created = await call('POST', '/api/v3/user/', { ...input, password, role: { name: USER_RANA } });
      expect(created.statusCode).toBe(400);
      expect(error(created).error).toMatchObject({ field: 'body.password', code });

      const user = await createUserWithSecret(t, USER_RANA);
      const own = pattern.replace('{username}', user.username);
      const set = await call('PUT', `/api/v3/user/${user.id}`, { password: own });
      expect(error(set).error).toMatchObject({ field: 'body.password', code });
      const changed = await call(
        'PUT',
        `/api/v3/user/${user.id}/update-password`,
        { oldPassword: user.password, newPassword: own },
        await signIn(t, user),
      );
      expect(changed.statusCode).toBe(400);
      expect(error(changed).error).toMatchObject({ field: 'body.newPassword', code });
    });

    it.each([
      [{ email: 'not-an-email' }, 'body.email'],
      [{ username: '' }, 'body.username'],
      [{ role: { name: 'ROOT' } }, 'body.role.name'],
      [{ role: { name: 'USER_NOBODY' } }, 'body.role.name'],
      [{ role: undefined }, 'body.role'],
    ])('refuses %j with 400 naming %s', async (change, field) => {
      const res = await call('POST', '/api/v3/user/', { ...fresh(), role: { name: USER_RANA }, ...change });
      expect(res.statusCode).toBe(400);
      expect(error(res).error.field).toBe(field);
    });
  });

  describe('edit and password', () => {
    it('edits username, e-mail and role', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const res = await call('PUT', `/api/v3/user/${user.id}`, {
        username: `${user.username}-x`,
        email: `x-${user.email}`,
        role: { id: 1, name: ADMIN, label: 'Admin' },
      });
      expect(res.statusCode).toBe(200);
      expect(oneUser.parse(res.json()).data.query).toMatchObject({
        id: user.id,
        username: `${user.username}-x`,
        email: `x-${user.email}`,
        role: { name: ADMIN },
      });
      expect((await auditOf(`user:${user.id}`)).map((a) => a.action)).toEqual(['user.updated']);
    });

    it('keeps the own username and e-mail without a conflict, refuses those of another user', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const other = await createUserWithSecret(t, USER_RANA);
      const same = await call('PUT', `/api/v3/user/${user.id}`, {
        username: user.username,
        email: user.email.toUpperCase(),
        role: { name: USER_RANA },
      });
      expect(same.statusCode).toBe(200);
      const taken = await call('PUT', `/api/v3/user/${user.id}`, {
        username: user.username,
        email: other.email,
        role: { name: USER_RANA },
      });
      expect(taken.statusCode).toBe(409);
      expect(error(taken).message).toBe('E-mail is already used by another user');
    });

    it('sets a password: the old one stops working, the new one signs in', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const password = testPassword();
      expect(
        (await call('PUT', `/api/v3/user/${user.id}`, { password, role: { name: USER_RANA } })).statusCode,
      ).toBe(200);
      const old = await t.app.inject({
        method: 'POST',
        url: `/api/v3/auth/login?code=${nextCode(t, user).code}`,
        payload: { username: user.username, password: user.password },
        remoteAddress: testIp(),
      });
      expect(error(old).error.code).toBe(LoginError.WRONG_CREDENTIALS);
      user.password = password;
      await signIn(t, user);
      expect((await auditOf(`user:${user.id}`)).map((a) => a.action)).toContain('user.password-set');
    });

    it('refuses a weak password, a body mixing both forms, an unknown user', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const weak = await call('PUT', `/api/v3/user/${user.id}`, { password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(error(weak).error.field).toBe('body.password');
      const mixed = await call('PUT', `/api/v3/user/${user.id}`, {
        password: testPassword(),
        username: 'someone',
        email: 'someone@example.test',
        role: { name: USER_RANA },
      });
      expect(mixed.statusCode).toBe(400);
      expect((await call('PUT', '/api/v3/user/999999', { password: testPassword() })).statusCode).toBe(404);
      expect((await call('PUT', '/api/v3/user/abc', { password: testPassword() })).statusCode).toBe(400);
    });
  });

  describe('delete', () => {
    it('soft-deletes: gone from the list and from sign-in, kept in the table', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const res = await call('DELETE', `/api/v3/user/${user.id}`);
      expect(res.statusCode).toBe(200);
      const list = await call('GET', `/api/v3/user/?filter=${user.username}`);
      expect(userPage.parse(list.json()).data.query.totalElements).toBe(0);
      const row = await t.database.db
        .selectFrom('users')
        .select('deleted')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(row).toEqual({ deleted: true });
      expect((await call('DELETE', `/api/v3/user/${user.id}`)).statusCode).toBe(404);
      expect((await auditOf(`user:${user.id}`)).map((a) => a.action)).toEqual(['user.deleted']);
    });

    it('refuses to delete yourself', async () => {
      const res = await call('DELETE', `/api/v3/user/${admin.id}`);
      expect(res.statusCode).toBe(409);
      expect(error(res).message).toBe('You cannot delete your own user');
    });
  });

  describe('own password', () => {
    const change = (userId: number, body: object, as: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v3/user/${userId}/update-password`,
        headers: bearer(as),
        payload: body,
        remoteAddress: testIp(),
      });

    it('changes it with the current one; the new one signs in', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const newPassword = testPassword();
      const res = await change(user.id, { oldPassword: user.password, newPassword }, await signIn(t, user));
      expect(res.statusCode).toBe(200);
      user.password = newPassword;
      await signIn(t, user);
    });

    it('is only for your own id, even for an administrator (403)', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const other = await createUserWithSecret(t, USER_RANA);
      const res = await change(
        other.id,
        { oldPassword: other.password, newPassword: testPassword() },
        await signIn(t, user),
      );
      expect(res.statusCode).toBe(403);
      const byAdmin = await change(
        other.id,
        { oldPassword: other.password, newPassword: testPassword() },
        token,
      );
      expect(byAdmin.statusCode).toBe(403);
    });

    it('refuses a wrong current password (400 body.oldPassword), the same password, a weak one', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const as = await signIn(t, user);
      const wrong = await change(
        user.id,
        { oldPassword: 'Not-the-password-1', newPassword: testPassword() },
        as,
      );
      expect(wrong.statusCode).toBe(400);
      expect(error(wrong).error.field).toBe('body.oldPassword');
      const same = await change(user.id, { oldPassword: user.password, newPassword: user.password }, as);
      expect(error(same).error.field).toBe('body.newPassword');
      const weak = await change(user.id, { oldPassword: user.password, newPassword: 'weakpassword' }, as);
      expect(error(weak).error.field).toBe('body.newPassword');
      expect((await auditOf(`user:${user.id}`)).map((a) => a.action)).toContain(
        'user.password-change-refused',
      );
    });
  });

  describe('the last administrator', () => {
    let solo: TestApp;
    beforeAll(async () => {
      solo = await createTestApp(kind);
    });
    afterAll(() => solo.close());

    it('cannot lose the ADMIN role, by edit or with a password change', async () => {
      const only = await createUserWithSecret(solo, ADMIN);
      const as = await signIn(solo, only);
      const demote = await solo.app.inject({
        method: 'PUT',
        url: `/api/v3/user/${only.id}`,
        headers: bearer(as),
        payload: { username: only.username, email: only.email, role: { name: USER_RANA } },
      });
      expect(demote.statusCode).toBe(409);
      expect(error(demote).message).toBe(
        'No administrator who can sign in would be left: first make ADMIN another user who has set up their authenticator',
      );
      const viaPassword = await solo.app.inject({
        method: 'PUT',
        url: `/api/v3/user/${only.id}`,
        headers: bearer(as),
        payload: { password: testPassword(), role: { name: USER_RANA } },
      });
      expect(viaPassword.statusCode).toBe(409);
    });

    it('survives two administrators deleting each other at once: one delete wins', async () => {
      const first = await createUserWithSecret(solo, ADMIN);
      const second = await createUserWithSecret(solo, ADMIN);
      await solo.database.db
        .updateTable('users')
        .set({
          role_id: (
            await solo.database.db
              .selectFrom('roles')
              .select('id')
              .where('name', '=', USER_RANA)
              .executeTakeFirstOrThrow()
          ).id,
        })
        .where('id', 'not in', [first.id, second.id])
        .execute();
      const [a, b] = await Promise.all([signIn(solo, first), signIn(solo, second)]);
      const answers = await Promise.all([
        solo.app.inject({ method: 'DELETE', url: `/api/v3/user/${second.id}`, headers: bearer(a) }),
        solo.app.inject({ method: 'DELETE', url: `/api/v3/user/${first.id}`, headers: bearer(b) }),
      ]);
      // The loser is refused either by the last-admin rule (409) or, if the winner committed first, as a deleted caller (401).
      const [won, lost] = answers.map((r) => r.statusCode).sort();
      expect(won).toBe(200);
      expect([401, 409]).toContain(lost);
      const admins = await solo.database.db
        .selectFrom('users')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select('users.id')
        .where('roles.name', '=', ADMIN)
        .where('users.deleted', '=', false)
        .execute();
      expect(admins).toHaveLength(1);
    });
  });

  describe('an administrator who can sign in', () => {
    let own: TestApp;
    let first: TestUser;
    let as: string;
    beforeAll(async () => {
      own = await createTestApp(kind);
      first = await createUserWithSecret(own, ADMIN);
      as = await signIn(own, first);
    });
    afterAll(() => own.close());

    const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      own.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
    const demoteFirst = () =>
      send('PUT', `/api/v3/user/${first.id}`, {
        username: first.username,
        email: first.email,
        role: { name: productRole(own.config.productCode) },
      });

    it('stays: another ADMIN who never set up an authenticator, or has not used the link yet, does not count', async () => {
      const password = testPassword();
      const created = await send('POST', '/api/v3/user/', {
        username: 'adm2',
        email: 'adm2@example.test',
        password,
        role: { name: ADMIN },
      });
      expect(created.statusCode).toBe(201);
      const adm2 = oneUser.parse(created.json()).data.query;

      const refused = await demoteFirst();
      expect(refused.statusCode).toBe(409);
      expect(error(refused).error.code).toBe(ErrorCode.LAST_ADMIN);
      const viaPassword = await send('PUT', `/api/v3/user/${first.id}`, {
        password: testPassword(),
        role: { name: USER_RANA },
      });
      expect(viaPassword.statusCode).toBe(409);
      // Own authenticator replaced at once: the old one stops signing in, the link may never be used.
      const reset = await send('GET', `/api/v3/user/${first.id}/qr-token?reset=true`);
      expect(reset.statusCode).toBe(409);
      expect(error(reset).error.code).toBe(ErrorCode.LAST_ADMIN);

      const link = await send('GET', `/api/v3/user/${adm2.id}/qr-token`);
      expect(link.statusCode).toBe(200);
      expect((await demoteFirst()).statusCode).toBe(409);
      expect((await send('GET', '/api/v3/user/')).statusCode).toBe(200);

      // adm2 signs in with the authenticator of the link: now the first one may step down.
      const { qrToken } = envelopeOf(qrTokenSchema).parse(link.json()).data.query;
      const shown = await own.app.inject({ method: 'GET', url: `/api/v3/user/${qrToken}/qr-code` });
      const { secretKey } = envelopeOf(qrCodeSchema).parse(shown.json()).data.query;
      await signIn(own, { ...adm2, password, role: ADMIN, secret: secretKey, lastStep: null });
      const demoted = await demoteFirst();
      expect(demoted.statusCode).toBe(200);
      expect(oneUser.parse(demoted.json()).data.query.role.name).toBe(productRole(own.config.productCode));
    });

    it("may reset another administrator's authenticator: the one resetting still signs in", async () => {
      const other = await createUserWithSecret(own, ADMIN);
      const second = await createUserWithSecret(own, ADMIN);
      const token = await signIn(own, second);
      const res = await own.app.inject({
        method: 'GET',
        url: `/api/v3/user/${other.id}/qr-token?reset=true`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
    });
  });

  it('answers the list with 200 for z-validated defaults', async () => {
    const res = await call('GET', '/api/v3/user/');
    expect(res.statusCode).toBe(200);
    expect(z.number().parse(userPage.parse(res.json()).data.query.size)).toBe(10);
  });
});
