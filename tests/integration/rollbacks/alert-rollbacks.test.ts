import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../../contract/alerts';
import { ErrorCode } from '../../../contract/error-codes';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { testDbKinds } from '../../support/test-database';
import { codeOf, type SignedIn } from '../restores/restore-fixture';
import { RollbackFixture } from './rollback-fixture';

describe.each(testDbKinds())('the rollback of an alert on %s', (kind) => {
  let x: RollbackFixture;
  let rana: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    x = await RollbackFixture.start(kind, 60);
  }, 120_000);
  afterAll(() => x.close());
  beforeEach(async () => {
    rana = await x.f.user(USER_RANA);
    admin = await x.f.user(ADMIN);
  });

  /** The alert as 'Avvisi' lists it, to any signed-in role. */
  const listed = async (who: SignedIn, id: number): Promise<Alert> => {
    const res = await x.f.request(who, 'GET', '/api/v3/alert/?status=open&size=100');
    expect(res.statusCode, res.body).toBe(200);
    const alerts = (res.json() as { data: { query: { content: Alert[] } } }).data.query.content;
    return alerts.find((a) => a.id === id)!;
  };

  it('lists with an alert the rollback requested for it, and refuses a second one while it is open', async () => {
    const agent = x.agent(0);
    const burst = await x.burst(agent, 6);
    const alertId = burst.alert.id;
    expect((await listed(rana, alertId)).rollback).toBeNull();

    const created = await x.created(rana, {
      sfUserID: agent.Id,
      object: 'Account',
      ...burst.window,
      alertId,
    });
    expect((await listed(admin, alertId)).rollback).toEqual({
      id: created.id,
      status: 'PENDING',
      run: 'waiting',
      stoppedAt: null,
      stoppedBy: null,
    });

    // Another window around the same burst (its whole Rome day) names the same alert: refused, the code unspent.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const day = { sfUserID: agent.Id, object: 'Account', from: today, to: today, alertId };
    const code = x.f.code(rana.user);
    const second = await x.create(rana, day, code);
    expect([second.statusCode, codeOf(second)]).toEqual([409, ErrorCode.ROLLBACK_OPEN]);

    // Rejected, it is no longer open: the alert shows it so, and a new request may be made for it.
    await x.f.request(
      admin,
      'POST',
      `/api/v3/rollback-request/${created.id}/review/${admin.user.id}?approved=false&code=${x.f.code(admin.user)}`,
    );
    expect((await listed(rana, alertId)).rollback).toMatchObject({ id: created.id, status: 'REJECTED' });
    const again = await x.create(rana, day, code);
    expect(again.statusCode, again.body).toBe(201);
    const againId = (again.json() as { data: { query: { id: number } } }).data.query.id;
    expect((await listed(rana, alertId)).rollback).toMatchObject({ id: againId, status: 'PENDING' });
  }, 120_000);
});
