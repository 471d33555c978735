import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { pageOf } from '../../../contract/page';
import { accountRestoreRequestSchema, caseRestoreRequestSchema } from '../../../contract/restores';
import { revisionSchema } from '../../../contract/revisions';
import { USER_RANA, productRole } from '../../../contract/roles';
import { caseRowSchema, contactRowSchema } from '../../../contract/search';
import { parseSfDateTime } from '../../../server/crm/salesforce-dates';
import { BUSINESS_RECORD_TYPE_ID } from '../../../sandbox-crm/demo/demo-data';
import { testDbKinds } from '../../support/test-database';
import { codeOf, messageOf, RestoreFixture, type Kind, type SignedIn } from './restore-fixture';

const contactPage = envelopeOf(pageOf(contactRowSchema));
const casePage = envelopeOf(pageOf(caseRowSchema));
const revisionPage = envelopeOf(pageOf(revisionSchema));
const accountRequests = envelopeOf(z.array(accountRestoreRequestSchema));
const caseRequests = envelopeOf(z.array(caseRestoreRequestSchema));
const oneCase = envelopeOf(caseRestoreRequestSchema);

/** Today in Rome, as a search day: every deletion of these tests happens now. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const SEARCH = { account: 'sf-account', case: 'sf-case' } as const;
const HISTORY = { account: 'revision-account', case: 'revision-case' } as const;

describe.each(testDbKinds())('records deleted and merged in the CRM on %s', (dbKind) => {
  let f: RestoreFixture;
  let rana: SignedIn;
  const productUser = () => f.user(productRole(f.t.config.productCode));

  beforeAll(async () => {
    f = await RestoreFixture.start(dbKind);
    rana = await f.user(USER_RANA);
  });
  afterAll(() => f.close());

  async function search(kind: Kind, agentId: string, query = '') {
    const res = await f.request(
      rana,
      'GET',
      `/api/v3/sf-user/${agentId}/${SEARCH[kind]}?dateFrom=2024-01-01&dateTo=${today()}&size=100${query}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return (kind === 'account' ? contactPage : casePage).parse(res.json()).data.query.content;
  }

  async function history(kind: Kind, id: string) {
    const res = await f.request(rana, 'GET', `/api/v3/${HISTORY[kind]}/${id}/history?size=50`);
    expect(res.statusCode, res.body).toBe(200);
    return revisionPage.parse(res.json()).data.query.content;
  }

  /** A record with two revisions, the older one the target; then deleted in the CRM and synced. */
  async function deletedRecord(kind: Kind, edits: Record<string, unknown>) {
    const edited = await f.editedRecord(kind, edits);
    const gone = f.deleteInCrm(kind, edited.recordId);
    await f.sync();
    return { ...edited, deletedAt: parseSfDateTime(gone.SystemModstamp)! };
  }

  it('stores a deletion once, as a delete revision at the deletion time; search and history carry deletedAt', async () => {
    const { recordId, latest, deletedAt } = await deletedRecord('account', { Phone: '+39 02 1111111' });
    const [deletion, before] = await f.revisions('account', recordId);
    expect(deletion!.source).toBe('delete');
    expect(before!.id).toBe(latest.id);
    expect(deletion!.json).toMatchObject({ Id: recordId, IsDeleted: true, MasterRecordId: null });
    expect(deletion!.json.Phone).toBe('+39 02 1111111');

    const count = (await f.revisions('account', recordId)).length;
    await f.sync();
    const after = await f.revisions('account', recordId);
    expect(after.length).toBe(count);
    expect(after[0]!.id).toBe(deletion!.id);

    const owner = String(deletion!.json.OwnerId);
    const row = (await search('account', owner)).find((r) => r.id === recordId);
    expect(row?.deletedAt).toBe(new Date(deletedAt).toISOString());
    const onlyDeleted = await search('account', owner, '&deleted=true');
    expect(onlyDeleted.map((r) => r.id)).toContain(recordId);
    expect(onlyDeleted.every((r) => r.deletedAt !== null)).toBe(true);
    const revisions = await history('account', recordId);
    expect(revisions[0]).toMatchObject({ source: 'delete', deletedAt: new Date(deletedAt).toISOString() });
    expect(revisions.every((r) => r.deletedAt === revisions[0]!.deletedAt)).toBe(true);
  });

  it('sees an undelete done in the CRM as a live revision on the next sync', async () => {
    const { recordId } = await deletedRecord('case', { Priority: 'Urgent' });
    f.sandbox.records.undelete([recordId], f.sandbox.integrationUserId);
    await f.sync();
    const [live] = await f.revisions('case', recordId);
    expect(live!.source).toBe('sync');
    const owner = String(live!.json.OwnerId);
    const row = (await search('case', owner)).find((r) => r.id === recordId);
    expect(row?.deletedAt).toBeNull();
  });

  it('a forced restore undeletes a contact (same Id) and writes the chosen revision; its cases come back one by one', async () => {
    const edited = await f.editedRecord('account', { Phone: '+39 02 2222222' });
    const cases = f.sandbox.records.all('Case').filter((c) => c.AccountId === edited.recordId);
    expect(cases.length).toBeGreaterThan(0);
    // Salesforce refuses to delete a contact a case is related to: its cases were deleted first.
    f.deleteInCrm('account', edited.recordId);
    await f.sync();
    const undeletes = f.sandbox.stats.undeletes;
    const creates = f.sandbox.stats.creates;

    const res = await f.create('account', await f.user(USER_RANA), [edited.target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const [request] = accountRequests.parse(res.json()).data.query;
    expect(request).toMatchObject({
      outcome: 'undeleted',
      newRecordId: null,
      status: { status: 'APPROVED' },
    });
    expect(f.sandbox.stats.undeletes).toBe(undeletes + 1);
    expect(f.sandbox.stats.creates).toBe(creates);
    const inCrm = await f.inCrm('account', edited.recordId);
    expect(inCrm.Phone).toBe(edited.target.json.Phone);
    // An undelete brings back the record it names: the cases were deleted on their own.
    for (const c of cases) expect(f.sandbox.records.get('Case', c.Id)).toBeUndefined();

    await f.sync();
    const owner = String(inCrm.OwnerId);
    const row = (await search('account', owner)).find((r) => r.id === edited.recordId);
    expect(row?.deletedAt).toBeNull();
    expect(await f.auditActions(`restore-account-request:${request!.id}`)).toContain('restore.applied');
    for (const c of cases) expect((await f.revisions('case', c.Id))[0]!.source).toBe('delete');

    // Each case is restored on its own, to its contact live again.
    for (const c of cases) {
      const [, beforeDeletion] = await f.revisions('case', c.Id);
      const restored = await f.create('case', await f.user(USER_RANA), [beforeDeletion!.id], { type: 2 });
      expect(restored.statusCode, restored.body).toBe(201);
      expect(caseRequests.parse(restored.json()).data.query[0]).toMatchObject({
        outcome: 'undeleted',
        newRecordId: null,
        status: { status: 'APPROVED' },
      });
      expect(await f.inCrm('case', c.Id)).toMatchObject({ Id: c.Id, AccountId: edited.recordId });
    }
    await f.sync();
    for (const c of cases) expect((await f.revisions('case', c.Id))[0]!.source).not.toBe('delete');
  });

  it('a reviewed report undeletes a case with the values of the chosen revision', async () => {
    const { recordId, target } = await deletedRecord('case', {
      Subject: 'Changed before the deletion',
      Priority: 'Urgent',
    });
    const id = await f.reported('case', await f.user(USER_RANA), target.id);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneCase.parse(res.json()).data.query).toMatchObject({ outcome: 'undeleted', newRecordId: null });
    const inCrm = await f.inCrm('case', recordId);
    expect(inCrm.Id).toBe(recordId);
    expect(inCrm.Subject).toBe(target.json.Subject);
    expect(inCrm.Priority).toBe(target.json.Priority);
  });

  it('re-creates a purged case once (new Id and case number), links both ids, and later restores follow', async () => {
    const { recordId, target, latest } = await deletedRecord('case', { Subject: 'Before the purge' });
    expect(f.sandbox.purge([recordId])).toEqual([recordId]);
    const creates = f.sandbox.stats.creates;

    const res = await f.create('case', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const [request] = caseRequests.parse(res.json()).data.query;
    expect(request!.outcome).toBe('recreated');
    const newId = request!.newRecordId!;
    expect(newId).toMatch(/^500\w{15}$/);
    expect(newId).not.toBe(recordId);
    expect(f.sandbox.stats.creates).toBe(creates + 1);
    const inCrm = await f.inCrm('case', newId);
    expect(inCrm.Subject).toBe(target.json.Subject);
    expect(inCrm.CaseNumber).not.toBe(target.json.CaseNumber);
    // Re-created without assignment rules: the owner is the revision's, not the assignment queue.
    expect(inCrm.OwnerId).toBe(target.json.OwnerId);

    const owner = String(target.json.OwnerId);
    const rows = await search('case', owner);
    expect(rows.find((r) => r.id === recordId)).toMatchObject({ recreatedAs: newId });
    expect(rows.find((r) => r.id === newId)).toMatchObject({ recreatedFrom: recordId, deletedAt: null });

    const applied = await f.t.database.db
      .selectFrom('audit_log')
      .select('details')
      .where('target', '=', `restore-case-request:${request!.id}`)
      .where('action', '=', 'restore.applied')
      .executeTakeFirstOrThrow();
    expect(applied.details).toMatchObject({ recordId, outcome: 'recreated', newRecordId: newId });

    // Another revision of the old id: written to its successor, nothing created again.
    const again = await f.create('case', await f.user(USER_RANA), [latest.id], { type: 2 });
    expect(again.statusCode, again.body).toBe(201);
    expect(caseRequests.parse(again.json()).data.query[0]).toMatchObject({ newRecordId: newId });
    expect(f.sandbox.stats.creates).toBe(creates + 1);
    expect((await f.inCrm('case', newId)).Subject).toBe('Before the purge');
  });

  it('two approvals of a purged record at once create it once; the refused one applies to the new record later', async () => {
    const { recordId, target, latest } = await deletedRecord('case', { Subject: 'Two reviewers at once' });
    f.sandbox.purge([recordId]);
    const first = await f.reported('case', await f.user(USER_RANA), target.id);
    const second = await f.reported('case', await f.user(USER_RANA), latest.id);
    const creates = f.sandbox.stats.creates;
    const [a, b] = await Promise.all([
      f.review('case', await productUser(), first, true),
      f.review('case', await productUser(), second, true),
    ]);
    expect(f.sandbox.stats.creates).toBe(creates + 1);
    const statuses = [a.statusCode, b.statusCode].sort();
    if (statuses[0] === 200 && statuses[1] === 200) {
      // The CRM answered the first create before the second approval looked: it followed the new record.
      expect(oneCase.parse(b.json()).data.query.newRecordId).toBe(
        oneCase.parse(a.json()).data.query.newRecordId,
      );
      return;
    }
    expect(statuses).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? first : second;
    expect(codeOf(a.statusCode === 409 ? a : b)).toBe(ErrorCode.RECORD_RECREATING);
    expect((await f.requestRow('case', refused))?.status_id).toBe(1);
    const retried = await f.review('case', await productUser(), refused, true);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(f.sandbox.stats.creates).toBe(creates + 1);
  });

  /** The claim on a purged case's re-create as an abandoned one: held since an hour ago, long stale. */
  async function abandonedClaim(recordId: string) {
    await sql`update sf_cases set recreating_since = now() - interval '1 hour' where id = ${recordId}`.execute(
      f.t.database.db,
    );
  }

  /** The live cases of the CRM with `subject`. */
  const casesWith = (subject: string) => f.sandbox.records.all('Case').filter((c) => c.Subject === subject);

  it('a re-create whose answer was lost is found once its claim is stale, not created twice', async () => {
    const { recordId, target } = await deletedRecord('case', { Subject: 'Created, answer lost' });
    f.sandbox.purge([recordId]);
    const id = await f.reported('case', await f.user(USER_RANA), target.id);
    const creates = f.sandbox.stats.creates;
    f.sandbox.faultWrites('apply-and-drop', 1);
    try {
      const lost = await f.review('case', await productUser(), id, true);
      expect(lost.statusCode, lost.body).toBe(504);
      expect(codeOf(lost)).toBe(ErrorCode.RECORD_RECREATING);
    } finally {
      f.sandbox.faultWrites(null);
    }
    expect(f.sandbox.stats.creates).toBe(creates + 1);
    const [made] = casesWith(String(target.json.Subject));
    expect(made).toBeDefined();

    // While the lost create's claim is fresh, the record is not created again.
    const early = await f.review('case', await productUser(), id, true);
    expect(early.statusCode).toBe(409);
    expect(codeOf(early)).toBe(ErrorCode.RECORD_RECREATING);

    await abandonedClaim(recordId);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneCase.parse(res.json()).data.query).toMatchObject({
      outcome: 'recreated',
      newRecordId: made!.Id,
    });
    expect(f.sandbox.stats.creates).toBe(creates + 1);
    expect(casesWith(String(target.json.Subject))).toHaveLength(1);
    const rows = await search('case', String(target.json.OwnerId));
    expect(rows.find((r) => r.id === recordId)).toMatchObject({ recreatedAs: made!.Id });
  });

  it('a re-create whose answer was lost and whose record was deleted since is undeleted once its claim is stale, not created twice', async () => {
    const { recordId, target } = await deletedRecord('case', { Subject: 'Created, answer lost, deleted' });
    f.sandbox.purge([recordId]);
    const id = await f.reported('case', await f.user(USER_RANA), target.id);
    const since = Date.now();
    /** The cases of the CRM created since, live or in the recycle bin. */
    const made = () =>
      f.sandbox.records
        .allWithDeleted('Case')
        .filter((c) => (parseSfDateTime(c.CreatedDate) ?? 0) >= since)
        .map((c) => c.Id);
    f.sandbox.faultWrites('apply-and-drop', 1);
    try {
      const lost = await f.review('case', await productUser(), id, true);
      expect(codeOf(lost)).toBe(ErrorCode.RECORD_RECREATING);
    } finally {
      f.sandbox.faultWrites(null);
    }
    const [created] = made();
    f.deleteInCrm('case', created!);
    const { creates, undeletes } = f.sandbox.stats;

    await abandonedClaim(recordId);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneCase.parse(res.json()).data.query).toMatchObject({
      outcome: 'recreated',
      newRecordId: created,
      status: { status: 'APPROVED' },
    });
    expect(f.sandbox.stats).toMatchObject({ creates, undeletes: undeletes + 1 });
    expect(made()).toEqual([created]);
    expect(f.sandbox.records.get('Case', created!)?.Subject).toBe(target.json.Subject);
  });

  it('a stale claim whose create never reached the CRM is taken over and the record created once', async () => {
    const { recordId, target } = await deletedRecord('case', { Subject: 'Claimed, never sent' });
    f.sandbox.purge([recordId]);
    // A restore that stopped after claiming, before its create left.
    await abandonedClaim(recordId);
    // A case created since with other values is not taken for it.
    const other = f.sandbox.records.create(
      'Case',
      { Subject: target.json.Subject, OwnerId: target.json.OwnerId, Priority: 'Low' },
      { userId: f.sandbox.integrationUserId, autoAssign: false, allowDuplicates: true },
    );
    expect(other.ok).toBe(true);
    const id = await f.reported('case', await f.user(USER_RANA), target.id);
    const creates = f.sandbox.stats.creates;
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    const request = oneCase.parse(res.json()).data.query;
    expect(request.outcome).toBe('recreated');
    expect(request.newRecordId).not.toBe(other.ok ? other.record.Id : null);
    expect(f.sandbox.stats.creates).toBe(creates + 1);
  });

  it('marks a contact merged into another with mergedInto, the survivor known and stored as changed', async () => {
    const loser = f.freshRecord('account');
    const survivor = f.freshRecord('account');
    const [kept] = await f.revisions('account', survivor.Id);
    f.sandbox.merge('Account', survivor.Id, loser.Id);
    await f.sync();
    // The merge updated the survivor in the CRM: the sync stores it as a new revision.
    const [merged] = await f.revisions('account', survivor.Id);
    expect(merged!.id).not.toBe(kept!.id);
    expect(merged!.source).toBe('sync');
    expect(parseSfDateTime(String(merged!.json.SystemModstamp))).toBeGreaterThan(
      parseSfDateTime(String(kept!.json.SystemModstamp))!,
    );
    const [deletion] = await f.revisions('account', loser.Id);
    expect(deletion).toMatchObject({
      source: 'delete',
      json: { IsDeleted: true, MasterRecordId: survivor.Id },
    });
    const row = (await search('account', String(loser.OwnerId), '&deleted=true')).find(
      (r) => r.id === loser.Id,
    );
    // The survivor is named as Storico keeps it, so the mark reads 'Unito a <name>' rather than an id.
    expect(row).toMatchObject({
      mergedInto: survivor.Id,
      mergedIntoKnown: true,
      mergedIntoLabel: String(survivor.Name),
    });
  });

  it('a refused re-create leaves the report approvable with the CRM message; the next approval succeeds', async () => {
    const { recordId, target } = await deletedRecord('case', { Priority: 'Urgent' });
    f.sandbox.purge([recordId]);
    const id = await f.reported('case', await f.user(USER_RANA), target.id);
    f.sandbox.validationRule(() => ({
      errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
      message: 'Un caso nuovo richiede un motivo',
      fields: ['Reason'],
    }));
    try {
      const refused = await f.review('case', await productUser(), id, true);
      expect(refused.statusCode).toBe(502);
      expect(messageOf(refused)).toContain('Un caso nuovo richiede un motivo');
    } finally {
      f.sandbox.validationRule(null);
    }
    expect((await f.requestRow('case', id))?.status_id).toBe(1);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneCase.parse(res.json()).data.query.outcome).toBe('recreated');
  });

  it('finishes a restore whose undelete happened before a crash, without undeleting again', async () => {
    const { recordId, target } = await deletedRecord('account', { Phone: '+39 02 3333333' });
    // The earlier attempt undeleted the record and stopped before writing its fields.
    f.sandbox.records.undelete([recordId], f.sandbox.integrationUserId);
    const undeletes = f.sandbox.stats.undeletes;
    const id = await f.reported('account', await f.user(USER_RANA), target.id);
    const res = await f.review('account', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(f.sandbox.stats.undeletes).toBe(undeletes);
    expect((await f.requestRow('account', id))?.outcome).toBe('undeleted');
    expect((await f.inCrm('account', recordId)).Phone).toBe(target.json.Phone);
  });

  it('a contact deleted and purged between two syncs is stored as deleted at the sync, from its last snapshot', async () => {
    const { recordId, latest } = await f.editedRecord('account', { Phone: '+39 02 4444444' });
    f.deleteInCrm('account', recordId);
    expect(f.sandbox.purge([recordId])).toEqual([recordId]);
    const beforeSync = Date.now();
    await f.sync();
    const [deletion, before] = await f.revisions('account', recordId);
    expect(deletion!.source).toBe('delete');
    expect(before!.id).toBe(latest.id);
    expect(deletion!.json).toMatchObject({ Id: recordId, IsDeleted: true, Phone: '+39 02 4444444' });
    expect(parseSfDateTime(String(deletion!.json.SystemModstamp))).toBeGreaterThanOrEqual(beforeSync - 1000);
    const count = (await f.revisions('account', recordId)).length;
    await f.sync();
    expect((await f.revisions('account', recordId)).length).toBe(count);
  });

  it('after a purge, a contact that became a business account in the CRM is not stored as deleted', async () => {
    const { recordId: converted } = await f.editedRecord('account', { Phone: '+39 02 5555555' });
    const { recordId: purged } = await f.editedRecord('account', { Phone: '+39 02 6666666' });
    const context = { userId: f.sandbox.integrationUserId, autoAssign: false, allowDuplicates: false };
    expect(
      f.sandbox.records.patch('Account', converted, { RecordTypeId: BUSINESS_RECORD_TYPE_ID }, context).ok,
    ).toBe(true);
    f.deleteInCrm('account', purged);
    expect(f.sandbox.purge([purged])).toEqual([purged]);
    await f.sync();
    expect((await f.revisions('account', purged))[0]!.source).toBe('delete');
    const sources = (await f.revisions('account', converted)).map((r) => r.source);
    expect(sources).not.toContain('delete');
    expect(sources[0]).toBe('convert');
  });
});
