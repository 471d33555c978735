import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle, type Db } from '../../../server/db/database';
import { createTestDatabase, migrateTo, migratedUpTo, testDbKinds } from '../../support/test-database';

/** The tables of records that have the column `latest_converted`. */
const withColumn = async (db: Db) =>
  (
    await sql<{ table: string }>`select table_name as table from information_schema.columns
      where column_name = 'latest_converted' and table_name in ('sf_accounts', 'sf_cases')
      order by table_name`.execute(db)
  ).rows.map((r) => r.table);

describe.each(testDbKinds())(
  'records keep whether a contact became a business account (migration 0016), on %s',
  (kind) => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.close());

    it('adds latest_converted, false on existing rows, and drops it when undone', async () => {
      const { db } = database;
      await migratedUpTo(db, '0015-revisions-without-record-key');
      expect(await withColumn(db)).toEqual([]);
      await sql`insert into sf_accounts (id, updated_at) values ('KEPT', now())`.execute(db);

      expect(await migrateTo(db, '0016-converted-contacts')).toEqual(['0016-converted-contacts']);
      expect(await withColumn(db)).toEqual(['sf_accounts', 'sf_cases']);
      expect((await sql`select id, latest_converted from sf_accounts`.execute(db)).rows).toEqual([
        { id: 'KEPT', latest_converted: false },
      ]);

      await migratedUpTo(db, '0015-revisions-without-record-key');
      expect(await withColumn(db)).toEqual([]);
      await migrateToLatest(db);
    });
  },
);
