import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '../../../contract/alerts';
import { envelopeOf } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { FOUR_EYES_MESSAGE } from '../../../contract/four-eyes';
import { pageOf } from '../../../contract/page';
import { caseRestoreRequestSchema } from '../../../contract/restores';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { qrCodeSchema, qrLinkSchema, userSchema } from '../../../contract/users';
import { fourEyesHolds } from '../../../server/identity/four-eyes';
import { signIn, testPassword, type TestUser } from '../../support/auth';
import { appOn, testConfig, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { BASE, codeOf, messageOf, RestoreFixture, type SignedIn } from './restore-fixture';

const casePage = envelopeOf(pageOf(caseRestoreRequestSchema));
const oneCase = envelopeOf(caseRestoreRequestSchema);
const alertPage = envelopeOf(pageOf(alertSchema));

let serial = 0;

describe.each(testDbKinds())('four eyes means two people, on %s', (kind) => {
  let f: RestoreFixture;

  beforeAll(async () => {
    f = await RestoreFixture.start(kind);
  });
  afterAll(() => f.close());

  /** A USER_RANA whom `admin` creates and enrolls through the API (no SMTP: the link comes back), signed in. */
  async function userGivenAccessBy(admin: SignedIn): Promise<SignedIn> {
    const username = `rana-given-${++serial}-${Date.now()}`;
    const password = testPassword();
    const created = await f.request(admin, 'POST', '/api/v3/user/', {
      username,
      email: `${username}@example.test`,
      password,
      role: { name: USER_RANA },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = envelopeOf(userSchema).parse(created.json()).data.query;
    const link = await f.request(admin, 'GET', `/api/v3/user/${id}/qr-token`);
    const { qrToken } = envelopeOf(qrLinkSchema).parse(link.json()).data.query;
    const qr = await f.t.app.inject({ method: 'GET', url: `/api/v3/user/${qrToken}/qr-code` });
    const { secretKey } = envelopeOf(qrCodeSchema).parse(qr.json()).data.query;
    const user: TestUser = {
      id,
      username,
      email: `${username}@example.test`,
      password,
      role: USER_RANA,
      secret: secretKey,
      lastStep: null,
    };
    return { user, token: await signIn(f.t, user) };
  }

  /** A fresh case edited in the CRM, its earlier revision reported by `rana`: the request's id. */
  async function reportedCase(rana: SignedIn): Promise<number> {
    const { target } = await f.editedRecord('case', { Subject: `Changed ${++serial}` });
    return f.reported('case', rana, target.id);
  }

  const pendingAs = async (who: SignedIn, requester: TestUser) => {
    const res = await f.request(who, 'GET', `${BASE.case}/?status=PENDING&filter=${requester.username}`);
    return casePage.parse(res.json()).data.query.content;
  };

  it("refuses the approval of a user's request by the administrator who created and enrolled them, audited; another reviewer approves it", async () => {
    const admin = await f.user(ADMIN);
    const rana = await userGivenAccessBy(admin);
    const id = await reportedCase(rana);

    // The lists tell the administrator why, and the request's detail too.
    const [listed] = await pendingAs(admin, rana.user);
    expect(listed).toMatchObject({ id, fourEyes: { reason: 'enrolled' } });
    const detail = await f.request(admin, 'GET', `${BASE.case}/${id}`);
    expect(oneCase.parse(detail.json()).data.query.fourEyes?.reason).toBe('enrolled');

    const refused = await f.review('case', admin, id, true);
    expect([refused.statusCode, codeOf(refused), messageOf(refused)]).toEqual([
      403,
      ErrorCode.FOUR_EYES,
      FOUR_EYES_MESSAGE,
    ]);
    expect((await f.requestRow('case', id))!.status_id).toBe(1);
    expect(await f.auditDetails(`restore-case-request:${id}`, 'restore.refused-four-eyes')).toMatchObject({
      reason: 'enrolled',
      username: rana.user.username,
    });

    const reviewer = await f.reviewer();
    const [seen] = await pendingAs(reviewer, rana.user);
    expect(seen).toMatchObject({ id, fourEyes: null });
    const approved = await f.review('case', reviewer, id, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(oneCase.parse(approved.json()).data.query.status.status).toBe('APPROVED');
  });

  it('lets the administrator reject such a request, and holds back one who only set the password', async () => {
    const admin = await f.user(ADMIN);
    const rana = await userGivenAccessBy(admin);
    const rejected = await f.review('case', admin, await reportedCase(rana), false);
    expect(rejected.statusCode, rejected.body).toBe(200);

    // A user from first start or the tests' database has no creator: an administrator who sets their password is
    // held back from then on.
    const other = await f.user(USER_RANA);
    const setter = await f.user(ADMIN);
    const password = testPassword();
    const set = await f.request(setter, 'PUT', `/api/v3/user/${other.user.id}`, { password });
    expect(set.statusCode, set.body).toBe(200);
    other.user.password = password;
    other.token = await signIn(f.t, other.user);
    const id = await reportedCase(other);
    const refused = await f.review('case', setter, id, true);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, ErrorCode.FOUR_EYES]);
    expect((await pendingAs(setter, other.user))[0]?.fourEyes?.reason).toBe('password-set');

    // Past the cooldown the hold ends.
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const deps = { db: f.t.database.db, now: () => later, fourEyesCooldownDays: 30 };
    expect((await fourEyesHolds(deps, setter.user.id, [other.user.id])).size).toBe(0);
  });

  it('allows the approval with a cooldown of 0', async () => {
    let off: TestApp | undefined;
    try {
      off = await appOn(f.t.database, testConfig({ FOUR_EYES_COOLDOWN_DAYS: '0' }), { deps: { crm: f.crm } });
      const admin = await f.user(ADMIN);
      const rana = await userGivenAccessBy(admin);
      const id = await reportedCase(rana);
      const token = await signIn(off, admin.user);
      const code = f.code(admin.user);
      const res = await off.app.inject({
        method: 'POST',
        url: `${BASE.case}/${id}/review/${admin.user.id}?approved=true&code=${code}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(oneCase.parse(res.json()).data.query.status.status).toBe('APPROVED');
    } finally {
      await off?.close();
    }
  });

  it("raises an alert naming both when a user an administrator created forces a restore; none for another user's", async () => {
    const admin = await f.user(ADMIN);
    const rana = await userGivenAccessBy(admin);
    const { target } = await f.editedRecord('case', { Subject: 'Changed before a forced restore' });
    const forced = await f.create('case', rana, [target.id], { type: 2 });
    expect(forced.statusCode, forced.body).toBe(201);
    const [request] = envelopeOf(caseRestoreRequestSchema.array()).parse(forced.json()).data.query;

    const other = await f.user(USER_RANA);
    const { target: second } = await f.editedRecord('case', { Subject: 'Changed before another one' });
    const forcedByOther = await f.create('case', other, [second.id], { type: 2 });
    expect(forcedByOther.statusCode, forcedByOther.body).toBe(201);

    const res = await f.request(admin, 'GET', '/api/v3/alert/?status=open&size=50');
    const alerts = alertPage.parse(res.json()).data.query.content.filter((a) => a.kind === 'forced-restore');
    expect(alerts.map((a) => a.forcedRestore)).toEqual([
      {
        request: { kind: 'case', id: request!.id },
        restoredBy: { id: rana.user.id, username: rana.user.username },
        grantedBy: { id: admin.user.id, username: admin.user.username },
        grant: 'enrolled',
        grantedAt: expect.any(String),
      },
    ]);
    expect(alerts[0]).toMatchObject({ object: 'Case', sfUserID: target.json.OwnerId, rollback: null });
  });
});
