import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../../contract/envelope';
import { crmErrorText } from '../../../contract/crm-refusal';
import { ErrorCode } from '../../../contract/error-codes';
import { recordChangeOf } from '../../../contract/record-changed';
import {
  accountRestoreRequestSchema,
  caseRestoreRequestSchema,
  DUPLICATE_REQUEST_MESSAGE,
} from '../../../contract/restores';
import { differencesSchema } from '../../../contract/revisions';
import { USER_RANA, productRole } from '../../../contract/roles';
import { startSandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import type { CrmConnector } from '../../../server/crm/crm-connector';
import { toSfDateTime } from '../../../server/crm/salesforce-dates';
import { storeSnapshots } from '../../../server/store/revision-store';
import { RecordChangedSince, restoreInCrm } from '../../../server/write-back/restore-apply';
import { bearer, nextCode, signedInUser } from '../../support/auth';
import { createTestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { sandboxConnector } from '../../support/sandbox-connector';
import { codeOf, messageOf, RestoreFixture, type SignedIn } from './restore-fixture';

const oneCase = envelopeOf(caseRestoreRequestSchema);
/** A priority the demo data never uses, so an edit to it always changes the case. */
const URGENT = 'Urgent';
const accountList = envelopeOf(z.array(accountRestoreRequestSchema));

describe.each(testDbKinds())('applying restores to the CRM on %s', (kind) => {
  let f: RestoreFixture;
  const productUser = () => f.user(productRole(f.t.config.productCode));

  beforeAll(async () => {
    f = await RestoreFixture.start(kind);
  });
  afterAll(() => f.close());

  /** A case with an older revision to restore, reported by a new USER_RANA: the request and the target. */
  async function reportedCase(edits: Record<string, unknown>) {
    const edited = await f.editedRecord('case', edits);
    const rana = await f.user(USER_RANA);
    const id = await f.reported('case', rana, edited.target.id);
    return { ...edited, id, rana };
  }

  it('approves: writes the fields that differ, stores the read-back as revision restore:{id}, APPROVED', async () => {
    const { id, recordId, target, latest } = await reportedCase({
      Subject: 'Subject changed after the target',
      Priority: URGENT,
      Description: 'Description changed after the target',
    });
    const reviewer = await productUser();
    const patches = f.sandbox.stats.patches;

    const res = await f.review('case', reviewer, id, true);
    expect(res.statusCode, res.body).toBe(200);
    const approved = oneCase.parse(res.json()).data.query;
    expect(approved).toMatchObject({
      status: { id: 2, status: 'APPROVED' },
      userReviewer: { id: reviewer.user.id, username: reviewer.user.username },
      revisionCase: { id: target.id },
    });
    expect(approved.approvedAt).not.toBeNull();
    expect(f.sandbox.stats.patches).toBe(patches + 1);

    const inCrm = await f.inCrm('case', recordId);
    for (const field of ['Subject', 'Priority', 'Description'])
      expect(inCrm[field]).toEqual(target.json[field]);
    const [restored, previous] = await f.revisions('case', recordId);
    expect(previous!.id).toBe(latest.id);
    expect(restored!.source).toBe(`restore:${id}`);
    expect(restored!.json).toEqual(inCrm);
    expect((await f.requestRow('case', id))?.applied_revision_id).toBe(restored!.id);
    const searchRow = await f.t.database.db
      .selectFrom('sf_cases')
      .select('latest_revision_id')
      .where('id', '=', recordId)
      .executeTakeFirstOrThrow();
    expect(searchRow.latest_revision_id).toBe(restored!.id);
    expect(await f.auditActions(`restore-case-request:${id}`)).toEqual([
      'restore.created',
      'restore.approved',
      'restore.applied',
    ]);

    const again = await f.review('case', await productUser(), id, true);
    expect(again.statusCode).toBe(409);
    expect(f.sandbox.stats.patches).toBe(patches + 1);
  });

  it('leaves a checkbox the restored version holds no value for as the CRM has it, and writes the rest', async () => {
    // A version imported without the checkbox holds null there; Salesforce refuses to empty a checkbox.
    const { id, recordId, target } = await reportedCase({ Subject: 'Cambiato dopo', Recall__c: true });
    await sql`update revision_cases set json = jsonb_set(json, '{Recall__c}', 'null')
      where id = ${target.id}`.execute(f.t.database.db);

    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneCase.parse(res.json()).data.query.status.status).toBe('APPROVED');
    const inCrm = await f.inCrm('case', recordId);
    expect(inCrm.Subject).toBe(target.json.Subject);
    expect(inCrm.Recall__c).toBe(true);
  });

  it("tells among a revision's differences the ones a restore to it leaves as the CRM has them", async () => {
    const { target, latest } = await f.editedRecord('case', { Subject: 'Cambiato ancora', Recall__c: true });
    await sql`update revision_cases set json = jsonb_set(json, '{Recall__c}', 'null')
      where id = ${target.id}`.execute(f.t.database.db);
    const rana = await f.user(USER_RANA);
    const res = await f.request(
      rana,
      'GET',
      `/api/v3/revision-case/differences?firstRevisionCaseID=${target.id}&secondRevisionCaseID=${latest.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = envelopeOf(differencesSchema).parse(res.json()).data.query;
    // The checkbox still differs between the two versions, but the restore will not empty it.
    expect(answer.jsonDiffProperties).toMatch(/Recall__c/);
    expect(answer.keptByCrm).toEqual(['Recall__c']);
    // Compared the other way round, the version restored holds a value: nothing is kept.
    const back = await f.request(
      rana,
      'GET',
      `/api/v3/revision-case/differences?firstRevisionCaseID=${latest.id}&secondRevisionCaseID=${target.id}`,
    );
    expect(envelopeOf(differencesSchema).parse(back.json()).data.query.keptByCrm).toEqual([]);
  });

  it('forces a contact restore: applied at once, APPROVED by the caller, addresses written through their parts', async () => {
    const { recordId, target } = await f.editedRecord('account', {
      Phone: '+39 011 9999999',
      BillingCity: 'Aosta',
      BillingPostalCode: '11100',
      Consent_Newsletter__pc: false,
    });
    const rana = await f.user(USER_RANA);
    const res = await f.create('account', rana, [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const [forced] = accountList.parse(res.json()).data.query;
    expect(forced).toMatchObject({
      restoreType: { id: 2, type: 'FORCED' },
      status: { id: 2, status: 'APPROVED' },
      userCreator: { id: rana.user.id },
      userReviewer: { id: rana.user.id },
    });
    expect(forced!.approvedAt).not.toBeNull();
    expect(forced!.differences).toContain('BillingAddress');

    const inCrm = await f.inCrm('account', recordId);
    expect(inCrm.Phone).toEqual(target.json.Phone);
    expect(inCrm.BillingAddress).toEqual(target.json.BillingAddress);
    expect(f.sandbox.records.get('Account', recordId)!.BillingCity).toEqual(
      (target.json.BillingAddress as { city: string } | null)?.city ?? null,
    );
    expect(inCrm.Consent_Newsletter__pc).toEqual(target.json.Consent_Newsletter__pc);
    const [restored] = await f.revisions('account', recordId);
    expect(restored!.source).toBe(`restore:${forced!.id}`);
    expect(await f.auditActions(`restore-account-request:${forced!.id}`)).toEqual([
      'restore.created',
      'restore.approved',
      'restore.applied',
    ]);
    const again = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect([again.statusCode, messageOf(again)]).toEqual([409, DUPLICATE_REQUEST_MESSAGE]);
  });

  /** A CRM agent as Storico names them (sf_users), to stand for a colleague changing a record. */
  async function colleague() {
    const agent = await f.t.database.db
      .selectFrom('sf_users')
      .select(['id', 'first_name', 'last_name'])
      .where('first_name', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { id: agent.id, name: `${agent.first_name} ${agent.last_name ?? ''}`.trim() };
  }

  it('refuses an approval once the record changed in the CRM since its comparison: 409 naming who and when, pending, compared again; approving again restores it', async () => {
    const { id, recordId, target, latest } = await reportedCase({ Subject: 'Synced change' });
    expect((await f.requestRow('case', id))!.differences).not.toContain('Origin');
    // A colleague edits the case in the CRM after the last sync.
    const someone = await colleague();
    const changed = f.editInCrm('case', recordId, { Origin: 'Phone', LastModifiedById: someone.id });
    const patches = f.sandbox.stats.patches;

    const refused = await f.review('case', await productUser(), id, true);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe(ErrorCode.RECORD_CHANGED_SINCE);
    expect(recordChangeOf(messageOf(refused))).toEqual({
      by: someone.name,
      at: new Date(String(changed.LastModifiedDate)).toISOString(),
    });
    expect(f.sandbox.stats.patches).toBe(patches);
    const row = await f.requestRow('case', id);
    expect(row).toMatchObject({ status_id: 1, user_reviewer_id: null, applying_token: null });
    // The reviewer's comparison is now with the colleague's version, which the refusal kept.
    expect(row!.differences).toContain('Origin');
    const [unsynced, synced] = await f.revisions('case', recordId);
    expect(synced!.id).toBe(latest.id);
    expect(unsynced).toMatchObject({ source: 'sync', json: await f.inCrm('case', recordId) });

    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    const [restored] = await f.revisions('case', recordId);
    expect(restored!.source).toBe(`restore:${id}`);
    expect(restored!.json.Subject).toBe(target.json.Subject);
    expect(restored!.json.Origin).toBe(target.json.Origin);
  });

  it('refuses a forced restore of a record changed in the CRM since its last sync: nothing written, nothing kept of the request', async () => {
    const { recordId, target } = await f.editedRecord('account', { Phone: '+39 02 1112223' });
    const someone = await colleague();
    f.editInCrm('account', recordId, { PersonMobilePhone: '+39 333 4445556', LastModifiedById: someone.id });
    const patches = f.sandbox.stats.patches;

    const res = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(409);
    expect(codeOf(res)).toBe(ErrorCode.RECORD_CHANGED_SINCE);
    expect(recordChangeOf(messageOf(res))?.by).toBe(someone.name);
    expect(f.sandbox.stats.patches).toBe(patches);
    const open = await f.t.database.db
      .selectFrom('restore_account_requests')
      .select('id')
      .where('revision_account_id', '=', target.id)
      .execute();
    expect(open).toEqual([]);
  });

  it('takes a 412 from the CRM for a change between the read and the write: nothing written, the newer record seen', async () => {
    const { recordId, target } = await f.editedRecord('case', { Subject: 'Before the race' });
    const known = new Date(String((await f.inCrm('case', recordId)).LastModifiedDate));
    // A colleague saves the case just before the restore's PATCH arrives, a few seconds after the read.
    const raced = new Proxy(f.crm, {
      get(crm, property) {
        if (property === 'updateRecord')
          return (...args: Parameters<CrmConnector['updateRecord']>) => {
            const stamp = toSfDateTime(known.getTime() + 5_000);
            f.sandbox.records.save('Case', {
              ...f.sandbox.records.get('Case', recordId)!,
              Origin: 'Web',
              LastModifiedDate: stamp,
              SystemModstamp: stamp,
            });
            return crm.updateRecord(...args);
          };
        const value: unknown = Reflect.get(crm, property, crm);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(crm) : value;
      },
    });
    const error: unknown = await restoreInCrm(raced, 'Case', target.json, { condition: known }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RecordChangedSince);
    expect((error as RecordChangedSince).seen[0]).toMatchObject({ Origin: 'Web' });
    expect(f.sandbox.records.get('Case', recordId)!.Subject).toBe('Before the race');
  });

  it('a failing CRM leaves the request PENDING and answers 502 with its reason; a later approval works', async () => {
    const { id, recordId, latest } = await reportedCase({ Subject: 'Changed before the outage' });
    const patches = f.sandbox.stats.patches;
    f.sandbox.failNextRequests(1000, 503);
    try {
      const res = await f.review('case', await productUser(), id, true);
      expect(res.statusCode).toBe(502);
      expect(messageOf(res)).toContain('SERVER_UNAVAILABLE');
    } finally {
      f.sandbox.failNextRequests(0);
    }
    expect(await f.requestRow('case', id)).toMatchObject({
      status_id: 1,
      user_reviewer_id: null,
      approved_at: null,
      applying_token: null,
    });
    expect(f.sandbox.stats.patches).toBe(patches);
    expect((await f.revisions('case', recordId))[0]!.id).toBe(latest.id);
    expect(await f.auditActions(`restore-case-request:${id}`)).toEqual(['restore.created', 'restore.failed']);

    const later = await f.review('case', await productUser(), id, true);
    expect(later.statusCode, later.body).toBe(200);
    expect(f.sandbox.stats.patches).toBe(patches + 1);
  });

  it('a forced restore the CRM refuses leaves nothing; a report of it fails to apply the same way', async () => {
    const { recordId, target } = await f.editedRecord('case', {
      Brand__c: 'Another brand',
      Subject: 'New subject',
    });
    const before = f.sandbox.records.get('Case', recordId);
    const rana = await f.user(USER_RANA);
    // A validation rule of the org: a subject may no longer be set back.
    f.sandbox.validationRule((object, next) =>
      object === 'Case' && next.Subject === target.json.Subject
        ? {
            errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION',
            message: 'Oggetto non modificabile',
            fields: ['Subject'],
          }
        : null,
    );

    const forced = await f.create('case', rana, [target.id], { type: 2 });
    expect(forced.statusCode).toBe(502);
    expect(messageOf(forced)).toContain('FIELD_CUSTOM_VALIDATION_EXCEPTION');
    expect(messageOf(forced)).toContain('Subject');
    const rows = await f.t.database.db
      .selectFrom('restore_case_requests')
      .select('id')
      .where('revision_case_id', '=', target.id)
      .execute();
    expect(rows).toEqual([]);
    expect(f.sandbox.records.get('Case', recordId)).toEqual(before);

    const id = await f.reported('case', await f.user(USER_RANA), target.id);
    const approved = await f.review('case', await productUser(), id, true);
    f.sandbox.validationRule(null);
    expect([approved.statusCode, messageOf(approved)]).toEqual([502, messageOf(forced)]);
    expect((await f.requestRow('case', id))?.status_id).toBe(1);
  });

  it('in an org with Private sharing, a restore without Modify All Records is refused, naming that permission in Italian', async () => {
    const { recordId, target } = await f.editedRecord('account', { Phone: '+39 02 5555555' });
    const rana = await f.user(USER_RANA);
    f.sandbox.records.sharing.Account = { model: 'Private', modifyAllRecords: false };
    try {
      const forced = await f.create('account', rana, [target.id], { type: 2 });
      expect(forced.statusCode).toBe(502);
      expect(messageOf(forced)).toContain('INSUFFICIENT_ACCESS_OR_READONLY');
      expect(crmErrorText(messageOf(forced))).toContain('«Modifica tutti i record» (Modify All Records)');
      expect(f.sandbox.records.get('Account', recordId)!.Phone).toBe('+39 02 5555555');
      // The permission given, the same restore goes through.
      f.sandbox.records.sharing.Account = { model: 'Private', modifyAllRecords: true };
      const again = await f.create('account', rana, [target.id], { type: 2 });
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      delete f.sandbox.records.sharing.Account;
    }
  });

  it('a case field the org keeps read-only (field-level security) is left out of the write, the rest restored', async () => {
    const { id, recordId, target } = await reportedCase({
      Brand__c: 'Another brand',
      Subject: 'New subject',
    });
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    const inCrm = await f.inCrm('case', recordId);
    expect(inCrm.Subject).toBe(target.json.Subject);
    expect(inCrm.Brand__c).toBe('Another brand');
  });

  it('a CRM that does not keep a written value fails the restore and keeps what it holds as a revision', async () => {
    const { id, recordId, target } = await reportedCase({ Subject: 'Changed', Priority: URGENT });
    f.sandbox.onWrite((object, record) =>
      object === 'Case' ? { ...record, Subject: 'Set by a trigger' } : record,
    );
    try {
      const res = await f.review('case', await productUser(), id, true);
      expect(res.statusCode).toBe(502);
      expect(codeOf(res)).toBe(ErrorCode.RESTORE_NOT_KEPT);
      expect(messageOf(res)).toContain('did not keep the restored value of Subject');
    } finally {
      f.sandbox.onWrite(null);
    }
    expect((await f.requestRow('case', id))?.status_id).toBe(1);
    // Read after the restore's own write: the restore wrote it, even though not as asked.
    const [kept] = await f.revisions('case', recordId);
    expect(kept!.source).toBe(`restore:${id}`);
    expect(kept!.json).toMatchObject({ Subject: 'Set by a trigger', Priority: target.json.Priority });
  });

  it('a forced restore the CRM does not keep leaves no request, and no revision naming one', async () => {
    const edited = await f.editedRecord('case', {
      Subject: 'Changed before a forced restore',
      Priority: URGENT,
    });
    f.sandbox.onWrite((object, record) =>
      object === 'Case' ? { ...record, Subject: 'Set by a trigger again' } : record,
    );
    try {
      const res = await f.create('case', await f.user(USER_RANA), [edited.target.id], { type: 2 });
      expect(res.statusCode, res.body).toBe(502);
      expect(codeOf(res)).toBe(ErrorCode.RESTORE_NOT_KEPT);
    } finally {
      f.sandbox.onWrite(null);
    }
    const requests = await f.t.database.db
      .selectFrom('restore_case_requests')
      .select('id')
      .where('revision_case_id', '=', edited.target.id)
      .execute();
    expect(requests).toEqual([]);
    // The CRM's truth is kept all the same, as a sync would keep it.
    const [kept] = await f.revisions('case', edited.recordId);
    expect(kept).toMatchObject({ source: 'sync', json: { Subject: 'Set by a trigger again' } });
  });

  it('a CRM that gives the record another owner on the write fails the restore, saying so', async () => {
    const { id, recordId } = await reportedCase({ Subject: 'Reassigned', Priority: URGENT });
    const before = await f.inCrm('case', recordId);
    const other = f.sandbox.records.all('User').find((u) => u.Id !== before.OwnerId)!;
    f.sandbox.onWrite((object, record) => (object === 'Case' ? { ...record, OwnerId: other.Id } : record));
    try {
      const res = await f.review('case', await productUser(), id, true);
      expect(res.statusCode).toBe(502);
      expect(codeOf(res)).toBe(ErrorCode.OWNER_CHANGED);
      expect(messageOf(res)).toContain(`from ${String(before.OwnerId)} to ${other.Id}`);
    } finally {
      f.sandbox.onWrite(null);
    }
    expect((await f.requestRow('case', id))?.status_id).toBe(1);
  });

  it('of twenty simultaneous approvals exactly one succeeds, and the CRM is written once', async () => {
    const { id, recordId, target } = await reportedCase({ Subject: 'Raced', Description: 'Raced too' });
    const reviewers: SignedIn[] = [];
    for (let i = 0; i < 20; i++) reviewers.push(await productUser());
    const patches = f.sandbox.stats.patches;

    const answers = await Promise.all(reviewers.map((r) => f.review('case', r, id, true)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(f.sandbox.stats.patches).toBe(patches + 1);
    expect((await f.inCrm('case', recordId)).Subject).toBe(target.json.Subject);
    const restores = (await f.revisions('case', recordId)).filter((r) => r.source.startsWith('restore:'));
    expect(restores).toHaveLength(1);
    const winner = reviewers[statuses.indexOf(200)]!;
    expect(await f.requestRow('case', id)).toMatchObject({ status_id: 2, user_reviewer_id: winner.user.id });
    expect(await f.auditActions(`restore-case-request:${id}`)).toEqual([
      'restore.created',
      'restore.approved',
      'restore.applied',
    ]);
  });

  it('a double submit with one code is refused as done, not as a wrong code: reviews and reports alike', async () => {
    const { id } = await reportedCase({ Subject: 'Submitted twice', Description: 'Twice' });
    const reviewer = await productUser();
    const code = f.code(reviewer.user);
    const reviews = await Promise.all([1, 2].map(() => f.review('case', reviewer, id, true, { code })));
    expect(reviews.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(codeOf(reviews.find((r) => r.statusCode === 409)!)).toBe(ErrorCode.ALREADY_REVIEWED);

    const edited = await f.editedRecord('case', { Subject: 'Reported twice', Priority: URGENT });
    const rana = await f.user(USER_RANA);
    const once = f.code(rana.user);
    const reports = await Promise.all(
      [1, 2, 3].map(() => f.create('case', rana, [edited.target.id], { code: once })),
    );
    expect(reports.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const refused of reports.filter((r) => r.statusCode === 409))
      expect(codeOf(refused)).toBe(ErrorCode.DUPLICATE_REQUEST);
  });
});

describe.each(testDbKinds())('restoring to an unreachable CRM on %s', (kind) => {
  it('answers 502 saying the CRM could not be reached, and creates nothing', async () => {
    const gone = await startSandboxCrm({ port: 0, counts: { users: 1, accounts: 1, cases: 0 } });
    const record = gone.records.all('Account')[0]!;
    await gone.close();
    const t = await createTestApp(kind, { deps: { crm: sandboxConnector(gone) } });
    try {
      const [older] = await storeSnapshots(
        t.database.db,
        'Account',
        [record, { ...record, Phone: '+39 000', SystemModstamp: '2030-01-01T00:00:00.000+0000' }],
        'import',
      );
      const rana = await signedInUser(t, USER_RANA);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v3/restore-account-request/?code=${nextCode(t, rana.user).code}`,
        headers: bearer(rana.token),
        payload: {
          dateFrom: '2024-01-01',
          dateTo: '2024-12-31',
          restoreTypeId: 2,
          userCreatorId: rana.user.id,
          userReviewerId: rana.user.id,
          revisionIdList: [older!.revisionId],
        },
      });
      expect(res.statusCode).toBe(502);
      expect(messageOf(res)).toContain('could not be reached');
      expect(await t.database.db.selectFrom('restore_account_requests').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDbKinds())('comparing while the CRM does not answer on %s', (kind) => {
  it('answers the differences within about a second, naming no field kept by the CRM', async () => {
    // A CRM that takes every connection and never answers: the connector's own timeout is five seconds.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const source = await startSandboxCrm({ port: 0, counts: { users: 1, accounts: 1, cases: 1 } });
    const record = source.records.all('Case')[0]!;
    await source.close();
    const t = await createTestApp(kind, {
      deps: { crm: sandboxConnector(`http://127.0.0.1:${port}`, { readTimeoutMs: 5_000 }) },
    });
    try {
      const [older, newer] = await storeSnapshots(
        t.database.db,
        'Case',
        [
          { ...record, Recall__c: null },
          { ...record, Recall__c: true, SystemModstamp: '2030-01-01T00:00:00.000+0000' },
        ],
        'import',
      );
      const rana = await signedInUser(t, USER_RANA);
      const started = Date.now();
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/revision-case/differences?firstRevisionCaseID=${older!.revisionId}&secondRevisionCaseID=${newer!.revisionId}`,
        headers: bearer(rana.token),
      });
      const took = Date.now() - started;
      expect(res.statusCode, res.body).toBe(200);
      const answer = envelopeOf(differencesSchema).parse(res.json()).data.query;
      expect(answer.jsonDiffProperties).toMatch(/Recall__c/);
      expect(answer.keptByCrm).toEqual([]);
      expect(took).toBeLessThan(3_000);
    } finally {
      await t.close();
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
