import { describe, expect, it } from 'vitest';
import { LoginError } from '../../../contract/auth';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import {
  bearer,
  createUserWithSecret,
  nextCode,
  signIn,
  testIp,
  testPassword,
  type TestUser,
} from '../../support/auth';
import type { TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { error, oneUser, userPage, usersApp } from './users-fixture';

describe.each(testDbKinds())('users on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let token: string;
  const { call, auditOf } = usersApp(kind, (app) => ({ t, admin, token } = app));

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
});
