import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentListSchema } from '../../../contract/agents';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { USER_RANA } from '../../../contract/roles';
import { caseRowSchema, contactRowSchema, LIVE_RECORD } from '../../../contract/search';
import { bearer, signedInUser } from '../../support/auth';
import { addAgent, addRevision, caseSnapshot, contactSnapshot } from '../../support/revision-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

const agents = envelopeOf(agentListSchema);
const contactPage = envelopeOf(pageOf(contactRowSchema));
const casePage = envelopeOf(pageOf(caseRowSchema));
const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json());

describe.each(testDbKinds())('agents and search on %s', (kind) => {
  let t: TestApp;
  let token: string;
  /** Revision ids by name. */
  const rev: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signedInUser(t, USER_RANA)).token;
    const db = t.database.db;
    await addAgent(db, { id: 'AG1', username: 'rossi.b', firstName: 'Bianca', lastName: 'Rossi' });
    await addAgent(db, { id: 'AG2', username: 'bianchi.a', firstName: 'Aldo', lastName: 'Bianchi' });
    await addAgent(db, { id: 'AG3', username: 'verdi.c', firstName: null, lastName: 'Verdi', active: false });

    // c1: changed before, inside and after February 2025.
    const c1 = contactSnapshot('C1', 'AG1', { Name: 'Maria Rossi', PersonEmail: 'maria@example.it' });
    rev.c1a = await addRevision(db, 'Account', c1, '2025-01-10T10:00:00Z');
    rev.c1b = await addRevision(db, 'Account', { ...c1, Phone: '+39 333 1111111' }, '2025-02-15T10:00:00Z');
    rev.c1c = await addRevision(db, 'Account', { ...c1, Phone: '+39 333 2222222' }, '2025-03-20T10:00:00Z');
    // c2: created inside February.
    const c2 = contactSnapshot('C2', 'AG1', {
      Name: 'Giulio Verdi',
      PersonEmail: 'GIULIO.VERDI@Example.it',
      Phone: '+39 02 999',
      CreatedDate: '2025-02-20T08:00:00.000+0000',
    });
    rev.c2a = await addRevision(db, 'Account', c2, '2025-02-20T08:00:00Z');
    rev.c2b = await addRevision(db, 'Account', { ...c2, Fax: '02 1' }, '2025-02-25T08:00:00Z');
    // c3: last changed before February; c4: another agent's; c5: a name with a LIKE wildcard.
    rev.c3a = await addRevision(
      db,
      'Account',
      contactSnapshot('C3', 'AG1', { Name: 'Anna Neri' }),
      '2024-12-01T10:00:00Z',
    );
    rev.c4a = await addRevision(
      db,
      'Account',
      contactSnapshot('C4', 'AG2', { Name: 'Maria Bianchi' }),
      '2025-02-10T10:00:00Z',
    );
    rev.c5a = await addRevision(
      db,
      'Account',
      contactSnapshot('C5', 'AG1', { Name: 'Sconto_100% Srl', PersonEmail: null, CreatedDate: null }),
      '2025-02-03T10:00:00Z',
    );

    // Cases: two of c1's (one of each agent), one of c2's.
    rev.k1a = await addRevision(
      db,
      'Case',
      caseSnapshot('K1', 'AG1', { CaseNumber: '00001001', AccountId: 'C1', Description: 'Pasta rotta' }),
      '2025-01-20T10:00:00Z',
    );
    rev.k1b = await addRevision(
      db,
      'Case',
      caseSnapshot('K1', 'AG1', {
        CaseNumber: '00001001',
        AccountId: 'C1',
        Description: 'Pasta rotta',
        Product_Description__c: 'Tortellini al prosciutto crudo',
      }),
      '2025-02-12T10:00:00Z',
    );
    rev.k2a = await addRevision(
      db,
      'Case',
      caseSnapshot('K2', 'AG2', { CaseNumber: '00001002', AccountId: 'C1' }),
      '2025-02-12T11:00:00Z',
    );
    rev.k3a = await addRevision(
      db,
      'Case',
      caseSnapshot('K3', 'AG1', {
        CaseNumber: '00001003',
        AccountId: 'C2',
        Description: 'Sugo troppo salato',
        CreatedDate: '2025-02-21T09:00:00.000+0000',
      }),
      '2025-02-21T09:00:00Z',
    );
  });
  afterAll(() => t.close());

  const get = (url: string, as: string | null = token) =>
    t.app.inject({ method: 'GET', url, headers: as ? bearer(as) : {} });
  const contacts = async (query: string, agent = 'AG1') => {
    const res = await get(`/api/v3/sf-user/${agent}/sf-account?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return contactPage.parse(res.json()).data.query;
  };
  const cases = async (query: string, agent = 'AG1') => {
    const res = await get(`/api/v3/sf-user/${agent}/sf-case?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return casePage.parse(res.json()).data.query;
  };
  const february = 'dateFrom=2025-02-01&dateTo=2025-02-28';

  describe('GET /sf-user/', () => {
    it('lists the active agents sorted by username, unpaged, ignoring isPaged', async () => {
      const res = await get('/api/v3/sf-user/?isPaged=false');
      expect(res.statusCode).toBe(200);
      expect(agents.parse(res.json()).data.query).toEqual([
        { id: 'AG2', FirstName: 'Aldo', LastName: 'Bianchi', username: 'bianchi.a' },
        { id: 'AG1', FirstName: 'Bianca', LastName: 'Rossi', username: 'rossi.b' },
      ]);
    });

    it('refuses a caller without a token', async () => {
      expect((await get('/api/v3/sf-user/', null)).statusCode).toBe(401);
    });
  });

  describe('GET /sf-user/{id}/sf-account', () => {
    it("finds the agent's contacts changed in the range, newest creation first, with both versions in effect", async () => {
      const page = await contacts(february);
      expect(page).toMatchObject({ totalElements: 3, totalPages: 1, number: 0, size: 10 });
      expect(page.content).toEqual([
        {
          id: 'C2',
          creation_date: '2025-02-20T08:00:00.000Z',
          accountName: 'Giulio Verdi',
          countSalesforceCases: 1,
          salesforceUser: { phone: '+39 02 999', email: 'GIULIO.VERDI@Example.it' },
          // Created inside the range: its first revision stands for the start.
          earlierRevisionAccount: { id: rev.c2a },
          laterRevisionAccount: { id: rev.c2b },
          ...LIVE_RECORD,
        },
        {
          id: 'C1',
          creation_date: '2024-01-05T09:00:00.000Z',
          accountName: 'Maria Rossi',
          countSalesforceCases: 2,
          salesforceUser: { phone: '+39 333 2222222', email: 'maria@example.it' },
          earlierRevisionAccount: { id: rev.c1a },
          laterRevisionAccount: { id: rev.c1b },
          ...LIVE_RECORD,
        },
        expect.objectContaining({ id: 'C5', creation_date: null, countSalesforceCases: 0 }),
      ]);
    });

    it('leaves out contacts whose revisions all fall outside the range', async () => {
      expect((await contacts('dateFrom=2025-04-01&dateTo=2025-12-31')).content).toEqual([]);
      const december = await contacts('dateFrom=2024-12-01&dateTo=2024-12-31');
      expect(december.content.map((c) => c.id)).toEqual(['C3']);
    });

    it('counts a revision saved on dateFrom as the version in effect at dateFrom', async () => {
      const page = await contacts('dateFrom=2025-02-15&dateTo=2025-02-15');
      expect(page.content).toEqual([
        expect.objectContaining({
          id: 'C1',
          earlierRevisionAccount: { id: rev.c1b },
          laterRevisionAccount: { id: rev.c1b },
        }),
      ]);
    });

    it('finds a range that straddles several revisions', async () => {
      const page = await contacts('dateFrom=2025-01-15&dateTo=2025-03-31&filter=maria');
      expect(page.content).toEqual([
        expect.objectContaining({
          id: 'C1',
          earlierRevisionAccount: { id: rev.c1a },
          laterRevisionAccount: { id: rev.c1c },
        }),
      ]);
    });

    it('filters by name or e-mail, case-insensitive, taking LIKE wildcards literally', async () => {
      const ids = async (filter: string) =>
        (await contacts(`${february}&filter=${encodeURIComponent(filter)}`)).content.map((c) => c.id);
      expect(await ids('ROSSI')).toEqual(['C1']);
      expect(await ids('giulio.verdi@example')).toEqual(['C2']);
      expect(await ids('%')).toEqual(['C5']);
      expect(await ids('_1')).toEqual(['C5']);
      expect(await ids('nobody')).toEqual([]);
    });

    it('pages and sorts', async () => {
      const first = await contacts(`${february}&size=2&page=0&sort=accountName,asc`);
      expect(first).toMatchObject({
        totalElements: 3,
        totalPages: 2,
        number: 0,
        size: 2,
        pageable: { pageNumber: 0, pageSize: 2 },
      });
      expect(first.content.map((c) => c.accountName)).toEqual(['Giulio Verdi', 'Maria Rossi']);
      const second = await contacts(`${february}&size=2&page=1&sort=accountName,asc`);
      expect(second.content.map((c) => c.accountName)).toEqual(['Sconto_100% Srl']);
      const beyond = await contacts(`${february}&size=2&page=5`);
      expect(beyond).toMatchObject({ content: [], totalElements: 3, number: 5 });
      const byCases = await contacts(`${february}&sort=countSalesforceCases,desc`);
      expect(byCases.content.map((c) => c.id)).toEqual(['C1', 'C2', 'C5']);
    });

    it("shows only the agent's own contacts", async () => {
      expect((await contacts(february, 'AG2')).content.map((c) => c.id)).toEqual(['C4']);
      expect((await contacts(february, 'AG3')).content).toEqual([]);
    });
  });

  describe('GET /sf-user/{id}/sf-case', () => {
    it("finds the agent's cases with the product description, the agent and both versions in effect", async () => {
      const page = await cases(february);
      expect(page.totalElements).toBe(2);
      expect(page.content).toEqual([
        {
          id: 'K3',
          description: 'Sugo troppo salato',
          caseNumber: '00001003',
          createdAt: '2025-02-21T09:00:00.000Z',
          salesforceUser: { username: 'rossi.b', FirstName: 'Bianca', LastName: 'Rossi' },
          earlierRevisionCase: { id: rev.k3a },
          laterRevisionCase: { id: rev.k3a },
          ...LIVE_RECORD,
        },
        {
          id: 'K1',
          description: 'Tortellini al prosciutto crudo',
          caseNumber: '00001001',
          createdAt: '2024-01-05T09:00:00.000Z',
          salesforceUser: { username: 'rossi.b', FirstName: 'Bianca', LastName: 'Rossi' },
          earlierRevisionCase: { id: rev.k1a },
          laterRevisionCase: { id: rev.k1b },
          ...LIVE_RECORD,
        },
      ]);
    });

    it('filters by case number or description, case-insensitive', async () => {
      const ids = async (filter: string) =>
        (await cases(`${february}&filter=${encodeURIComponent(filter)}`)).content.map((c) => c.id);
      expect(await ids('1003')).toEqual(['K3']);
      expect(await ids('TORTELLINI')).toEqual(['K1']);
      expect(await ids('salato')).toEqual(['K3']);
      expect(await ids('pasta rotta')).toEqual([]);
    });

    it('pages and sorts', async () => {
      const page = await cases(`${february}&size=1&page=1&sort=caseNumber,asc`);
      expect(page).toMatchObject({ totalElements: 2, totalPages: 2, number: 1 });
      expect(page.content.map((c) => c.id)).toEqual(['K3']);
    });
  });

  describe('day bounds in Europe/Rome', () => {
    // 2025-03-30 lasts 23 hours (clocks go forward), 2025-10-26 lasts 25.
    beforeAll(async () => {
      const db = t.database.db;
      await addAgent(db, { id: 'AGD', username: 'dst.agent' });
      const at = async (id: string, savedAt: string) => {
        await addRevision(db, 'Account', contactSnapshot(id, 'AGD', { Name: id }), savedAt);
      };
      await at('D1', '2025-03-29T22:30:00Z'); // 2025-03-29 23:30 in Rome
      await at('D2', '2025-03-29T23:30:00Z'); // 2025-03-30 00:30
      await at('D3', '2025-03-30T21:30:00Z'); // 2025-03-30 23:30
      await at('D4', '2025-03-30T22:30:00Z'); // 2025-03-31 00:30
      await at('D5', '2025-10-25T21:30:00Z'); // 2025-10-25 23:30
      await at('D6', '2025-10-25T22:30:00Z'); // 2025-10-26 00:30
      await at('D7', '2025-10-26T22:30:00Z'); // 2025-10-26 23:30
      await at('D8', '2025-10-26T23:30:00Z'); // 2025-10-27 00:30
    });

    const day = async (date: string) =>
      (await contacts(`dateFrom=${date}&dateTo=${date}&sort=id,asc`, 'AGD')).content.map((c) => c.id);

    it('finds exactly the revisions saved on each local day around the daylight-saving changes', async () => {
      expect(await day('2025-03-29')).toEqual(['D1']);
      expect(await day('2025-03-30')).toEqual(['D2', 'D3']);
      expect(await day('2025-03-31')).toEqual(['D4']);
      expect(await day('2025-10-25')).toEqual(['D5']);
      expect(await day('2025-10-26')).toEqual(['D6', 'D7']);
      expect(await day('2025-10-27')).toEqual(['D8']);
    });
  });

  describe('refusals', () => {
    it('answers 404 for an unknown agent', async () => {
      for (const path of ['sf-account', 'sf-case']) {
        const res = await get(`/api/v3/sf-user/NOPE/${path}?${february}`);
        expect(res.statusCode).toBe(404);
        expect(error(res).error.code).toBe('NOT_FOUND');
      }
    });

    it('answers 400 naming the field for a bad date, a reversed range or a bad page', async () => {
      for (const path of ['sf-account', 'sf-case']) {
        const cases: Array<[string, string]> = [
          ['dateFrom=2025-02-30&dateTo=2025-03-01', 'query.dateFrom'],
          ['dateFrom=2025-02-01&dateTo=01/03/2025', 'query.dateTo'],
          ['dateFrom=2025-03-01&dateTo=2025-02-01', 'query.dateTo'],
          [`${february}&page=-1`, 'query.page'],
          [`${february}&size=1000`, 'query.size'],
        ];
        for (const [query, field] of cases) {
          const res = await get(`/api/v3/sf-user/AG1/${path}?${query}`);
          expect(res.statusCode, query).toBe(400);
          expect(error(res).error.field, query).toBe(field);
        }
      }
    });

    it('answers 401 without a token', async () => {
      for (const path of ['sf-account', 'sf-case'])
        expect((await get(`/api/v3/sf-user/AG1/${path}?${february}`, null)).statusCode).toBe(401);
    });
  });
});
