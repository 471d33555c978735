import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { pageOf } from '../../../contract/page';
import { caseRestoreRequestSchema } from '../../../contract/restores';
import { USER_RANA, productRole } from '../../../contract/roles';
import { AuditService } from '../../../server/audit-log/audit.service';
import { ReadinessState } from '../../../server/http/readiness';
import { settleAfterEverySync } from '../../../server/app/background';
import { startSyncLoop } from '../../../server/sync/sync-loop';
import { silentLogger } from '../../../server/config/logger';
import { testDbKinds } from '../../support/test-database';
import { BASE, codeOf, RestoreFixture } from './restore-fixture';

const oneCase = envelopeOf(caseRestoreRequestSchema);
const casePage = envelopeOf(pageOf(caseRestoreRequestSchema));
const WRITE_TIMEOUT_S = 2;

/**
 * Restores against a sandbox CRM that fails, hangs or half-answers the write, through the real connector with a
 * write timeout of WRITE_TIMEOUT_S (production: SF_WRITE_TIMEOUT_S, 10 s): the reviewer is answered at most 5 s after
 * it, a write is never repeated blindly, and a write of unknown outcome is settled by reading the record.
 */
describe.each(testDbKinds())('restores when the CRM does not answer the write, on %s', (kind) => {
  let f: RestoreFixture;
  const productUser = () => f.user(productRole(f.t.config.productCode));

  beforeAll(async () => {
    // A read that does not show the write settles it as not applied at once (production waits 10 minutes).
    f = await RestoreFixture.start(
      kind,
      {},
      {
        env: { RESTORE_OUTCOME_WAIT_S: '0' },
        connector: { writeTimeoutMs: WRITE_TIMEOUT_S * 1000 },
      },
    );
  });
  afterEach(() => {
    f.sandbox.faultWrites(null);
    f.sandbox.holdReads(false);
  });
  afterAll(() => f.close());

  async function reportedCase(subject: string) {
    const edited = await f.editedRecord('case', { Subject: subject, Priority: 'Urgent' });
    const rana = await f.user(USER_RANA);
    const id = await f.reported('case', rana, edited.target.id);
    return { ...edited, id, rana };
  }

  const get = async (id: number) => {
    const res = await f.request(await productUser(), 'GET', `${BASE.case}/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return oneCase.parse(res.json()).data.query;
  };

  const list = async (status: 'PENDING' | 'APPROVED') => {
    const res = await f.request(await productUser(), 'GET', `${BASE.case}/?status=${status}&page=0&size=50`);
    expect(res.statusCode, res.body).toBe(200);
    return casePage.parse(res.json()).data.query.content;
  };

  it('a write the CRM fails (500) answers with its reason and leaves the request approvable, sent once', async () => {
    const { id, recordId, target } = await reportedCase('Changed before a failing restore');
    f.sandbox.faultWrites('fail', 1);
    const patches = f.sandbox.stats.patches;
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(502);
    expect(codeOf(res)).toBe(ErrorCode.CRM_ERROR);
    expect(errorBodySchema.parse(res.json()).message).toContain('UNKNOWN_EXCEPTION');
    expect(f.sandbox.stats.patches).toBe(patches + 1);
    expect(await get(id)).toMatchObject({ status: { status: 'PENDING' }, outcomeUnknownSince: null });

    const again = await f.review('case', await productUser(), id, true);
    expect(again.statusCode, again.body).toBe(200);
    expect((await f.inCrm('case', recordId)).Subject).toBe(target.json.Subject);
  });

  it('a hanging write is answered within 5 s of the write timeout, marked, refused while unknown, then settled not applied', async () => {
    const { id, recordId, target } = await reportedCase('Changed before a hanging restore');
    const reviewer = await productUser();
    f.sandbox.faultWrites('hang');
    const patches = f.sandbox.stats.patches;
    const started = Date.now();
    const res = await f.review('case', reviewer, id, true);
    expect(Date.now() - started).toBeLessThan((WRITE_TIMEOUT_S + 5) * 1000);
    expect(res.statusCode, res.body).toBe(504);
    expect(codeOf(res)).toBe(ErrorCode.CRM_OUTCOME_UNKNOWN);
    const marked = await get(id);
    expect(marked.status.status).toBe('PENDING');
    expect(marked.outcomeUnknownSince).not.toBeNull();
    expect(marked.userReviewer?.id).toBe(reviewer.user.id);

    // The CRM cannot be read either: the outcome stays unknown, and no second write is sent.
    f.sandbox.failNextRequests(30, 503);
    const refused = await f.review('case', await productUser(), id, true);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe(ErrorCode.OUTCOME_CHECKING);
    const rejected = await f.review('case', await productUser(), id, false);
    expect(rejected.statusCode, rejected.body).toBe(409);
    f.sandbox.failNextRequests(0);
    expect(f.sandbox.stats.patches).toBe(patches + 1);

    // Reading the lists reads the record: the write is not there, so the request is approvable again.
    f.sandbox.faultWrites(null);
    const pending = (await list('PENDING')).find((r) => r.id === id);
    expect(pending).toMatchObject({ outcomeUnknownSince: null, userReviewer: null });
    expect(await f.auditActions(`restore-case-request:${id}`)).toEqual([
      'restore.created',
      'restore.outcome_unknown',
      'restore.not_applied',
    ]);

    const retried = await f.review('case', await productUser(), id, true);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(f.sandbox.stats.patches).toBe(patches + 2);
    expect((await f.inCrm('case', recordId)).Subject).toBe(target.json.Subject);
  });

  it('a write applied but never answered is settled as applied by the retry, its revision restore:{id}', async () => {
    const { id, recordId, target } = await reportedCase('Changed before a restore left unanswered');
    f.sandbox.faultWrites('apply-and-hang');
    const patches = f.sandbox.stats.patches;
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(504);
    f.sandbox.faultWrites(null);

    // A sync stores the restored state first, as `sync`: the restore still owns that revision once settled.
    await f.sync();
    expect((await f.revisions('case', recordId))[0]!.source).toBe('sync');

    const retried = await f.review('case', await productUser(), id, true);
    expect(retried.statusCode, retried.body).toBe(409);
    expect(codeOf(retried)).toBe(ErrorCode.ALREADY_REVIEWED);
    expect(f.sandbox.stats.patches).toBe(patches + 1);

    const approved = await get(id);
    expect(approved).toMatchObject({ status: { status: 'APPROVED' }, outcomeUnknownSince: null });
    const [restored] = await f.revisions('case', recordId);
    expect(restored!.source).toBe(`restore:${id}`);
    expect(restored!.json.Subject).toBe(target.json.Subject);
    expect((await f.requestRow('case', id))?.applied_revision_id).toBe(restored!.id);
    expect(await f.auditActions(`restore-case-request:${id}`)).toEqual([
      'restore.created',
      'restore.outcome_unknown',
      'restore.approved',
      'restore.applied',
    ]);
  });

  it('a half-answered write (applied, connection dropped) is settled as applied when the lists are read', async () => {
    const { id, recordId } = await reportedCase('Changed before a half-answered restore');
    f.sandbox.faultWrites('apply-and-drop', 1);
    const patches = f.sandbox.stats.patches;
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(504);
    expect(codeOf(res)).toBe(ErrorCode.CRM_OUTCOME_UNKNOWN);
    expect(f.sandbox.stats.patches).toBe(patches + 1);

    expect((await list('APPROVED')).map((r) => r.id)).toContain(id);
    expect((await f.revisions('case', recordId))[0]!.source).toBe(`restore:${id}`);
    expect(f.sandbox.stats.patches).toBe(patches + 1);
  });

  it('a list read waits at most a second for a CRM that takes the read and never answers, then settles later', async () => {
    const { id, recordId } = await reportedCase(
      'Changed before a half-answered restore, the CRM then silent',
    );
    f.sandbox.faultWrites('apply-and-drop', 1);
    expect((await f.review('case', await productUser(), id, true)).statusCode).toBe(504);

    f.sandbox.holdReads(true);
    const started = Date.now();
    const pending = (await list('PENDING')).find((r) => r.id === id);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(pending?.outcomeUnknownSince).not.toBeNull();

    // The CRM answers again: the read the list asked for, or the next list's, settles the request.
    f.sandbox.holdReads(false);
    await expect
      .poll(async () => (await list('APPROVED')).map((r) => r.id), { timeout: 15_000, interval: 250 })
      .toContain(id);
    expect((await f.revisions('case', recordId))[0]!.source).toBe(`restore:${id}`);
  });

  it('a deleted case undeleted and then half-answered keeps its outcome when settled as applied', async () => {
    const { id, recordId } = await reportedCase('Changed before a deletion and a half-answered restore');
    const removed = f.sandbox.records.remove('Case', recordId, f.sandbox.integrationUserId);
    expect(removed.ok).toBe(true);
    await f.sync();
    f.sandbox.faultWrites('apply-and-drop', 1);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(504);

    const settled = (await list('APPROVED')).find((r) => r.id === id);
    expect(settled).toMatchObject({ outcome: 'undeleted', newRecordId: null, outcomeUnknownSince: null });
  });

  it('a record deleted or purged before its write is checked is settled from the recycle bin, holding up no other', async () => {
    // Applied, then deleted: the recycle bin holds the values sent.
    const applied = await reportedCase('Changed before a restore, deleted after it');
    f.sandbox.faultWrites('apply-and-drop', 1);
    expect((await f.review('case', await productUser(), applied.id, true)).statusCode).toBe(504);
    expect(f.sandbox.records.remove('Case', applied.recordId, f.sandbox.integrationUserId).ok).toBe(true);
    // Not applied, then deleted and purged: nothing holds them.
    const lost = await reportedCase('Changed before a restore, purged after it');
    f.sandbox.faultWrites('hang', 1);
    expect((await f.review('case', await productUser(), lost.id, true)).statusCode).toBe(504);
    expect(f.sandbox.records.remove('Case', lost.recordId, f.sandbox.integrationUserId).ok).toBe(true);
    expect(f.sandbox.purge([lost.recordId])).toEqual([lost.recordId]);
    // Behind them, a live record's write, applied.
    const live = await reportedCase('Changed before a restore checked after two gone records');
    f.sandbox.faultWrites('apply-and-drop', 1);
    expect((await f.review('case', await productUser(), live.id, true)).statusCode).toBe(504);

    expect((await list('APPROVED')).map((r) => r.id)).toEqual(expect.arrayContaining([applied.id, live.id]));
    const [kept] = await f.revisions('case', applied.recordId);
    expect(kept).toMatchObject({
      source: 'delete',
      json: { IsDeleted: true, Subject: applied.target.json.Subject },
    });
    expect((await f.requestRow('case', applied.id))?.applied_revision_id).toBe(kept!.id);
    expect(await get(lost.id)).toMatchObject({ status: { status: 'PENDING' }, outcomeUnknownSince: null });
    expect(await f.auditActions(`restore-case-request:${lost.id}`)).toEqual([
      'restore.created',
      'restore.outcome_unknown',
      'restore.not_applied',
    ]);
    expect((await f.revisions('case', live.recordId))[0]!.source).toBe(`restore:${live.id}`);
  });

  it('the next sync settles a half-answered write as applied, as the server runs it', async () => {
    const { id, recordId } = await reportedCase('Changed before a restore settled by the sync');
    f.sandbox.faultWrites('apply-and-drop', 1);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(504);
    expect((await f.requestRow('case', id))?.outcome_unknown_since).not.toBeNull();

    const db = f.t.database.db;
    const settlement = settleAfterEverySync(
      new ReadinessState(),
      { db, crm: f.crm, audit: new AuditService(db), now: () => new Date(), waitMs: 0 },
      silentLogger,
    );
    const loop = startSyncLoop({
      db,
      dbKind: f.t.database.kind,
      connector: f.crm,
      intervalSeconds: 0,
      readiness: settlement.readiness,
    });
    await loop.firstRun;
    await settlement.idle();
    await loop.stop();

    expect((await f.requestRow('case', id))?.status_id).toBe(2);
    const [restored] = await f.revisions('case', recordId);
    expect(restored!.source).toBe(`restore:${id}`);
    expect(await f.auditActions(`restore-case-request:${id}`)).toEqual([
      'restore.created',
      'restore.outcome_unknown',
      'restore.approved',
      'restore.applied',
    ]);
  });

  it('a forced restore whose write is half-answered is created PENDING and marked, then settled', async () => {
    const edited = await f.editedRecord('case', {
      Subject: 'Changed before a forced restore',
      Priority: 'Urgent',
    });
    const rana = await f.user(USER_RANA);
    f.sandbox.faultWrites('apply-and-drop', 1);
    const res = await f.create('case', rana, [edited.target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(504);
    expect(codeOf(res)).toBe(ErrorCode.CRM_OUTCOME_UNKNOWN);
    const row = await f.t.database.db
      .selectFrom('restore_case_requests')
      .select(['id', 'status_id', 'outcome_unknown_since'])
      .where('revision_case_id', '=', edited.target.id)
      .executeTakeFirstOrThrow();
    expect(row.status_id).toBe(1);
    expect(row.outcome_unknown_since).not.toBeNull();

    expect((await list('APPROVED')).map((r) => r.id)).toContain(row.id);
    expect((await f.revisions('case', edited.recordId))[0]!.source).toBe(`restore:${row.id}`);
  });
});
