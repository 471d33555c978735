import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { caseRestoreRequestSchema } from '../../../contract/restores';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { testDbKinds } from '../../support/test-database';
import { RollbackFixture } from '../rollbacks/rollback-fixture';
import { codeOf, messageOf, type RestoreFixture, type SignedIn } from './restore-fixture';

const caseRequests = envelopeOf(z.array(caseRestoreRequestSchema));

/**
 * A restore never points a case at a contact in the CRM's recycle bin: Salesforce refuses such a lookup (400
 * ENTITY_IS_DELETED), and an undelete would bring the case back beside a deleted contact. Every path that writes
 * refuses it before anything is written, with its own code (a rollback skips the record with its own reason).
 */
describe.each(testDbKinds())('restoring a case whose contact is deleted in the CRM on %s', (kind) => {
  let x: RollbackFixture;
  let f: RestoreFixture;
  let rana: SignedIn;

  beforeAll(async () => {
    x = await RollbackFixture.start(kind, 40, 40);
    f = x.f;
  }, 120_000);
  afterAll(() => x.close());

  /** What the CRM was asked to write since `before` (undeletes, PATCHes, creates). */
  const writes = () => {
    const { undeletes, patches, creates, upserts } = f.sandbox.stats;
    return { undeletes, patches, creates, upserts };
  };

  it('a forced restore of a case deleted with its contact is refused, nothing undeleted; once the contact is back it goes through', async () => {
    rana = await f.user(USER_RANA);
    const { kase, contact } = f.freshCaseOfAContact();
    f.deleteInCrm('account', contact.Id);
    await f.sync();
    const [deletion, beforeDeletion] = await f.revisions('case', kase.Id);
    expect(deletion!.source).toBe('delete');
    const before = writes();

    const refused = await f.create('case', rana, [beforeDeletion!.id], { type: 2 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe(ErrorCode.RELATED_RECORD_DELETED);
    expect(messageOf(refused)).toContain(contact.Id);
    expect(writes()).toEqual(before);
    expect(f.sandbox.records.get('Case', kase.Id)).toBeUndefined();
    // A forced restore that failed leaves no request behind.
    const requests = await f.t.database.db.selectFrom('restore_case_requests').select('id').execute();
    expect(requests.map((r) => r.id)).toEqual([]);

    // Only the fields a restore leaves out keep what the case holds: restoring its subject alone would still bring
    // it back beside the deleted contact.
    const subjectOnly = await f.create('case', await f.user(USER_RANA), [beforeDeletion!.id], {
      type: 2,
      body: { fields: ['Subject'] },
    });
    expect(subjectOnly.statusCode, subjectOnly.body).toBe(409);
    expect(codeOf(subjectOnly)).toBe(ErrorCode.RELATED_RECORD_DELETED);
    expect(writes()).toEqual(before);

    // What the message says to do: restore the contact first, then the case.
    const [contactBefore] = (await f.revisions('account', contact.Id)).filter((r) => r.source !== 'delete');
    const contactBack = await f.create('account', await f.user(USER_RANA), [contactBefore!.id], { type: 2 });
    expect(contactBack.statusCode, contactBack.body).toBe(201);
    const res = await f.create('case', await f.user(USER_RANA), [beforeDeletion!.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(caseRequests.parse(res.json()).data.query[0]).toMatchObject({ outcome: 'undeleted' });
    expect(await f.inCrm('case', kase.Id)).toMatchObject({ AccountId: contact.Id });
  });

  it('an approved report moving a live case back to a deleted contact is refused by the CRM and stays pending; the other fields can still be restored', async () => {
    const { kase, contact } = f.freshCaseOfAContact();
    const [target] = await f.revisions('case', kase.Id);
    const other = f.freshContactWithoutCases();
    f.editInCrm('case', kase.Id, {
      AccountId: other.Id,
      ContactId: other.PersonContactId,
      Subject: 'Spostato a un altro contatto',
    });
    await f.sync();
    f.deleteInCrm('account', contact.Id);
    await f.sync();

    const id = await f.reported('case', await f.user(USER_RANA), target!.id);
    const refused = await f.review('case', await f.reviewer(), id, true);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe(ErrorCode.RELATED_RECORD_DELETED);
    expect((await f.requestRow('case', id))?.status_id).toBe(1);
    expect(await f.inCrm('case', kase.Id)).toMatchObject({
      AccountId: other.Id,
      Subject: 'Spostato a un altro contatto',
    });
    const failed = await f.auditDetails(`restore-case-request:${id}`, 'restore.failed');
    expect(failed.error).toContain('ENTITY_IS_DELETED');

    // The reviewer rejects it. A field-level restore of the contact is refused alike; of the subject alone it is done.
    expect((await f.review('case', await f.reviewer(), id, false)).statusCode).toBe(200);
    const contactOnly = await f.create('case', await f.user(USER_RANA), [target!.id], {
      type: 2,
      body: { fields: ['AccountId'] },
    });
    expect(codeOf(contactOnly)).toBe(ErrorCode.RELATED_RECORD_DELETED);
    const subjectOnly = await f.create('case', await f.user(USER_RANA), [target!.id], {
      type: 2,
      body: { fields: ['Subject'] },
    });
    expect(subjectOnly.statusCode, subjectOnly.body).toBe(201);
    expect(await f.inCrm('case', kase.Id)).toMatchObject({
      AccountId: other.Id,
      Subject: target!.json.Subject,
    });
  });

  it('re-creating a purged case whose contact is deleted is refused by the CRM, nothing created, and the claim given back', async () => {
    const { kase, contact } = f.freshCaseOfAContact();
    f.deleteInCrm('account', contact.Id);
    expect(f.sandbox.purge([kase.Id])).toEqual([kase.Id]);
    await f.sync();
    const [, beforeDeletion] = await f.revisions('case', kase.Id);
    const cases = f.sandbox.records.allWithDeleted('Case').length;

    const refused = await f.create('case', await f.user(USER_RANA), [beforeDeletion!.id], { type: 2 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe(ErrorCode.RELATED_RECORD_DELETED);
    expect(f.sandbox.records.allWithDeleted('Case')).toHaveLength(cases);
    const row = await f.t.database.db
      .selectFrom('sf_cases')
      .select(['recreating_since', 'recreated_as'])
      .where('id', '=', kase.Id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ recreating_since: null, recreated_as: null });

    f.sandbox.records.undelete([contact.Id], f.sandbox.integrationUserId);
    const res = await f.create('case', await f.user(USER_RANA), [beforeDeletion!.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(caseRequests.parse(res.json()).data.query[0]).toMatchObject({ outcome: 'recreated' });
  });

  it('a rollback skips a case it would move back to a deleted contact with that reason, and rolls back the others', async () => {
    const agent = x.agent(0);
    const admin = await f.user(ADMIN);
    const staff = await f.user(productRole(f.t.config.productCode));
    const moved = [f.freshCaseOfAContact(), f.freshCaseOfAContact()];
    const to = f.freshContactWithoutCases();
    const from = new Date(Date.now() - 1000).toISOString();
    for (const { kase } of moved)
      f.editInCrm('case', kase.Id, {
        AccountId: to.Id,
        ContactId: to.PersonContactId,
        LastModifiedById: agent.Id,
      });
    await f.sync();
    const scope = { sfUserID: agent.Id, object: 'Case', from, to: new Date(Date.now() + 1000).toISOString() };
    const created = await x.created(await f.user(USER_RANA), scope);
    expect(created.total).toBe(2);
    await x.approved(admin, created.id);
    const [gone, kept] = moved as [(typeof moved)[0], (typeof moved)[0]];
    f.deleteInCrm('account', gone.contact.Id);

    await x.runner().runUntilIdle();
    const detail = await x.detail(staff, created.id, '?size=10');
    expect(detail).toMatchObject({ run: 'finished', restored: 1, skipped: 1, refused: 0, unknown: 0 });
    const outcome = (id: string) => detail.outcomes.content.find((o) => o.recordId === id);
    expect(outcome(gone.kase.Id)).toMatchObject({ outcome: 'skipped', reason: 'related-deleted' });
    expect(f.sandbox.records.get('Case', gone.kase.Id)).toMatchObject({ AccountId: to.Id });
    expect(outcome(kept.kase.Id)).toMatchObject({ outcome: 'restored' });
    expect(f.sandbox.records.get('Case', kept.kase.Id)).toMatchObject({ AccountId: kept.contact.Id });
  });
});
