import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { pageOf } from '../../../contract/page';
import { revisionSchema } from '../../../contract/revisions';
import { USER_RANA } from '../../../contract/roles';
import { testDbKinds } from '../../support/test-database';
import { codeOf, RestoreFixture, type SignedIn } from '../restores/restore-fixture';

const revisionPage = envelopeOf(pageOf(revisionSchema));

/** Today in Rome, as a search day: every change of these tests happens now. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

/**
 * The case screen learns from the versions it loads whether the case's contact is deleted in the CRM as Storico
 * last saw it, so that it can disable the restore buttons before a code is spent on a restore the server refuses
 * (409 RELATED_RECORD_DELETED).
 */
describe.each(testDbKinds())("a case's deleted contact in its versions on %s", (dbKind) => {
  let f: RestoreFixture;
  let rana: SignedIn;

  beforeAll(async () => {
    f = await RestoreFixture.start(dbKind, {}, { env: { API_DOCS: '1' } });
    rana = await f.user(USER_RANA);
  });
  afterAll(() => f.close());

  async function versions(path: string) {
    const res = await f.request(rana, 'GET', path);
    expect(res.statusCode, res.body).toBe(200);
    return revisionPage.parse(res.json()).data.query.content;
  }
  /** The case's versions at two dates, then its whole history: what the case screen reads. */
  const caseAnswers = async (caseId: string) => [
    ...(await versions(`/api/v3/revision-case/${caseId}/cases?dateFrom=2024-01-01&dateTo=${today()}`)),
    ...(await versions(`/api/v3/revision-case/${caseId}/history?size=50`)),
  ];

  it('names the contact deleted with its case on every version, and no more once the contact is restored', async () => {
    const { kase, contact } = f.freshCaseOfAContact();
    expect((await caseAnswers(kase.Id)).map((r) => r.deletedContact)).toEqual([null, null]);

    f.deleteInCrm('account', contact.Id);
    await f.sync();
    const answers = await caseAnswers(kase.Id);
    expect(answers.map((r) => r.source)).toEqual(['sync', 'delete', 'delete', 'sync']);
    for (const revision of answers)
      expect(revision.deletedContact).toEqual({ id: contact.Id, name: String(contact.Name) });
    // The contact's own versions name no contact.
    const contactAnswers = await versions(`/api/v3/revision-account/${contact.Id}/history?size=50`);
    expect(contactAnswers.map((r) => r.deletedContact)).toEqual([null, null]);

    // The server refuses what the answer announced.
    const [, beforeDeletion] = await f.revisions('case', kase.Id);
    const refused = await f.create('case', rana, [beforeDeletion!.id], { type: 2 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(codeOf(refused)).toBe(ErrorCode.RELATED_RECORD_DELETED);

    // The contact restored (the CRM brings back the case deleted with it), then synced: nothing stands in the way.
    const [, contactBefore] = await f.revisions('account', contact.Id);
    const back = await f.create('account', await f.user(USER_RANA), [contactBefore!.id], { type: 2 });
    expect(back.statusCode, back.body).toBe(201);
    await f.sync();
    expect((await caseAnswers(kase.Id)).every((r) => r.deletedContact === null)).toBe(true);
  });

  it("names a deleted case's contact merged away into another", async () => {
    const { kase, contact: loser } = f.freshCaseOfAContact();
    const survivor = f.freshContactWithoutCases();
    f.deleteInCrm('case', kase.Id);
    f.sandbox.merge('Account', survivor.Id, loser.Id);
    await f.sync();
    const [merged] = await f.revisions('account', loser.Id);
    expect(merged).toMatchObject({ source: 'delete', json: { MasterRecordId: survivor.Id } });

    for (const revision of await caseAnswers(kase.Id))
      expect(revision.deletedContact).toEqual({ id: loser.Id, name: String(loser.Name) });
  });

  it('names no contact when the case has moved to a live contact since its old one was deleted', async () => {
    const { kase, contact } = f.freshCaseOfAContact();
    const other = f.freshContactWithoutCases();
    f.editInCrm('case', kase.Id, { AccountId: other.Id, ContactId: other.PersonContactId });
    await f.sync();
    f.deleteInCrm('account', contact.Id);
    await f.sync();

    const answers = await caseAnswers(kase.Id);
    expect(answers).toHaveLength(4);
    expect(answers.map((r) => r.deletedContact)).toEqual([null, null, null, null]);
  });

  it('is described by the OpenAPI document', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    }>();
    for (const path of ['/api/v3/revision-case/{id}/cases', '/api/v3/revision-case/{id}/history'])
      expect(JSON.stringify(doc.paths[path]?.get.responses['200'])).toContain('"deletedContact"');
  });
});
