import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes';
import { testDbKinds } from '../../support/test-database';
import { codeOf, messageOf, type SignedIn } from '../restores/restore-fixture';
import { BASE, rollbackApi, type RollbackFixture } from './rollback-fixture';

/** Who may request, review and stop a rollback, and the days and instants a request may name. */
describe.each(testDbKinds())("rollback of an agent's changes on %s", (kind) => {
  let x: RollbackFixture;
  let rana: SignedIn;
  let admin: SignedIn;
  let staff: SignedIn;
  /** The contacts the last agent's burst changed (the whole-days test reads them). */
  let lastBurst = 0;
  rollbackApi(kind, 120, (api) => ({ x, rana, admin, staff } = api));

  it('lets only USER_RANA prepare and create, reviewers review and stop; a stopped rollback writes nothing more', async () => {
    const agent = x.agent(4);
    const burst = await x.burst(agent, 12);
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window };

    for (const who of [admin, staff]) {
      expect((await x.preview(who, scope)).statusCode).toBe(403);
      expect((await x.create(who, scope, '000000')).statusCode).toBe(403);
    }
    const wrong = await x.create(rana, scope, x.f.wrongCode(rana.user));
    expect([wrong.statusCode, messageOf(wrong)]).toEqual([400, 'Invalid Totp']);

    const created = await x.created(rana, scope);
    // She follows her own request (tests/integration/rollbacks/own-rollbacks.test.ts), and cannot stop it.
    expect((await x.f.request(rana, 'GET', `${BASE}/${created.id}`)).statusCode).toBe(200);
    expect((await x.f.request(rana, 'POST', `${BASE}/${created.id}/stop`)).statusCode).toBe(403);
    const list = await x.f.request(staff, 'GET', `${BASE}/?status=PENDING`);
    expect(list.statusCode).toBe(200);
    expect(
      (list.json() as { data: { query: { content: Array<{ id: number }> } } }).data.query.content[0]!.id,
    ).toBe(created.id);
    const badCode = await x.review(staff, created.id, true, x.f.wrongCode(staff.user));
    expect(badCode.statusCode).toBe(400);

    await x.approved(staff, created.id);
    const twice = await x.review(admin, created.id, false);
    expect(twice.statusCode).toBe(409);

    const runner = x.runner({ batchSize: 5 });
    await runner.runBatch();
    const stop = await x.f.request(admin, 'POST', `${BASE}/${created.id}/stop`);
    expect(stop.statusCode, stop.body).toBe(200);
    const patches = x.sandbox.stats.patches;
    await runner.runUntilIdle();
    expect(x.sandbox.stats.patches).toBe(patches);
    const stopped = await x.detail(admin, created.id);
    expect(stopped).toMatchObject({
      run: 'stopped',
      done: 5,
      total: burst.edited.length,
      stoppedBy: { id: admin.user.id },
    });
    const again = await x.f.request(admin, 'POST', `${BASE}/${created.id}/stop`);
    expect(again.statusCode).toBe(409);
    expect(await x.auditActions(created.id)).toContain('rollback.stopped');

    // A rejected rollback is listed under its tab and never applied.
    const agent2 = x.agent(5);
    const burst2 = await x.burst(agent2, 6);
    lastBurst = burst2.edited.length;
    // Each submitted twice at once with one code: refused as done (409), not as a wrong code.
    const scope2 = { sfUserID: agent2.Id, object: 'Account', ...burst2.window };
    const once = x.f.code(rana.user);
    const creates = await Promise.all([1, 2].map(() => x.create(rana, scope2, once)));
    expect(creates.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(codeOf(creates.find((r) => r.statusCode === 409)!)).toBe(ErrorCode.ROLLBACK_OPEN);
    const second = (creates.find((r) => r.statusCode === 201)!.json() as { data: { query: { id: number } } })
      .data.query;
    const rejectCode = x.f.code(admin.user);
    const rejections = await Promise.all([1, 2].map(() => x.review(admin, second.id, false, rejectCode)));
    expect(rejections.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(codeOf(rejections.find((r) => r.statusCode === 409)!)).toBe(ErrorCode.ALREADY_REVIEWED);
    const rejectedList = await x.f.request(admin, 'GET', `${BASE}/?status=REJECTED`);
    const rows = (rejectedList.json() as { data: { query: { content: Array<{ id: number; run: string }> } } })
      .data.query.content;
    expect(rows.find((r) => r.id === second.id)).toMatchObject({ run: 'waiting' });
  }, 120_000);

  it('takes whole Rome days from the search bar', async () => {
    const agent = x.agent(5);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const preview = await x.previewed(rana, {
      sfUserID: agent.Id,
      object: 'Account',
      from: today,
      to: today,
    });
    expect(preview.records).toBe(lastBurst);
    const bad = await x.preview(rana, {
      sfUserID: agent.Id,
      object: 'Account',
      from: today,
      to: '2020-01-01',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an impossible day, a year outside 1900-2200 or an unreadable date-time, naming the field, storing nothing', async () => {
    const agent = x.agent(5);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const scope = { sfUserID: agent.Id, object: 'Account' };
    const stored = async () =>
      Number(
        (
          await x.f.t.database.db
            .selectFrom('rollback_requests')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await stored();
    // Never spent: every create below is refused before the code is checked.
    const code = x.f.code(rana.user);
    for (const [from, to, field] of [
      ['2025-01-01', '9999-12-31', 'body.to'],
      ['2025-02-30', today, 'body.from'],
      ['0000-01-01', today, 'body.from'],
      ['1899-12-31', today, 'body.from'],
      [today, '2201-01-01', 'body.to'],
      ['2025-02-30T10:00:00+01:00', today, 'body.from'],
      ['2025-01-01T25:00:00Z', today, 'body.from'],
      ['2025-01-01T10:61:00Z', today, 'body.from'],
      ['2025-01-01T24:00:00Z', today, 'body.from'],
      [today, '9999-12-31T23:59:59Z', 'body.to'],
      [today, '2025-13-01', 'body.to'],
    ] as const) {
      for (const res of [
        await x.preview(rana, { ...scope, from, to }),
        await x.create(rana, { ...scope, from, to }, code),
      ]) {
        expect([res.statusCode, res.json().error], `${from} ${to}`).toEqual([
          400,
          expect.objectContaining({ code: 'BAD_REQUEST', field }),
        ]);
      }
    }
    expect(await stored()).toBe(before);

    // The bounds themselves are days like any other; an instant in them still reads as it is.
    const wide = await x.previewed(rana, { ...scope, from: '1900-01-01', to: '2200-12-31' });
    expect(wide.records).toBeGreaterThanOrEqual(lastBurst);
    const instants = await x.previewed(rana, {
      ...scope,
      from: `${today}T00:00:00+02:00`,
      to: '2200-12-31T23:59:59.999Z',
    });
    expect(instants.records).toBe(lastBurst);
  });
});
