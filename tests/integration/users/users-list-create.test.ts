import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes';
import { z } from 'zod';
import { LoginError } from '../../../contract/auth';
import { PASSWORD_POLICY_MESSAGE_PREFIX } from '../../../contract/password-policy';
import { USER_RANA, productRole } from '../../../contract/roles';
import { createUserWithSecret, signIn, testIp, testPassword, type TestUser } from '../../support/auth';
import type { TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { error, oneUser, userPage, usersApp } from './users-fixture';

describe.each(testDbKinds())('users on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  const { call, auditOf } = usersApp(kind, (app) => ({ t, admin } = app));

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

  it('answers the list with 200 for z-validated defaults', async () => {
    const res = await call('GET', '/api/v3/user/');
    expect(res.statusCode).toBe(200);
    expect(z.number().parse(userPage.parse(res.json()).data.query.size)).toBe(10);
  });
});
