import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { productRole } from '../../../contract/roles';
import { differencesSchema, parseDiffProperties, revisionSchema } from '../../../contract/revisions';
import { bearer, signedInUser } from '../../support/auth';
import { addAgent, addRevision, caseSnapshot, contactSnapshot } from '../../support/revision-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

const revisionPage = envelopeOf(pageOf(revisionSchema));
const differences = envelopeOf(differencesSchema);
const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json());

describe.each(testDbKinds())('revisions and differences on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const rev: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signedInUser(t, productRole(t.config.productCode))).token;
    const db = t.database.db;
    await addAgent(db, { id: 'AG1', username: 'rossi.b' });
    const c1 = contactSnapshot('C1', 'AG1');
    rev.c1a = await addRevision(db, 'Account', c1, '2025-01-10T10:00:00Z', 'import');
    rev.c1b = await addRevision(
      db,
      'Account',
      {
        ...c1,
        Phone: '+39 333 1111111',
        BillingAddress: { city: 'Milano', postalCode: '20100', country: 'Italia' },
      },
      '2025-02-15T10:00:00Z',
    );
    rev.c1c = await addRevision(
      db,
      'Account',
      { ...c1, Extra__c: 'new field' },
      '2025-03-20T10:00:00Z',
      'restore:7',
    );
    // Created on 2025-02-20; nothing before.
    rev.c2a = await addRevision(db, 'Account', contactSnapshot('C2', 'AG1'), '2025-02-20T08:00:00Z');
    rev.c2b = await addRevision(
      db,
      'Account',
      contactSnapshot('C2', 'AG1', { Fax: '1' }),
      '2025-02-25T08:00:00Z',
    );
    // Known to the search but without revisions yet (the sync creates the row first).
    await db.insertInto('sf_accounts').values({ id: 'C0', updated_at: new Date() }).execute();

    const k1 = caseSnapshot('K1', 'AG1', { AccountId: 'C1' });
    rev.k1a = await addRevision(db, 'Case', k1, '2025-01-20T10:00:00Z');
    rev.k1b = await addRevision(
      db,
      'Case',
      { ...k1, Status: 'Closed', Reason: 'Feedback on Product' },
      '2025-02-12T10:00:00Z',
    );
    rev.k2a = await addRevision(db, 'Case', caseSnapshot('K2', 'AG1'), '2025-02-12T11:00:00Z');
  });
  afterAll(() => t.close());

  const get = (url: string, as: string | null = token) =>
    t.app.inject({ method: 'GET', url, headers: as ? bearer(as) : {} });
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return revisionPage.parse(res.json()).data.query;
  };
  const ids = async (url: string) => (await page(url)).content.map((r) => r.id);
  const account = (id: string, from: string, to: string) =>
    `/api/v3/revision-account/${id}/account?dateFrom=${from}&dateTo=${to}&page=0&size=10&sort=&isPaged=true&filter=`;

  describe('GET /revision-account/{id}/account', () => {
    it('answers the version at dateFrom and the version at dateTo', async () => {
      const result = await page(account('C1', '2025-02-01', '2025-02-28'));
      expect(result).toMatchObject({ totalElements: 2, totalPages: 1, number: 0 });
      expect(result.content.map((r) => r.id)).toEqual([rev.c1a, rev.c1b]);
      const [first] = result.content;
      expect(first).toMatchObject({ savedAt: '2025-01-10T10:00:00.000Z', source: 'import' });
      const snapshot = JSON.parse(first!.json) as Record<string, unknown>;
      expect(snapshot).toMatchObject({
        Id: 'C1',
        Phone: '+39 06 1234567',
        SystemModstamp: '2025-01-10T10:00:00.000+0000',
      });
      // The text keeps the CRM's field order, not the database's.
      expect(Object.keys(snapshot).slice(0, 4)).toEqual(['Id', 'OwnerId', 'OwnerName', 'Name']);
    });

    it('answers one version when nothing changed in the range', async () => {
      expect(await ids(account('C1', '2025-04-01', '2025-04-30'))).toEqual([rev.c1c]);
      expect(await ids(account('C1', '2025-02-16', '2025-03-19'))).toEqual([rev.c1b]);
    });

    it('answers the versions at both ends of a range that straddles several revisions', async () => {
      expect(await ids(account('C1', '2025-01-01', '2025-12-31'))).toEqual([rev.c1a, rev.c1c]);
      expect(await ids(account('C1', '2025-01-10', '2025-03-20'))).toEqual([rev.c1a, rev.c1c]);
    });

    it('starts from the first revision of a record created inside the range', async () => {
      expect(await ids(account('C2', '2025-02-01', '2025-02-28'))).toEqual([rev.c2a, rev.c2b]);
      expect(await ids(account('C2', '2025-02-01', '2025-02-21'))).toEqual([rev.c2a]);
    });

    it('pages the two versions', async () => {
      const second = await page(
        `/api/v3/revision-account/C1/account?dateFrom=2025-02-01&dateTo=2025-02-28&size=1&page=1`,
      );
      expect(second).toMatchObject({ totalElements: 2, totalPages: 2, number: 1 });
      expect(second.content.map((r) => r.id)).toEqual([rev.c1b]);
    });

    it('answers 404 for an unknown record, and no version for a known one with no revision up to dateTo', async () => {
      const unknown = await get(account('NOPE', '2025-01-01', '2025-12-31'));
      expect(unknown.statusCode).toBe(404);
      expect(error(unknown).error.code).toBe('NOT_FOUND');
      for (const url of [
        account('C0', '2025-01-01', '2025-12-31'),
        account('C2', '2025-01-01', '2025-02-19'),
      ])
        expect(await page(url), url).toMatchObject({ content: [], totalElements: 0 });
    });

    it('answers 400 naming the field for a bad date or a reversed range', async () => {
      const bad: Array<[string, string]> = [
        ['dateFrom=2025-13-01&dateTo=2025-12-31', 'query.dateFrom'],
        ['dateFrom=2025-01-01&dateTo=yesterday', 'query.dateTo'],
        ['dateFrom=2025-03-01&dateTo=2025-02-28', 'query.dateTo'],
      ];
      for (const [query, field] of bad) {
        const res = await get(`/api/v3/revision-account/C1/account?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(error(res).error.field).toBe(field);
      }
    });
  });

  describe('GET /revision-case/{id}/cases', () => {
    it('answers the versions in effect at both ends', async () => {
      const url = (from: string, to: string) =>
        `/api/v3/revision-case/K1/cases?dateFrom=${from}&dateTo=${to}`;
      expect(await ids(url('2025-02-01', '2025-02-28'))).toEqual([rev.k1a, rev.k1b]);
      expect(await ids(url('2025-02-12', '2025-02-12'))).toEqual([rev.k1b]);
      expect(await ids(url('2024-01-01', '2025-01-19'))).toEqual([]);
      expect(
        (await get('/api/v3/revision-case/NOPE/cases?dateFrom=2025-01-01&dateTo=2025-12-31')).statusCode,
      ).toBe(404);
    });
  });

  describe('history', () => {
    it('pages through every revision, newest first', async () => {
      const first = await page('/api/v3/revision-account/C1/history?size=2&page=0');
      expect(first).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2 });
      expect(first.content.map((r) => [r.id, r.source])).toEqual([
        [rev.c1c, 'restore:7'],
        [rev.c1b, 'sync'],
      ]);
      expect(await ids('/api/v3/revision-account/C1/history?size=2&page=1')).toEqual([rev.c1a]);
      expect(await ids('/api/v3/revision-case/K1/history')).toEqual([rev.k1b, rev.k1a]);
      expect(await page('/api/v3/revision-account/C0/history')).toMatchObject({
        content: [],
        totalElements: 0,
      });
    });

    it('answers 404 for an unknown record', async () => {
      expect((await get('/api/v3/revision-account/NOPE/history')).statusCode).toBe(404);
      expect((await get('/api/v3/revision-case/NOPE/history')).statusCode).toBe(404);
    });
  });

  describe('differences', () => {
    const accountDiff = (a: number, b: number) =>
      get(`/api/v3/revision-account/differences?firstRevisionAccountID=${a}&secondRevisionAccountID=${b}`);
    const caseDiff = (a: number, b: number) =>
      get(`/api/v3/revision-case/differences?firstRevisionCaseID=${a}&secondRevisionCaseID=${b}`);
    const fields = async (res: Awaited<ReturnType<typeof get>>) => {
      expect(res.statusCode, res.body).toBe(200);
      return differences.parse(res.json()).data.query.jsonDiffProperties;
    };

    it('lists the changed fields in snapshot order, objects compared deeply', async () => {
      // SystemModstamp, which every save changes, is never a difference of its own.
      expect(await fields(await accountDiff(rev.c1a!, rev.c1b!))).toBe(
        '[Phone, BillingAddress, LastModifiedDate]',
      );
      expect(await fields(await accountDiff(rev.c1b!, rev.c1a!))).toBe(
        '[Phone, BillingAddress, LastModifiedDate]',
      );
      // A field the earlier version did not hold (not kept yet when it was stored) is no change.
      expect(parseDiffProperties(await fields(await accountDiff(rev.c1a!, rev.c1c!)))).toEqual([
        'LastModifiedDate',
      ]);
      expect(await fields(await caseDiff(rev.k1a!, rev.k1b!))).toBe('[LastModifiedDate, Reason, Status]');
    });

    it('answers [] for the same revision twice', async () => {
      expect(await fields(await accountDiff(rev.c1b!, rev.c1b!))).toBe('[]');
      expect(await fields(await caseDiff(rev.k2a!, rev.k2a!))).toBe('[]');
    });

    it('answers 400 for revisions of different records, naming the second', async () => {
      const res = await accountDiff(rev.c1a!, rev.c2a!);
      expect(res.statusCode).toBe(400);
      expect(error(res).error.field).toBe('query.secondRevisionAccountID');
      const cases = await caseDiff(rev.k1a!, rev.k2a!);
      expect(cases.statusCode).toBe(400);
      expect(error(cases).error.field).toBe('query.secondRevisionCaseID');
    });

    it('answers 404 for an unknown revision and 400 for a missing or bad id', async () => {
      expect((await accountDiff(rev.c1a!, 999_999)).statusCode).toBe(404);
      expect((await caseDiff(999_999, rev.k1a!)).statusCode).toBe(404);
      const missing = await get(`/api/v3/revision-account/differences?firstRevisionAccountID=${rev.c1a}`);
      expect(missing.statusCode).toBe(400);
      expect(error(missing).error.field).toBe('query.secondRevisionAccountID');
      const bad = await get(
        '/api/v3/revision-case/differences?firstRevisionCaseID=abc&secondRevisionCaseID=1',
      );
      expect(bad.statusCode).toBe(400);
      expect(error(bad).error.field).toBe('query.firstRevisionCaseID');
    });
  });

  it('answers 401 without a token on every revision route', async () => {
    for (const url of [
      account('C1', '2025-01-01', '2025-12-31'),
      '/api/v3/revision-case/K1/cases',
      '/api/v3/revision-account/C1/history',
      '/api/v3/revision-case/K1/history',
      `/api/v3/revision-account/differences?firstRevisionAccountID=1&secondRevisionAccountID=1`,
      `/api/v3/revision-case/differences?firstRevisionCaseID=1&secondRevisionCaseID=1`,
    ])
      expect((await get(url, null)).statusCode, url).toBe(401);
  });
});
