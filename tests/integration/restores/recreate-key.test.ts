import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { accountRestoreRequestSchema, caseRestoreRequestSchema } from '../../../contract/restores';
import { USER_RANA, productRole } from '../../../contract/roles';
import { parseSfDateTime } from '../../../server/crm/salesforce-dates';
import { testDbKinds } from '../../support/test-database';
import { codeOf, messageOf, OBJECT, RestoreFixture, type Kind } from './restore-fixture';

const KEY = 'Storico_Original_Id__c';
const oneRequest = {
  account: envelopeOf(accountRestoreRequestSchema),
  case: envelopeOf(caseRestoreRequestSchema),
};
const RECORDS = { account: 'sf_accounts', case: 'sf_cases' } as const;

/** What the restored revision holds and a CRM user changes on the re-created record, by kind. */
const EDITS = {
  account: { before: { Phone: '+39 02 7000001' }, after: { Phone: '+39 02 7000002', Fax: '+39 02 7000003' } },
  case: {
    before: { Subject: 'Prima della purga' },
    after: { Subject: 'Cambiato da qualcuno', Priority: 'Low' },
  },
} as const;
const FIELD = { account: 'Phone', case: 'Subject' } as const;

/**
 * Restores of purged records in an org with the re-create key field (SF_RECREATE_KEY_FIELD): the record created
 * again holds the purged record's Id in it, and a create whose answer was lost is found by it, however the record
 * was changed since.
 */
describe.each(testDbKinds())('re-creating purged records by the re-create key on %s', (dbKind) => {
  let f: RestoreFixture;
  const productUser = () => f.user(productRole(f.t.config.productCode));

  beforeAll(async () => {
    f = await RestoreFixture.start(
      dbKind,
      { externalIdField: KEY },
      { connector: { recreateKeyField: KEY, writeTimeoutMs: 2_000 } },
    );
  });
  afterAll(() => f.close());

  /** The records of the CRM holding `oldId` as their key, live or in the recycle bin. */
  const holding = (kind: Kind, oldId: string) =>
    f.sandbox.records.allWithDeleted(OBJECT[kind]).filter((r) => r[KEY] === oldId);

  /** A record with two revisions, the older the target; then deleted in the CRM, synced and purged. */
  async function purgedRecord(kind: Kind) {
    const edited = await f.editedRecord(kind, EDITS[kind].before);
    f.deleteInCrm(kind, edited.recordId);
    await f.sync();
    expect(f.sandbox.purge([edited.recordId])).toContain(edited.recordId);
    return edited;
  }

  /** The claim on the record's re-create as one abandoned an hour ago: long stale. */
  async function abandonedClaim(kind: Kind, recordId: string) {
    await sql`update ${sql.table(RECORDS[kind])} set recreating_since = now() - interval '1 hour'
      where id = ${recordId}`.execute(f.t.database.db);
  }

  async function recreatedAs(kind: Kind, recordId: string) {
    const row = await f.t.database.db
      .selectFrom(RECORDS[kind])
      .select('recreated_as')
      .where('id', '=', recordId)
      .executeTakeFirst();
    return row?.recreated_as ?? null;
  }

  /** The records of the CRM created at `since` or later, live or in the recycle bin. */
  const createdSince = (kind: Kind, since: number) =>
    f.sandbox.records
      .allWithDeleted(OBJECT[kind])
      .filter((r) => (parseSfDateTime(r.CreatedDate) ?? 0) >= since);

  /** A report of the target approved while the CRM loses the answer of the re-create it sends. */
  async function lostRecreate(kind: Kind) {
    const { recordId, target } = await purgedRecord(kind);
    const id = await f.reported(kind, await f.user(USER_RANA), target.id);
    const since = Date.now();
    f.sandbox.faultWrites('apply-and-drop', 1);
    try {
      const lost = await f.review(kind, await productUser(), id, true);
      expect(lost.statusCode, lost.body).toBe(504);
      expect(codeOf(lost)).toBe(ErrorCode.RECORD_RECREATING);
    } finally {
      f.sandbox.faultWrites(null);
    }
    const made = createdSince(kind, since);
    expect(made).toHaveLength(1);
    return { recordId, target, id, since, made: made[0]! };
  }

  it.each(['case', 'account'] as const)(
    'a %s re-created holds the purged Id as its key; a restore of the old Id later writes to it',
    async (kind) => {
      const { recordId, target, latest } = await purgedRecord(kind);
      const { creates, upserts } = f.sandbox.stats;
      const res = await f.create(kind, await f.user(USER_RANA), [target.id], { type: 2 });
      expect(res.statusCode, res.body).toBe(201);
      const newId = await recreatedAs(kind, recordId);
      expect(holding(kind, recordId).map((r) => r.Id)).toEqual([newId]);
      expect(f.sandbox.stats).toMatchObject({ creates, upserts: upserts + 1 });
      expect((await f.inCrm(kind, newId!))[FIELD[kind]]).toBe(target.json[FIELD[kind]]);

      const again = await f.create(kind, await f.user(USER_RANA), [latest.id], { type: 2 });
      expect(again.statusCode, again.body).toBe(201);
      expect(f.sandbox.stats.upserts).toBe(upserts + 1);
      expect(holding(kind, recordId)).toHaveLength(1);
    },
  );

  it.each(['case', 'account'] as const)(
    'a %s whose re-create went unanswered and was changed in the CRM since is found by its key once the claim is stale, not created twice',
    async (kind) => {
      const { recordId, target, id, since, made } = await lostRecreate(kind);
      f.editInCrm(kind, made.Id, EDITS[kind].after);
      const upserts = f.sandbox.stats.upserts;

      await abandonedClaim(kind, recordId);
      const res = await f.review(kind, await productUser(), id, true);
      expect(res.statusCode, res.body).toBe(200);
      expect(oneRequest[kind].parse(res.json()).data.query).toMatchObject({
        outcome: 'recreated',
        newRecordId: made.Id,
        status: { status: 'APPROVED' },
      });
      expect(createdSince(kind, since).map((r) => r.Id)).toEqual([made.Id]);
      expect(holding(kind, recordId).map((r) => r.Id)).toEqual([made.Id]);
      expect(f.sandbox.stats.upserts).toBe(upserts);
      expect(await recreatedAs(kind, recordId)).toBe(made.Id);
      // The restore wrote the revision's values over the change.
      expect((await f.inCrm(kind, made.Id))[FIELD[kind]]).toBe(target.json[FIELD[kind]]);
    },
  );

  it('a record whose re-create went unanswered and was deleted in the CRM since is undeleted, not made again', async () => {
    const { recordId, target, id, since, made } = await lostRecreate('case');
    expect(f.sandbox.records.remove('Case', made.Id, f.sandbox.integrationUserId).ok).toBe(true);
    const { upserts, undeletes } = f.sandbox.stats;

    await abandonedClaim('case', recordId);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneRequest.case.parse(res.json()).data.query).toMatchObject({
      outcome: 'recreated',
      newRecordId: made.Id,
    });
    expect(f.sandbox.stats).toMatchObject({ upserts, undeletes: undeletes + 1 });
    expect(createdSince('case', since).map((r) => r.Id)).toEqual([made.Id]);
    expect(holding('case', recordId).map((r) => r.Id)).toEqual([made.Id]);
    expect(f.sandbox.records.get('Case', made.Id)?.Subject).toBe(target.json.Subject);
  });

  it('two records holding the key refuse the re-create with a clear message; once a person keeps one, it is linked', async () => {
    const { recordId, target } = await purgedRecord('case');
    const [a, b] = f.sandbox.records.all('Case').slice(-2);
    for (const c of [a!, b!]) f.editInCrm('case', c.Id, { [KEY]: recordId });
    const id = await f.reported('case', await f.user(USER_RANA), target.id);
    const { creates, upserts } = f.sandbox.stats;

    const refused = await f.review('case', await productUser(), id, true);
    expect(refused.statusCode, refused.body).toBe(502);
    expect(codeOf(refused)).toBe(ErrorCode.CRM_ERROR);
    expect(messageOf(refused)).toMatch(/MULTIPLE_CHOICES: 2 Case records hold Storico_Original_Id__c/);
    for (const c of [a!, b!]) expect(messageOf(refused)).toContain(c.Id);
    expect((await f.requestRow('case', id))?.status_id).toBe(1);
    expect(f.sandbox.stats).toMatchObject({ creates, upserts });
    // Nothing was written, so no claim is kept: the next attempt is refused for the same reason, not told that
    // another restore is re-creating the record.
    const still = await f.review('case', await productUser(), id, true);
    expect(still.statusCode, still.body).toBe(502);
    expect(messageOf(still)).toContain('MULTIPLE_CHOICES');
    expect(f.sandbox.stats).toMatchObject({ creates, upserts });

    // A person deletes one of them: the upsert updates the other, which is linked and written.
    f.sandbox.records.remove('Case', b!.Id, f.sandbox.integrationUserId);
    const res = await f.review('case', await productUser(), id, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(oneRequest.case.parse(res.json()).data.query).toMatchObject({
      outcome: 'recreated',
      newRecordId: a!.Id,
    });
    expect(f.sandbox.stats).toMatchObject({ creates, upserts: upserts + 1 });
    expect(f.sandbox.records.get('Case', a!.Id)?.Subject).toBe(target.json.Subject);
  });
});
