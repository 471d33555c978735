import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentField } from '../../../contract/case-related';
import { envelopeOf } from '../../../contract/envelope';
import { caseRestoreRequestSchema } from '../../../contract/restores';
import { USER_RANA } from '../../../contract/roles';
import { testDbKinds } from '../../support/test-database';
import { RestoreFixture, type SignedIn } from './restore-fixture';

const oneCase = envelopeOf(caseRestoreRequestSchema);

describe.each(testDbKinds())("a case's restore and its e-mails and comments on %s", (dbKind) => {
  let f: RestoreFixture;
  let rana: SignedIn;
  let reviewer: SignedIn;

  beforeAll(async () => {
    f = await RestoreFixture.start(dbKind);
    rana = await f.user(USER_RANA);
    reviewer = await f.reviewer();
  });
  afterAll(() => f.close());

  const context = () => ({ userId: f.sandbox.integrationUserId, autoAssign: false, allowDuplicates: true });
  const add = (object: 'CaseComment' | 'EmailMessage', body: Record<string, unknown>) => {
    const made = f.sandbox.records.create(object, body, context());
    if (!made.ok) throw new Error(made.errors[0]?.message);
    return made.record;
  };

  it('re-creates a purged comment as it stood at the target after approval, and leaves an unticked one alone', async () => {
    const kase = f.freshRecord('case');
    const purged = add('CaseComment', {
      ParentId: kase.Id,
      CommentBody: 'Cliente richiamato.',
      IsPublished: true,
    });
    const unticked = add('CaseComment', { ParentId: kase.Id, CommentBody: 'Da verificare.' });
    f.editInCrm('case', kase.Id, { Subject: 'Prima' });
    await f.sync();
    const [target] = await f.revisions('case', kase.Id);
    expect(target!.json.Subject).toBe('Prima');

    f.sandbox.records.remove('CaseComment', purged.Id, f.sandbox.integrationUserId);
    f.sandbox.purge([purged.Id]);
    f.sandbox.records.patch('CaseComment', unticked.Id, { CommentBody: 'Cambiato dopo.' }, context());
    f.editInCrm('case', kase.Id, { Subject: 'Dopo' });
    await f.sync();

    const created = await f.create('case', rana, [target!.id], {
      body: { fields: ['Subject', commentField(purged.Id)] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { query: Array<{ id: number }> } }).data.query[0]!.id;
    const approved = await f.review('case', reviewer, id, true);
    expect(approved.statusCode, approved.body).toBe(200);

    const comments = f.sandbox.records.all('CaseComment').filter((c) => c.ParentId === kase.Id);
    const again = comments.find((c) => c.CommentBody === 'Cliente richiamato.');
    expect(again).toMatchObject({ IsPublished: true });
    expect(again!.Id).not.toBe(purged.Id);
    expect(f.sandbox.records.get('CaseComment', unticked.Id)?.CommentBody).toBe('Cambiato dopo.');
    expect(f.sandbox.records.get('Case', kase.Id)?.Subject).toBe('Prima');
    const details = await f.auditDetails(`restore-case-request:${id}`, 'restore.related-applied');
    expect(details).toMatchObject({ records: { recreated: [purged.Id], undeleted: [], rewritten: [] } });
    // The comment created again is kept as a revision of the restore.
    const kept = await f.t.database.db
      .selectFrom('revision_related')
      .select('source')
      .where('record_id', '=', again!.Id)
      .execute();
    expect(kept).toEqual([{ source: `restore:${id}` }]);
  });

  it('brings a case back out of the recycle bin with its e-mails and comments, and counts them', async () => {
    const kase = f.freshRecord('case');
    add('EmailMessage', { ParentId: kase.Id, Subject: 'Risposta', TextBody: 'Gentile cliente', Status: '3' });
    add('CaseComment', { ParentId: kase.Id, CommentBody: 'Nota interna.' });
    f.editInCrm('case', kase.Id, { Subject: 'Da ripristinare' });
    await f.sync();
    const [target] = await f.revisions('case', kase.Id);
    f.deleteInCrm('case', kase.Id);
    await f.sync();

    const forced = await f.create('case', rana, [target!.id], { type: 2 });
    expect(forced.statusCode, forced.body).toBe(201);
    const id = (forced.json() as { data: { query: Array<{ id: number }> } }).data.query[0]!.id;
    // Who forced it sees the outcome in the answer.
    expect((forced.json() as { data: { query: unknown[] } }).data.query[0]).toMatchObject({
      relatedRestored: 2,
    });
    expect(f.sandbox.records.childrenOf(kase.Id).map((c) => c.record.IsDeleted)).toEqual([false, false]);
    const answer = await f.request(reviewer, 'GET', `/api/v3/restore-case-request/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(oneCase.parse(answer.json()).data.query).toMatchObject({
      outcome: 'undeleted',
      relatedRestored: 2,
    });
  });
});
