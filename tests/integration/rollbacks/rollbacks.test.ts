import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/error-codes';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { STALE_CLAIM_MS } from '../../../server/write-back/write-back';
import { testDbKinds } from '../../support/test-database';
import { codeOf, messageOf, type SignedIn } from '../restores/restore-fixture';
import { BASE, RollbackFixture, STAMPS, watchedCrm } from './rollback-fixture';

describe.each(testDbKinds())("rollback of an agent's changes on %s", (kind) => {
  let x: RollbackFixture;
  let rana: SignedIn;
  let admin: SignedIn;
  let staff: SignedIn;
  /** The contacts the last agent's burst changed (the whole-days test reads them). */
  let lastBurst = 0;

  beforeAll(async () => {
    x = await RollbackFixture.start(kind, 560);
  }, 120_000);
  afterAll(() => x.close());
  // A code works once per user: every test has users of its own.
  beforeEach(async () => {
    rana = await x.f.user(USER_RANA);
    admin = await x.f.user(ADMIN);
    staff = await x.f.user(productRole(x.f.t.config.productCode));
  });

  it('rolls back 500 contacts from an alert in batches: each written once, back to its values before the window', async () => {
    const agent = x.agent(0);
    const burst = await x.burst(agent, 500);
    const n = burst.edited.length;
    expect(n).toBeGreaterThan(490);
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

  it('writes only the chosen fields, and leaves out records changed later by someone else unless ticked', async () => {
    const agent = x.agent(2);
    const other = x.agent(3);
    const burst = await x.burst(agent, 30);
    const [kept, ticked] = burst.edited;
    x.editByOther(kept!, other, { Description: 'Modificato dopo da un collega' });
    x.editByOther(ticked!, other, { Description: 'Modificato dopo anche questo' });
    await x.f.sync();
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window, fields: ['Phone'] };

    const preview = await x.previewed(rana, scope);
    expect(preview.records).toBe(burst.edited.length);
    expect(preview.laterChanged.map((r) => r.recordId).sort()).toEqual([kept, ticked].sort());
    expect(preview.laterChanged[0]).toMatchObject({ changedBy: other.Id });
    expect(preview.fieldCounts.every((c) => c.field === 'Phone')).toBe(true);
    expect(preview.sample.every((s) => s.changes.every((c) => c.field === 'Phone'))).toBe(true);

    const stray = await x.create(rana, { ...scope, includeLaterChanged: [burst.edited[5]] }, '000000');
    expect(stray.statusCode).toBe(400);
    const created = await x.created(rana, { ...scope, includeLaterChanged: [ticked] });
    expect(created).toMatchObject({ total: burst.edited.length - 1, fields: ['Phone'] });
    const again = await x.create(rana, { ...scope, includeLaterChanged: [ticked] });
    expect([again.statusCode, messageOf(again)]).toEqual([
      409,
      'A rollback of these changes is already pending or running',
    ]);
    await x.approved(admin, created.id);

    const watched = watchedCrm(x.f.crm);
    await x.runner({ crm: watched.crm }).runUntilIdle();
    expect(watched.writes.length).toBeGreaterThan(0);
    expect(watched.writes.every((w) => w.fields.length === 1 && w.fields[0] === 'Phone')).toBe(true);
    expect(watched.writes.map((w) => w.id)).not.toContain(kept);

    for (const id of burst.edited.filter((id) => id !== kept)) {
      const now = x.sandbox.records.get('Account', id)!;
      const before = burst.before.get(id)!;
      expect(now.Phone).toEqual(before.Phone);
    }
    // Other fields the agent changed keep the agent's values.
    const untouched = burst.edited.filter((id) => {
      const now = x.sandbox.records.get('Account', id)!;
      const before = burst.before.get(id)!;
      return Object.keys(before).some((f) => !STAMPS.has(f) && f !== 'Phone' && now[f] !== before[f]);
    });
    expect(untouched.length).toBeGreaterThan(0);
    const detail = await x.detail(staff, created.id, '?size=100');
    expect(detail.outcomes.content.find((o) => o.recordId === ticked)).toMatchObject({ laterChanged: true });
    expect(detail.outcomes.content.map((o) => o.recordId)).not.toContain(kept);
  }, 120_000);

  it('lists apart a record someone else changed inside the window too, as one changed after it', async () => {
    const agent = x.agent(9);
    const burst = await x.burst(agent, 8);
    const [touched] = burst.edited;
    x.editByOther(touched!, x.agent(10), { Description: "Cambiato da un collega nell'intervallo" });
    await x.f.sync();
    // A window that ends after the colleague's change: going back to before it would undo that change too.
    const to = new Date(x.sandbox.records.now() + 60_000).toISOString();
    const preview = await x.previewed(rana, {
      sfUserID: agent.Id,
      object: 'Account',
      from: burst.window.from,
      to,
    });
    expect(preview.records).toBe(burst.edited.length);
    expect(preview.laterChanged.map((r) => r.recordId)).toEqual([touched]);
    expect(preview.laterChanged[0]).toMatchObject({ changedBy: x.agent(10).Id });
  }, 120_000);

  it('leaves out of the preview a checkbox the version rolled back to holds no value for, as the write does', async () => {
    const agent = x.agent(15);
    const burst = await x.burst(agent, 8);
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window };
    const first = await x.previewed(rana, scope);
    const [record] = first.sample;
    const consentCount = (p: typeof first) =>
      p.fieldCounts.find((c) => c.field === 'Consent_Newsletter__pc')?.count ?? 0;
    // Versions imported without the checkbox hold null there; the record has a value for it now.
    await sql`update revision_accounts set json = jsonb_set(json, '{Consent_Newsletter__pc}', 'null')
      where account_id = ${record!.recordId} and saved_at < ${new Date(burst.window.from)}`.execute(x.db);
    expect(typeof x.sandbox.records.get('Account', record!.recordId)!.Consent_Newsletter__pc).toBe('boolean');

    const preview = await x.previewed(rana, scope);
    const changes = preview.sample.find((s) => s.recordId === record!.recordId)?.changes ?? [];
    expect(changes.map((c) => c.field)).not.toContain('Consent_Newsletter__pc');
    // The agent may have changed the checkbox of this record too: then it no longer counts either.
    const hadConsent = record!.changes.some((c) => c.field === 'Consent_Newsletter__pc');
    expect(consentCount(preview)).toBe(consentCount(first) - (hadConsent ? 1 : 0));
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

  it('shows the reviewer what each record still to be applied gets back, within the chosen fields', async () => {
    const agent = x.agent(14);
    const burst = await x.burst(agent, 6);
    const scope = { sfUserID: agent.Id, object: 'Account', ...burst.window };
    const preview = await x.previewed(rana, scope);
    const field = preview.fieldCounts[0]!.field;
    const created = await x.created(rana, { ...scope, fields: [field] });

    const pending = await x.detail(staff, created.id, '?size=100');
    const withChanges = pending.outcomes.content.filter((o) => o.changes.length > 0);
    expect(withChanges).toHaveLength(preview.fieldCounts[0]!.count);
    for (const o of withChanges) {
      // What the requester previewed for that field, in snapshot form (an address is one field).
      const previewed = preview.sample.find((r) => r.recordId === o.recordId)!;
      expect(o.changes).toEqual(previewed.changes.filter((c) => c.field === field));
    }

    await x.approved(admin, created.id);
    await x.runner().runUntilIdle();
    const applied = await x.detail(staff, created.id, '?size=100');
    expect(applied.outcomes.content.every((o) => o.changes.length === 0)).toBe(true);
  }, 120_000);

  it("refuses an alert about another agent's changes, naming the field", async () => {
    const agent = x.agent(13);
    const other = (await x.burst(x.agent(12), 6)).alert;
    const burst = await x.burst(agent, 6);
    // Refused before the code is checked: the code is never spent.
    const res = await x.create(
      rana,
      { sfUserID: agent.Id, object: 'Account', ...burst.window, alertId: other.id },
      '000000',
    );
    expect([res.statusCode, res.json().error]).toEqual([
      400,
      expect.objectContaining({
        field: 'body.alertId',
        message: `Alert ${other.id} is about another agent, object or window than this rollback`,
      }),
    ]);
  }, 120_000);

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
