import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedRecordSchema } from '../../../contract/case-related';
import { envelopeOf } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { USER_RANA } from '../../../contract/roles';
import type { SfRecord } from '../../../sandbox-crm/salesforce-wire';
import { testDbKinds } from '../../support/test-database';
import { RestoreFixture, type SignedIn } from '../restores/restore-fixture';

const relatedPage = envelopeOf(pageOf(relatedRecordSchema));
/** Today in Rome: every change of these tests happens now. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

describe.each(testDbKinds())("a case's e-mails and comments on %s", (dbKind) => {
  let f: RestoreFixture;
  let rana: SignedIn;

  beforeAll(async () => {
    f = await RestoreFixture.start(dbKind);
    rana = await f.user(USER_RANA);
  });
  afterAll(() => f.close());

  const context = () => ({ userId: f.sandbox.integrationUserId, autoAssign: false, allowDuplicates: true });

  async function related(caseId: string, query = '') {
    const res = await f.request(rana, 'GET', `/api/v3/revision-case/${caseId}/related${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return relatedPage.parse(res.json()).data.query;
  }

  let chosen: { caseId: string; comments: SfRecord[] } | undefined;
  /** A case of the demo data with two comments or more (the same in every test), and those comments. */
  function caseWithComments(): { caseId: string; comments: SfRecord[] } {
    if (chosen) return chosen;
    const byCase = new Map<string, SfRecord[]>();
    for (const c of f.sandbox.records.all('CaseComment'))
      byCase.set(String(c.ParentId), [...(byCase.get(String(c.ParentId)) ?? []), c]);
    const [caseId, comments] = [...byCase].find(([, list]) => list.length >= 2)!;
    return (chosen = { caseId, comments });
  }

  it('keeps each as revisions: an edited comment shows as changed, a deleted one as deleted, a new e-mail as added', async () => {
    const { caseId, comments } = caseWithComments();
    const [edited, deleted] = comments as [SfRecord, SfRecord];
    const before = await related(caseId);
    expect(before.content.map((r) => r.id)).toEqual(expect.arrayContaining([edited.Id, deleted.Id]));
    expect(before.content.every((r) => r.change === null && r.deletedAt === null)).toBe(true);

    const patched = f.sandbox.records.patch(
      'CaseComment',
      edited.Id,
      { CommentBody: 'Richiamato.' },
      context(),
    );
    expect(patched.ok).toBe(true);
    expect(f.sandbox.records.remove('CaseComment', deleted.Id, f.sandbox.integrationUserId).ok).toBe(true);
    const email = f.sandbox.records.create(
      'EmailMessage',
      {
        ParentId: caseId,
        FromAddress: 'cliente@example.it',
        ToAddress: 'assistenza@storico-demo.it',
        Subject: 'Ancora nessuna risposta',
        TextBody: 'Buongiorno, attendo notizie.',
        HtmlBody: '<p>Buongiorno, <b>attendo</b> notizie.</p>',
        Incoming: true,
        Status: '0',
      },
      context(),
    );
    if (!email.ok) throw new Error(email.errors[0]?.message);
    await f.sync();
    await f.sync(); // a second run stores nothing twice

    const day = today();
    const page = await related(caseId, `?dateFrom=${day}&dateTo=${day}`);
    const byId = new Map(page.content.map((r) => [r.id, r]));
    expect(byId.get(edited.Id)).toMatchObject({ object: 'CaseComment', change: 'changed', deletedAt: null });
    expect(JSON.parse(byId.get(edited.Id)!.json)).toMatchObject({ CommentBody: 'Richiamato.' });
    expect(byId.get(deleted.Id)).toMatchObject({ change: 'deleted', deletedAt: expect.any(String) });
    expect(JSON.parse(byId.get(deleted.Id)!.json)).toMatchObject({ CommentBody: deleted.CommentBody });
    expect(byId.get(email.record.Id)).toMatchObject({ object: 'EmailMessage', change: 'added' });
    expect(JSON.parse(byId.get(email.record.Id)!.json)).toMatchObject({
      HtmlBody: expect.stringContaining('<b>'),
    });
    // Newest savedAt first; the changes of today come before the demo's older records.
    const saved = page.content.map((r) => r.savedAt);
    expect(saved).toEqual([...saved].sort().reverse());

    // As it stood at a day before the changes: the comment's old text, nothing deleted, the e-mail not yet there.
    const earlier = await related(caseId, `?dateTo=2026-10-31`);
    const old = new Map(earlier.content.map((r) => [r.id, r]));
    expect(JSON.parse(old.get(edited.Id)!.json).CommentBody).toBe(edited.CommentBody);
    expect(old.get(deleted.Id)!.deletedAt).toBeNull();
    expect(old.has(email.record.Id)).toBe(false);
    const revisions = await f.t.database.db
      .selectFrom('revision_related')
      .select(['record_id', 'source'])
      .where('case_id', '=', caseId)
      .execute();
    expect(revisions.filter((r) => r.record_id === edited.Id)).toHaveLength(2);
    expect(revisions.filter((r) => r.record_id === deleted.Id).map((r) => r.source)).toEqual([
      'sync',
      'delete',
    ]);
  });

  it("takes a case's e-mails and comments to the recycle bin with it, and back with its undelete", async () => {
    const { caseId } = caseWithComments();
    const children = f.sandbox.records.childrenOf(caseId).filter((c) => c.record.IsDeleted !== true);
    expect(children.length).toBeGreaterThan(0);
    expect(f.sandbox.records.remove('Case', caseId, f.sandbox.integrationUserId).ok).toBe(true);
    await f.sync();
    const gone = await related(caseId);
    for (const { record } of children)
      expect(gone.content.find((r) => r.id === record.Id)?.deletedAt).toEqual(expect.any(String));
    await f.crm.undeleteRecord('Case', caseId);
    await f.sync();
    const back = await related(caseId);
    for (const { record } of children)
      expect(back.content.find((r) => r.id === record.Id)?.deletedAt).toBeNull();
  });

  it('answers 404 for a case Storico does not hold, 400 for a bad size or date, 401 without a token', async () => {
    const { caseId } = caseWithComments();
    const unknown = await f.request(rana, 'GET', '/api/v3/revision-case/500000000000000AAA/related');
    expect(unknown.statusCode).toBe(404);
    const big = await f.request(rana, 'GET', `/api/v3/revision-case/${caseId}/related?size=201`);
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain('size');
    const bad = await f.request(rana, 'GET', `/api/v3/revision-case/${caseId}/related?dateFrom=2026-02-30`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('dateFrom');
    const anonymous = await f.t.app.inject({ method: 'GET', url: `/api/v3/revision-case/${caseId}/related` });
    expect(anonymous.statusCode).toBe(401);
  });
});
