import { describe, expect, it } from 'vitest';
import { STALE_CLAIM_MS } from '../../../server/write-back/write-back';
import { testDbKinds } from '../../support/test-database';
import type { SignedIn } from '../restores/restore-fixture';
import { rollbackApi, type RollbackFixture, watchedCrm } from './rollback-fixture';

/** Enough contacts for one agent to change 150 of them at once (bench/ measures rollbacks at scale). */
const ACCOUNTS = 200;

/** An approved rollback as the worker applies it: batches, crashes, API limits and what the CRM answers. */
describe.each(testDbKinds())("rollback of an agent's changes on %s", (kind) => {
  let x: RollbackFixture;
  let rana: SignedIn;
  let admin: SignedIn;
  let staff: SignedIn;
  rollbackApi(kind, ACCOUNTS, (api) => ({ x, rana, admin, staff } = api));

  it('rolls back 150 contacts from an alert in batches: each written once, back to its values before the window', async () => {
    const agent = x.agent(0);
    const burst = await x.burst(agent, 150);
    const n = burst.edited.length;
    expect(n).toBeGreaterThan(140);
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window };

    const preview = await x.previewed(rana, scope);
    expect(preview).toMatchObject({ records: n, withoutEarlierVersion: 0, laterChanged: [], fields: null });
    expect(preview.fieldCounts.length).toBeGreaterThan(0);
    expect(preview.sample).toHaveLength(20);
    const plain = preview.sample.flatMap((s) =>
      s.changes
        .filter((c) => ['Phone', 'PersonEmail', 'Industry'].includes(c.field))
        .map((c) => ({ ...c, s })),
    );
    expect(plain.length).toBeGreaterThan(0);
    for (const c of plain) expect(c.before).toEqual(burst.before.get(c.s.recordId)![c.field] ?? null);

    const created = await x.created(rana, { ...scope, alertId: burst.alert.id });
    expect(created).toMatchObject({ status: 'PENDING', run: 'waiting', total: n, done: 0 });
    // The creator may not approve: USER_RANA does not review, and nobody reviews their own request.
    const own = await x.review(rana, created.id, true);
    expect(own.statusCode).toBe(403);

    const approved = await x.approved(admin, created.id);
    expect(approved).toMatchObject({
      status: 'APPROVED',
      run: 'running',
      userReviewer: { id: admin.user.id },
    });

    const patches = x.sandbox.stats.patches;
    const runner = x.runner({ batchSize: 50 });
    const batch = await runner.runBatch();
    expect(batch).toMatchObject({ rollbackId: created.id, applied: 50, finished: false });
    const partway = await x.detail(staff, created.id);
    expect([partway.done, partway.total, partway.run]).toEqual([50, n, 'running']);

    await runner.runUntilIdle();
    const done = await x.detail(staff, created.id, '?page=1&size=10');
    expect(done).toMatchObject({ run: 'finished', total: n, done: n, refused: 0, unknown: 0 });
    // Skipped: a record whose only change was who saved it last has no value to write back.
    expect(done.restored + done.skipped).toBe(n);
    expect(done.skipped).toBeLessThan(n / 10);
    expect(x.sandbox.stats.patches - patches).toBe(done.restored);
    expect(done.outcomes.content).toHaveLength(10);
    expect(done.outcomes.totalElements).toBe(n);
    expect(done.outcomes.number).toBe(1);
    const skipped = await x.detail(staff, created.id, '?outcome=skipped&size=100');
    expect(skipped.outcomes.content).toHaveLength(done.skipped);
    for (const o of skipped.outcomes.content) expect(o.reason).toBe('nothing-to-write');

    for (const id of burst.edited) {
      const now = x.sandbox.records.get('Account', id)!;
      const before = burst.before.get(id)!;
      for (const field of preview.changedFields)
        expect([id, field, now[field]]).toEqual([id, field, before[field]]);
    }
    const written = await x.db
      .selectFrom('revision_accounts')
      .select('id')
      .where('source', '=', `rollback:${created.id}`)
      .execute();
    expect(written).toHaveLength(done.restored);

    const actions = await x.auditActions(created.id);
    expect(actions.filter((a) => a === 'rollback.record')).toHaveLength(n);
    expect(actions.filter((a) => a !== 'rollback.record')).toEqual([
      'rollback.created',
      'rollback.approved',
      'rollback.finished',
    ]);
    const previewed = await x.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'rollback.previewed')
      .execute();
    expect(previewed.length).toBeGreaterThan(0);

    // Prepared again: each restored record was changed later by this rollback, which the preview names.
    const again = await x.previewed(rana, scope);
    expect(again.laterChanged).toHaveLength(done.restored);
    for (const later of again.laterChanged)
      expect(later.storicoWrite).toEqual({ kind: 'rollback', id: created.id });
    expect(again.fieldCounts).toEqual([]);
  }, 300_000);

  it('resumes after a crash in the middle without writing any record twice', async () => {
    const agent = x.agent(1);
    const burst = await x.burst(agent, 60);
    const n = burst.edited.length;
    const created = await x.created(rana, { sfUserID: agent.Id, object: 'Account', ...burst.window });
    await x.approved(staff, created.id);

    // The process dies right after the CRM took its 30th write, before that record's outcome was kept.
    const dying = watchedCrm(x.f.crm, { killAfterWrite: 30 });
    const crashed = x.runner({ crm: dying.crm, batchSize: 20 });
    await crashed.runBatch();
    await expect(crashed.runBatch()).rejects.toThrow('the process was killed');
    const halfway = await x.detail(staff, created.id);
    expect(halfway.done).toBeLessThan(n);

    // A new process, once the dead one's claims went stale.
    const restarted = watchedCrm(x.f.crm);
    const later = () => new Date(Date.now() + STALE_CLAIM_MS + 60_000);
    await x.runner({ crm: restarted.crm, batchSize: 20, now: later }).runUntilIdle();
    const done = await x.detail(staff, created.id);
    expect(done).toMatchObject({ run: 'finished', done: n, refused: 0, unknown: 0 });

    const everyWrite = [...dying.writes, ...restarted.writes].map((w) => w.id);
    expect(new Set(everyWrite).size).toBe(everyWrite.length);
    expect(everyWrite).toHaveLength(done.restored);
    const killed = dying.writes.at(-1)!.id;
    expect(restarted.writes.map((w) => w.id)).not.toContain(killed);
    const outcome = await x.detail(staff, created.id, '?size=100');
    expect(outcome.outcomes.content.find((o) => o.recordId === killed)).toMatchObject({
      outcome: 'restored',
    });
  }, 120_000);

  it("skips a record someone else changed in the CRM after the request, and still rolls back the agent's own later change", async () => {
    const agent = x.agent(11);
    const burst = await x.burst(agent, 8);
    const created = await x.created(rana, { sfUserID: agent.Id, object: 'Account', ...burst.window });
    const [colleagues, agents] = burst.edited;
    // Changed in the CRM after the request, before any sync: neither the preview nor the reviewer saw it.
    x.editByOther(colleagues!, x.agent(12), { Description: 'Cambiato da un collega dopo la richiesta' });
    x.editByOther(agents!, agent, { Description: "Cambiato ancora dall'agente" });
    await x.approved(admin, created.id);
    await x.runner().runUntilIdle();

    const detail = await x.detail(staff, created.id, '?size=100');
    const outcomeOf = (id: string) => detail.outcomes.content.find((o) => o.recordId === id);
    expect(outcomeOf(colleagues!)).toMatchObject({ outcome: 'skipped', reason: 'changed-since' });
    expect(x.sandbox.records.get('Account', colleagues!)!.Description).toBe(
      'Cambiato da un collega dopo la richiesta',
    );
    expect(outcomeOf(agents!)).toMatchObject({ outcome: 'restored' });
    expect(x.sandbox.records.get('Account', agents!)!.Description).toEqual(
      burst.before.get(agents!)!.Description ?? null,
    );
    // The colleague's change is kept in the record's history, as a sync would have kept it.
    const [latest] = await x.f.revisions('account', colleagues!);
    expect(latest!.json.Description).toBe('Cambiato da un collega dopo la richiesta');
  }, 120_000);

  it("waits while the org's API usage is at SF_API_MAX_USAGE, and goes on once it dropped", async () => {
    const agent = x.agent(6);
    const burst = await x.burst(agent, 8);
    const created = await x.created(rana, { sfUserID: agent.Id, object: 'Account', ...burst.window });
    await x.approved(admin, created.id);
    x.sandbox.setApiUsage(14_000, 15_000);
    await x.f.crm.checkLimits();
    const patches = x.sandbox.stats.patches;
    const capped = x.runner({ maxApiUsage: 0.8 });
    expect(await capped.runBatch()).toMatchObject({ rollbackId: created.id, applied: 0, paused: true });
    expect(x.sandbox.stats.patches).toBe(patches);
    expect((await x.detail(staff, created.id)).run).toBe('running');

    x.sandbox.setApiUsage(100, 15_000);
    const later = () => new Date(Date.now() + 16 * 60_000);
    await x.runner({ maxApiUsage: 0.8, now: later }).runUntilIdle();
    expect(await x.detail(staff, created.id)).toMatchObject({ run: 'finished', done: burst.edited.length });
  });

  it("keeps the CRM's refusal as the record's outcome, and settles a write left unanswered by reading it", async () => {
    const agent = x.agent(7);
    const burst = await x.burst(agent, 10);
    const [refusedId, droppedId] = burst.edited;
    const created = await x.created(rana, { sfUserID: agent.Id, object: 'Account', ...burst.window });
    await x.approved(admin, created.id);
    x.sandbox.validationRule((_object, next) =>
      next.Id === refusedId
        ? { errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION', message: 'Il telefono non è valido' }
        : null,
    );
    const patches = x.sandbox.stats.patches;
    let deletedId: string | undefined;
    try {
      // One record a batch: the first is refused; the second's write is applied and its answer lost.
      const runner = x.runner({ batchSize: 1 });
      await runner.runBatch();
      x.sandbox.faultWrites('apply-and-drop', 1);
      await runner.runBatch();
      expect((await x.detail(staff, created.id)).unknown).toBe(1);
      // A third write applied and its answer lost, then its record deleted before it is read: the recycle bin
      // tells, and the records after it are settled too.
      x.sandbox.faultWrites('apply-and-drop', 1);
      await runner.runBatch();
      const third = await x.detail(staff, created.id, '?size=100');
      deletedId = third.outcomes.content.find((o) => o.outcome === 'unknown')!.recordId;
      expect(x.sandbox.records.removeWithCases(deletedId, x.sandbox.integrationUserId).ok).toBe(true);
      await runner.runUntilIdle();
    } finally {
      x.sandbox.validationRule(null);
      x.sandbox.faultWrites(null);
    }
    const detail = await x.detail(staff, created.id, '?size=100');
    const outcome = (id: string) => detail.outcomes.content.find((o) => o.recordId === id);
    expect(outcome(refusedId!)).toMatchObject({ outcome: 'refused', reason: 'crm-refused' });
    expect(outcome(refusedId!)!.message).toContain(
      'FIELD_CUSTOM_VALIDATION_EXCEPTION: Il telefono non è valido',
    );
    expect(outcome(droppedId!)).toMatchObject({ outcome: 'restored', reason: null });
    expect(outcome(deletedId!)).toMatchObject({ outcome: 'restored', reason: null });
    expect(detail).toMatchObject({ run: 'finished', refused: 1, unknown: 0 });
    // One PATCH for the refusal and one for each record restored: the unanswered write was never sent again.
    expect(x.sandbox.stats.patches - patches).toBe(1 + detail.restored);
  });

  it('says a record the CRM did not keep as written was not kept, not that it was refused', async () => {
    const agent = x.agent(8);
    const burst = await x.burst(agent, 10);
    const [undoneId] = burst.edited;
    const created = await x.created(rana, { sfUserID: agent.Id, object: 'Account', ...burst.window });
    await x.approved(admin, created.id);
    // A flow of the org puts the record back as it was before the write.
    const before = structuredClone(x.sandbox.records.stored('Account', undoneId!)!);
    x.sandbox.onWrite((object, record) =>
      object === 'Account' && record.Id === undoneId ? structuredClone(before) : record,
    );
    try {
      await x.runner().runUntilIdle();
    } finally {
      x.sandbox.onWrite(null);
    }
    const detail = await x.detail(staff, created.id, '?size=100');
    const undone = detail.outcomes.content.find((o) => o.recordId === undoneId);
    expect(undone).toMatchObject({ outcome: 'refused', reason: 'not-kept' });
    expect(detail).toMatchObject({ run: 'finished', refused: 1 });
  });
});
