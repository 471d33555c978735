import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle, type Db } from '../../../server/db/database';
import { createTestDatabase, migratedUpTo, testDbKinds } from '../../support/test-database';

/** The foreign keys from the revisions to their records' rows. */
const recordKeys = async (db: Db) =>
  (
    await sql<{ name: string }>`select conname as name from pg_constraint
      where contype = 'f' and conrelid in ('revision_accounts'::regclass, 'revision_cases'::regclass)
      order by conname`.execute(db)
  ).rows.map((r) => r.name);

describe.each(testDbKinds())(
  'revisions name their record without a foreign key (migration 0015), on %s',
  (kind) => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.close());

    it('drops the keys, keeps the revisions, and puts the keys back when undone', async () => {
      const { db } = database;
      await migratedUpTo(db, '0014-first-revision-time');
      expect(await recordKeys(db)).toEqual([
        'revision_accounts_account_id_fkey',
        'revision_cases_case_id_fkey',
      ]);
      await sql`insert into sf_accounts (id, updated_at) values ('KEPT', now())`.execute(db);
      await sql`insert into revision_accounts (account_id, saved_at, json, hash, source)
      values ('KEPT', '2025-03-01T00:00:00Z', '{"Id": "KEPT"}', 'k1', 'sync')`.execute(db);

      expect(await migrateToLatest(db)).toContain('0015-revisions-without-record-key');
      expect(await recordKeys(db)).toEqual([]);
      expect((await sql`select account_id from revision_accounts`.execute(db)).rows).toEqual([
        { account_id: 'KEPT' },
      ]);

      await migratedUpTo(db, '0014-first-revision-time');
      expect(await recordKeys(db)).toHaveLength(2);
      await migrateToLatest(db);
    });
  },
);
