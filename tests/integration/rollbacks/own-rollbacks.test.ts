import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes';
import type { Page } from '../../../contract/page';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import type { RollbackRequest, RollbackStatus } from '../../../contract/rollbacks';
import { signIn, testPassword } from '../../support/auth';
import { testDbKinds } from '../../support/test-database';
import { codeOf, type SignedIn } from '../restores/restore-fixture';
import { BASE, RollbackFixture } from './rollback-fixture';

/**
 * USER_RANA follows the rollbacks she requested ('Le mie richieste di rollback'): she lists and reads her own and
 * no one else's, while the reviewers still see every request; reviewing and stopping stay theirs.
 */
describe.each(testDbKinds())('a USER_RANA following her own rollbacks on %s', (kind) => {
  let x: RollbackFixture;
  let rana: SignedIn;
  let otherRana: SignedIn;
  let staff: SignedIn;
  let admin: SignedIn;
  let mine: RollbackRequest;
  let theirs: RollbackRequest;

  /** A pending rollback of the n-th agent's burst of contacts, requested by `who`. */
  const requested = async (who: SignedIn, agent: number) => {
    const burst = await x.burst(x.agent(agent), 6);
    return x.created(who, { sfUserID: x.agent(agent).Id, object: 'Account', ...burst.window });
  };

  const list = async (who: SignedIn, query: string) => {
    const res = await x.f.request(who, 'GET', `${BASE}/${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { query: Page<RollbackRequest> } }).data.query;
  };
  const idsListed = async (who: SignedIn, status: RollbackStatus, extra = '') =>
    (await list(who, `?status=${status}${extra}`)).content.map((r) => r.id);

  beforeAll(async () => {
    x = await RollbackFixture.start(kind, 40);
    // A code works once per user per step: each request and review has a user of its own.
    [rana, otherRana, staff, admin] = await Promise.all([
      x.f.user(USER_RANA),
      x.f.user(USER_RANA),
      x.f.user(productRole(x.f.t.config.productCode)),
      x.f.user(ADMIN),
    ]);
    mine = await requested(rana, 0);
    theirs = await requested(otherRana, 1);
  }, 120_000);
  afterAll(() => x.close());

  it('lists to a USER_RANA only the requests she made, with totals of her own', async () => {
    const page = await list(rana, '?status=PENDING');
    expect(page.content.map((r) => r.id)).toEqual([mine.id]);
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({ userCreator: { id: rana.user.id }, total: mine.total, done: 0 });
    expect(await idsListed(otherRana, 'PENDING')).toEqual([theirs.id]);
    // Searching by the other requester's name finds nothing of theirs either.
    expect(await idsListed(rana, 'PENDING', `&filter=${otherRana.user.username}`)).toEqual([]);
  });

  it('answers a USER_RANA 404 for a request she did not make, and its progress and outcomes for her own', async () => {
    const other = await x.f.request(rana, 'GET', `${BASE}/${theirs.id}`);
    expect([other.statusCode, codeOf(other)]).toEqual([404, ErrorCode.NOT_FOUND]);
    const own = await x.detail(rana, mine.id);
    expect(own).toMatchObject({ id: mine.id, status: 'PENDING', total: mine.total, done: 0 });
    expect(own.outcomes.totalElements).toBe(mine.total);
  });

  it('still lists and reads every request to the reviewers', async () => {
    for (const reviewer of [staff, admin]) {
      expect(await idsListed(reviewer, 'PENDING')).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      expect((await x.detail(reviewer, theirs.id)).userCreator.id).toBe(otherRana.user.id);
    }
  });

  it('refuses a USER_RANA the review and the stop of any request (403)', async () => {
    // The role is refused before any code is looked at: a made-up one does.
    for (const id of [mine.id, theirs.id]) {
      expect((await x.review(rana, id, true, '123456')).statusCode).toBe(403);
      expect((await x.f.request(rana, 'POST', `${BASE}/${id}/stop`)).statusCode).toBe(403);
    }
    expect((await x.detail(staff, mine.id)).status).toBe('PENDING');
  });

  it('moves her request to her approved tab once a reviewer approved it, and never to the other USER_RANA', async () => {
    await x.approved(staff, mine.id);
    expect(await idsListed(rana, 'PENDING')).toEqual([]);
    expect(await idsListed(rana, 'APPROVED')).toEqual([mine.id]);
    expect(await idsListed(otherRana, 'APPROVED')).toEqual([]);
    expect((await x.detail(rana, mine.id)).userReviewer?.id).toBe(staff.user.id);
  });

  it("refuses the approval by an administrator who set the requester's password (403 FOUR_EYES), and says so", async () => {
    const [requester, setter] = await Promise.all([x.f.user(USER_RANA), x.f.user(ADMIN)]);
    requester.user.password = testPassword();
    const set = await x.f.request(setter, 'PUT', `/api/v3/user/${requester.user.id}`, {
      password: requester.user.password,
    });
    expect(set.statusCode, set.body).toBe(200);
    requester.token = await signIn(x.f.t, requester.user);
    const held = await requested(requester, 2);

    expect((await x.detail(setter, held.id)).fourEyes?.reason).toBe('password-set');
    expect((await x.detail(staff, held.id)).fourEyes).toBeNull();
    const pending = (await list(setter, '?status=PENDING')).content.find((r) => r.id === held.id);
    expect(pending?.fourEyes?.reason).toBe('password-set');
    const refused = await x.review(setter, held.id, true);
    expect([refused.statusCode, codeOf(refused)]).toEqual([403, ErrorCode.FOUR_EYES]);
    expect(await x.auditActions(held.id)).toEqual(['rollback.created', 'rollback.refused-four-eyes']);
    expect((await x.detail(staff, held.id)).status).toBe('PENDING');
  });
});
