import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntrySchema, type AuditEntry } from '../../../contract/audit';
import { envelopeOf } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { qrLinkSchema } from '../../../contract/users';
import { bearer, createUserWithSecret, signIn, testIp, type TestUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

const auditPage = envelopeOf(pageOf(auditEntrySchema));

describe.each(testDbKinds())('who the audit log names on %s', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createUserWithSecret(t, ADMIN);
    adminToken = await signIn(t, admin);
  });
  afterAll(() => t.close());

  const asAdmin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(adminToken), remoteAddress: testIp(), payload });
  const entries = async (query: string): Promise<AuditEntry[]> => {
    const res = await asAdmin('GET', `/api/v3/audit/?size=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return auditPage.parse(res.json()).data.query.content;
  };
  const rename = async (user: TestUser, username: string) => {
    const res = await asAdmin('PUT', `/api/v3/user/${user.id}`, {
      username,
      email: user.email,
      role: { name: user.role },
    });
    expect(res.statusCode, res.body).toBe(200);
    user.username = username;
  };

  it("filters by the user, so a renamed user's earlier events are found by their current name", async () => {
    const user = await createUserWithSecret(t, USER_RANA, { username: 'mario.rossi' });
    await signIn(t, user);
    await rename(user, 'mario.rossi2');
    await signIn(t, user);

    const byCurrentName = await entries('user=MARIO.ROSSI2&action=auth.login');
    expect(byCurrentName.map((e) => [e.actorUserId, e.actorUsername, e.actorCurrentUsername])).toEqual([
      [user.id, 'mario.rossi2', 'mario.rossi2'],
      // Recorded under the name of the time, and told with the current one.
      [user.id, 'mario.rossi', 'mario.rossi2'],
    ]);

    // A former name nobody has now still finds what was recorded under it.
    const byFormerName = await entries('user=mario.rossi&action=auth.login');
    expect(byFormerName.map((e) => [e.actorUserId, e.actorUsername])).toEqual([[user.id, 'mario.rossi']]);

    // Once another user takes that name, it means them.
    const other = await createUserWithSecret(t, USER_RANA, {
      username: 'mario.rossi',
      email: 'altro.mario.rossi@example.test',
    });
    await signIn(t, other);
    const byTakenName = await entries('user=mario.rossi&action=auth.login');
    expect(byTakenName.map((e) => [e.actorUserId, e.actorUsername])).toEqual([[other.id, 'mario.rossi']]);
  });

  it('filters the CSV export by the user in the same way', async () => {
    const user = await createUserWithSecret(t, USER_RANA, { username: 'luca.bianchi' });
    await signIn(t, user);
    await rename(user, 'luca.bianchi2');
    const res = await asAdmin('GET', '/api/v3/audit/export.csv?user=luca.bianchi2&action=auth.login');
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`;${user.id};luca.bianchi;`);
  });

  it('names nobody as the actor of an opened enrolment link, and the user as its subject', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const issued = await asAdmin('GET', `/api/v3/user/${user.id}/qr-token`);
    expect(issued.statusCode).toBe(200);
    const { qrToken } = envelopeOf(qrLinkSchema).parse(issued.json()).data.query;
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/v3/user/${qrToken}/qr-code`,
      remoteAddress: testIp(),
    });
    expect(opened.statusCode).toBe(200);
    const log = await entries('action=user');
    const of = (action: string) => log.find((e) => e.action === action && e.target === `user:${user.id}`);
    expect(of('user.enrolment-issued')).toMatchObject({
      actorUserId: admin.id,
      actorUsername: admin.username,
    });
    expect(of('user.enrolment-opened')).toMatchObject({
      actorUserId: null,
      actorUsername: null,
      details: { via: 'link' },
    });
    // The link's holder is not signed in: the user's own events do not list it.
    expect((await entries(`user=${user.username}`)).map((e) => e.action)).not.toContain(
      'user.enrolment-opened',
    );
  });
});
