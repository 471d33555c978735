import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../../server/db/database';
import { migrationProvider } from '../../../server/db/migrations';
import { quarterOf, quartersBetween } from '../../../server/db/partitions';
import { maintainPartitions } from '../../../server/store/revision-partitions';
import { storeSnapshots } from '../../../server/store/revision-store';
import { ensureRoles } from '../../../server/users/bootstrap';
import { addAgent, addRevision, contactSnapshot } from '../../support/revision-fixtures';
import { createTestDatabase, migratedUpTo, testDbKinds } from '../../support/test-database';

/** Where each revision lives: its partition's name, by id. */
async function partitionsOf(db: Db, table: 'revision_accounts' | 'revision_cases') {
  const { rows } = await sql<{ id: number; part: string }>`
    select id, tableoid::regclass::text as part from ${sql.table(table)} order by id`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.id, r.part]));
}

const relkind = async (db: Db, table: string) =>
  (await sql<{ relkind: string }>`select relkind from pg_class where relname = ${table}`.execute(db)).rows[0]
    ?.relkind;

describe('quarters', () => {
  it('cuts time into UTC calendar quarters', () => {
    expect(quarterOf(Date.parse('2026-11-25T10:00:00Z'))).toEqual({
      name: '2026q4',
      from: new Date('2026-10-01T00:00:00Z'),
      to: new Date('2027-01-01T00:00:00Z'),
    });
    expect(quarterOf(Date.parse('2026-03-31T23:59:59.999Z')).name).toBe('2026q1');
    expect(quarterOf(Date.parse('2026-04-01T00:00:00Z')).name).toBe('2026q2');
    expect(
      quartersBetween(Date.parse('2025-11-01T00:00:00Z'), Date.parse('2026-04-02T00:00:00Z')).map(
        (q) => q.name,
      ),
    ).toEqual(['2025q4', '2026q1', '2026q2']);
  });
});

describe.each(testDbKinds())('revisions partitioned by quarter on %s', (kind) => {
  let close: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    ({ db, close } = await createTestDatabase(kind));
  });
  afterAll(() => close?.());

  it('converts a plain revisions table in place: same ids and rows, requests still find their revision, ids go on', async () => {
    await migratedUpTo(db, '0010-rollbacks');
    expect(await relkind(db, 'revision_accounts')).toBe('r');

    // Rows as the code of that time stored them.
    await addAgent(db, { id: 'PT1', username: 'partizione' });
    await sql`insert into sf_accounts (id, owner_id, updated_at) values ('P1', 'PT1', now())`.execute(db);
    await sql`insert into sf_cases (id, owner_id, updated_at) values ('PK1', 'PT1', now())`.execute(db);
    const old = async (
      table: 'revision_accounts' | 'revision_cases',
      id: string,
      phone: string,
      at: string,
    ) => {
      const key = table === 'revision_accounts' ? 'account_id' : 'case_id';
      const json = JSON.stringify({ Id: id, OwnerId: 'PT1', Phone: phone });
      const { rows } = await sql<{ id: number }>`
        insert into ${sql.table(table)} (${sql.ref(key)}, owner_id, saved_at, json, hash, source)
        values (${id}, 'PT1', ${at}, ${json}, ${`h${phone}`}, 'sync') returning id`.execute(db);
      return rows[0]!.id;
    };
    const a1 = await old('revision_accounts', 'P1', '1', '2024-02-10T10:00:00Z');
    const a2 = await old('revision_accounts', 'P1', '2', '2025-08-10T10:00:00Z');
    const a3 = await old('revision_accounts', 'P1', '3', '2025-09-30T23:59:59Z');
    const k1 = await old('revision_cases', 'PK1', '1', '2025-01-01T00:00:00Z');
    await sql`update sf_accounts set latest_revision_id = ${a3}`.execute(db);
    await ensureRoles(db, 'STORICO');
    const role = await sql<{ id: number }>`select id from roles where name = 'ADMIN'`.execute(db);
    const user = await sql<{ id: number }>`
      insert into users (username, email, password_hash, role_id)
      values ('rana', 'rana@example.it', 'x', ${role.rows[0]!.id}) returning id`.execute(db);
    await sql`insert into restore_account_requests (revision_account_id, account_id, sf_user_id, date_from, date_to,
        restore_type_id, status_id, user_creator_id, applied_revision_id)
      values (${a1}, 'P1', 'PT1', '2024-01-01', '2024-03-01', 1, 3, ${user.rows[0]!.id}, ${a3})`.execute(db);
    const before = await sql`select * from revision_accounts order by id`.execute(db);

    expect((await migrateToLatest(db))[0]).toBe('0011-revision-partitions');

    expect(await relkind(db, 'revision_accounts')).toBe('p');
    expect(await relkind(db, 'revision_cases')).toBe('p');
    expect((await sql`select * from revision_accounts order by id`.execute(db)).rows).toEqual(before.rows);
    expect(await partitionsOf(db, 'revision_accounts')).toEqual({
      [a1]: 'revision_accounts_2024q1',
      [a2]: 'revision_accounts_2025q3',
      [a3]: 'revision_accounts_2025q3',
    });
    expect(await partitionsOf(db, 'revision_cases')).toEqual({ [k1]: 'revision_cases_2025q1' });
    // Every quarter from the oldest revision to the one after this is made, empty ones included.
    const made = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'revision_accounts'::regclass order by 1`.execute(db);
    const soon = new Date();
    soon.setUTCMonth(soon.getUTCMonth() + 3);
    const expected = quartersBetween(Date.parse('2024-02-10T10:00:00Z'), soon.getTime());
    expect(made.rows.map((r) => r.name)).toEqual(
      [...expected.map((q) => `revision_accounts_${q.name}`), 'revision_accounts_default'].sort(),
    );
    const request = await sql<{ phone: string; applied: string }>`
      select r.json->>'Phone' as phone, a.json->>'Phone' as applied from restore_account_requests q
      join revision_accounts r on r.id = q.revision_account_id
      join revision_accounts a on a.id = q.applied_revision_id`.execute(db);
    expect(request.rows).toEqual([{ phone: '1', applied: '3' }]);

    const newest = await sql`select latest_revision_id, latest_saved_at from sf_accounts`.execute(db);
    expect(newest.rows).toEqual([
      { latest_revision_id: a3, latest_saved_at: new Date('2025-09-30T23:59:59Z') },
    ]);

    // New revisions take the next ids and land in their quarter; the dedup key still holds.
    const c = contactSnapshot('P1', 'PT1');
    const a4 = await addRevision(db, 'Account', { ...c, Phone: '4' }, '2024-03-01T10:00:00Z');
    expect(a4).toBeGreaterThan(a3);
    expect((await partitionsOf(db, 'revision_accounts'))[a4]).toBe('revision_accounts_2024q1');
    await expect(addRevision(db, 'Account', { ...c, Phone: '4' }, '2024-03-01T10:00:00Z')).rejects.toThrow(
      /equals a stored revision/,
    );

    // And back: a plain table with the same rows and the foreign keys of the restore requests.
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0010-rollbacks')).error).toBeUndefined();
    expect(await relkind(db, 'revision_accounts')).toBe('r');
    expect((await sql`select count(*)::int as n from revision_accounts`.execute(db)).rows).toEqual([
      { n: 4 },
    ]);
    await expect(
      sql`update restore_account_requests set revision_account_id = 999999`.execute(db),
    ).rejects.toThrow(/foreign key/);
    expect((await migrateToLatest(db))[0]).toBe('0011-revision-partitions');
    expect(await relkind(db, 'revision_accounts')).toBe('p');
  });

  it('makes the quarter of a new revision, and moves what reached the default partition into its quarter', async () => {
    await addAgent(db, { id: 'PT2', username: 'trimestri' });
    const c = contactSnapshot('P2', 'PT2');
    // Stored on its own: the revision store makes 2021q2's partition first.
    const early = await addRevision(db, 'Account', { ...c, Phone: '1' }, '2021-05-05T10:00:00Z');
    expect((await partitionsOf(db, 'revision_accounts'))[early]).toBe('revision_accounts_2021q2');

    // Stored inside a caller's transaction that did not make it: the default partition takes it...
    const at = '2020-08-01T10:00:00.000+0000';
    const [stored] = await db
      .transaction()
      .execute((trx) =>
        storeSnapshots(
          trx,
          'Account',
          [{ ...c, Phone: '0', SystemModstamp: at, LastModifiedDate: at }],
          'sync',
        ),
      );
    expect((await partitionsOf(db, 'revision_accounts'))[stored!.revisionId]).toBe(
      'revision_accounts_default',
    );
    // ...a date more than ten years back stays there for good...
    const ancient = await addRevision(db, 'Account', { ...c, Phone: '9' }, '2001-01-01T10:00:00Z');
    // ...and the start's maintenance gives the rest a quarter, ids unchanged.
    await maintainPartitions(db);
    const parts = await partitionsOf(db, 'revision_accounts');
    expect(parts[stored!.revisionId]).toBe('revision_accounts_2020q3');
    expect(parts[ancient]).toBe('revision_accounts_default');
    const current = quarterOf(Date.now()).name;
    expect(
      (
        await sql<{
          found: string | null;
        }>`select to_regclass(${`revision_cases_${current}`})::text as found`.execute(db)
      ).rows[0]!.found,
    ).toBe(`revision_cases_${current}`);
  });
});
