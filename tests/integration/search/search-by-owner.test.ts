import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { USER_RANA } from '../../../contract/roles';
import { caseRowSchema, contactRowSchema } from '../../../contract/search';
import { migrateToLatest, type Db } from '../../../server/db/database';
import type { RevisionSource } from '../../../server/store/revision-store';
import { bearer, signedInUser } from '../../support/auth';
import { addAgent, addRevision, caseSnapshot, contactSnapshot } from '../../support/revision-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase, migratedUpTo, testDbKinds } from '../../support/test-database';

const contactPage = envelopeOf(pageOf(contactRowSchema));
const casePage = envelopeOf(pageOf(caseRowSchema));

describe.each(testDbKinds())('search by the owner of each revision on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const rev: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signedInUser(t, USER_RANA)).token;
    const db = t.database.db;
    await addAgent(db, { id: 'OW1', username: 'primo' });
    await addAgent(db, { id: 'OW2', username: 'secondo' });
    // M1 belongs to OW1 in January, then is handed to OW2 in March.
    const m1 = contactSnapshot('M1', 'OW1', { Name: 'Marta Passata' });
    rev.m1a = await addRevision(db, 'Account', m1, '2025-01-10T10:00:00Z');
    rev.m1b = await addRevision(db, 'Account', { ...m1, OwnerId: 'OW2' }, '2025-03-10T10:00:00Z');
    // M2 stays OW1's and is deleted in the CRM in March.
    const m2 = contactSnapshot('M2', 'OW1', { Name: 'Mario Cancellato' });
    rev.m2a = await addRevision(db, 'Account', m2, '2025-03-01T10:00:00Z');
    rev.m2b = await addRevision(
      db,
      'Account',
      { ...m2, IsDeleted: true },
      '2025-03-05T10:00:00Z',
      'delete' as RevisionSource,
    );
    // M3 and M4: two more of OW1's in March, for paging.
    for (const id of ['M3', 'M4'])
      await addRevision(db, 'Account', contactSnapshot(id, 'OW1', { Name: id }), '2025-03-02T10:00:00Z');
    // A case handed over the same way; its product description is what search shows and filters.
    const q1 = caseSnapshot('Q1', 'OW1', { CaseNumber: '00009001', Product_Description__c: 'Gnocchi' });
    rev.q1a = await addRevision(db, 'Case', q1, '2025-01-12T10:00:00Z');
    rev.q1b = await addRevision(db, 'Case', { ...q1, OwnerId: 'OW2' }, '2025-03-12T10:00:00Z');
  });
  afterAll(() => t?.close());

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as unknown;
  };
  const contacts = async (agent: string, query: string) =>
    contactPage.parse(await get(`/api/v3/sf-user/${agent}/sf-account?${query}`)).data.query;
  const cases = async (agent: string, query: string) =>
    casePage.parse(await get(`/api/v3/sf-user/${agent}/sf-case?${query}`)).data.query;
  const ids = (page: { content: Array<{ id: string }> }) => page.content.map((row) => row.id);
  const january = 'dateFrom=2025-01-01&dateTo=2025-01-31';
  const march = 'dateFrom=2025-03-01&dateTo=2025-03-31';

  it('finds a record under the agent who owned it when it changed, not under its owner today', async () => {
    expect(ids(await contacts('OW1', january))).toEqual(['M1']);
    expect(ids(await contacts('OW2', january))).toEqual([]);
    expect(ids(await contacts('OW2', march))).toEqual(['M1']);
    expect(ids(await contacts('OW1', `${march}&sort=id,asc`))).toEqual(['M2', 'M3', 'M4']);
    expect(await contacts('OW1', january)).toMatchObject({
      content: [{ earlierRevisionAccount: { id: rev.m1a }, laterRevisionAccount: { id: rev.m1a } }],
    });
    expect(ids(await cases('OW1', january))).toEqual(['Q1']);
    expect(ids(await cases('OW1', march))).toEqual([]);
    expect(await cases('OW2', `${march}&filter=gnocchi`)).toMatchObject({
      totalElements: 1,
      content: [{ id: 'Q1', description: 'Gnocchi', laterRevisionCase: { id: rev.q1b } }],
    });
  });

  it('lists with deleted=true only the records deleted in the range while the agent owned them', async () => {
    expect(ids(await contacts('OW1', `${march}&deleted=true`))).toEqual(['M2']);
    expect(ids(await contacts('OW1', `${january}&deleted=true`))).toEqual([]);
    expect(ids(await contacts('OW2', `${march}&deleted=true`))).toEqual([]);
    expect(ids(await cases('OW2', `${march}&deleted=true`))).toEqual([]);
  });

  it('keeps the total exact on every page, past the last one too', async () => {
    const query = `${march}&sort=id,asc&size=2`;
    expect(await contacts('OW1', `${query}&page=1`)).toMatchObject({ totalElements: 3, totalPages: 2 });
    expect(ids(await contacts('OW1', `${query}&page=1`))).toEqual(['M4']);
    expect(await contacts('OW1', `${query}&page=7`)).toMatchObject({ content: [], totalElements: 3 });
    expect(await contacts('OW1', `${query}&page=7&filter=nessuno`)).toMatchObject({ totalElements: 0 });
  });
});

describe.each(testDbKinds())('revision owner migration on %s', (kind) => {
  let close: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    const handle = await createTestDatabase(kind);
    ({ db, close } = handle);
  });
  afterAll(() => close?.());

  it('fills the owner of every stored revision from its snapshot and what the case search shows', async () => {
    await migratedUpTo(db, '0002-restore-claims');
    await sql`insert into sf_users (id, username, updated_at) values ('OW1', 'primo', now())`.execute(db);
    await sql`insert into sf_accounts (id, owner_id, updated_at) values ('A1', 'OW1', now())`.execute(db);
    await sql`insert into revision_accounts (account_id, saved_at, json, hash, source) values
      ('A1', '2025-01-01T00:00:00Z', '{"Id": "A1", "OwnerId": "OW1"}', 'h1', 'import'),
      ('A1', '2025-02-01T00:00:00Z', '{"Id": "A1", "OwnerId": ""}', 'h2', 'import')`.execute(db);
    await sql`insert into sf_cases (id, owner_id, description, updated_at) values ('K1', 'OW1', 'Rotto', now())`.execute(
      db,
    );
    await sql`insert into revision_cases (case_id, saved_at, json, hash, source) values
      ('K1', '2025-01-01T00:00:00Z', '{"Id": "K1", "OwnerId": "OW1", "Description": "Rotto",
        "Product_Description__c": "Ravioli"}', 'h1', 'import')`.execute(db);
    await sql`update sf_cases set latest_revision_id = (select max(id) from revision_cases)`.execute(db);

    expect(await migrateToLatest(db)).toContain('0004-revision-owner');

    const owners = await sql<{ owner_id: string | null }>`
      select owner_id from revision_accounts order by saved_at`.execute(db);
    expect(owners.rows.map((r) => r.owner_id)).toEqual(['OW1', null]);
    const caseRow = await sql<{ owner_id: string; description: string }>`
      select r.owner_id, c.description from revision_cases r join sf_cases c on c.id = r.case_id`.execute(db);
    expect(caseRow.rows).toEqual([{ owner_id: 'OW1', description: 'Ravioli' }]);
  });
});
