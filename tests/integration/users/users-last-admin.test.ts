import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes';
import { envelopeOf } from '../../../contract/envelope';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { qrCodeSchema, qrLinkSchema } from '../../../contract/users';
import { bearer, createUserWithSecret, signIn, testPassword, type TestUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { error, oneUser } from './users-fixture';

describe.each(testDbKinds())('users on %s', (kind) => {
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
      const { qrToken } = envelopeOf(qrLinkSchema).parse(link.json()).data.query;
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
});
