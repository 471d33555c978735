import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../../../server/db/database';
import { recordLives } from '../../../server/store/record-life.repository';
import { createTestDatabase, migrateTo, migratedUpTo, testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())(
  'records keep when a contact became a business account (migration 0017), on %s',
  (kind) => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.close());

    it('fills the conversion time from the revisions, keeps it under a later deletion, and undoes to latest_converted', async () => {
      const { db } = database;
      await migratedUpTo(db, '0016-converted-contacts');
      await sql`insert into sf_accounts (id, updated_at) values
      ('LIVE', now()), ('CONVERTED', now()), ('CONVERTED_DELETED', now()), ('DELETED', now())`.execute(db);
      await sql`insert into revision_accounts (account_id, saved_at, json, hash, source) values
      ('LIVE', '2025-01-01T00:00:00Z', '{"Id": "LIVE"}', 'l1', 'sync'),
      ('CONVERTED', '2025-01-01T00:00:00Z', '{"Id": "CONVERTED"}', 'c1', 'sync'),
      ('CONVERTED', '2025-02-01T00:00:00Z', '{"Id": "CONVERTED"}', 'c2', 'convert'),
      ('CONVERTED_DELETED', '2025-01-01T00:00:00Z', '{"Id": "CONVERTED_DELETED"}', 'x1', 'sync'),
      ('CONVERTED_DELETED', '2025-03-01T00:00:00Z', '{"Id": "CONVERTED_DELETED"}', 'x2', 'convert'),
      ('CONVERTED_DELETED', '2025-04-01T00:00:00Z', '{"Id": "CONVERTED_DELETED", "IsDeleted": true}', 'x3', 'delete'),
      ('DELETED', '2025-01-01T00:00:00Z', '{"Id": "DELETED"}', 'd1', 'convert'),
      ('DELETED', '2025-02-01T00:00:00Z', '{"Id": "DELETED"}', 'd2', 'sync'),
      ('DELETED', '2025-03-01T00:00:00Z', '{"Id": "DELETED", "IsDeleted": true}', 'd3', 'delete')`.execute(
        db,
      );
      await sql`update sf_accounts s set latest_revision_id = r.id, latest_saved_at = r.saved_at,
        latest_deleted = r.source = 'delete', latest_converted = r.source = 'convert'
      from (select distinct on (account_id) account_id, id, saved_at, source from revision_accounts
            order by account_id, saved_at desc) r
      where r.account_id = s.id`.execute(db);

      expect(await migrateTo(db, '0017-conversion-time')).toEqual(['0017-conversion-time']);
      const lives = await recordLives(db, 'account', ['LIVE', 'CONVERTED', 'CONVERTED_DELETED', 'DELETED']);
      expect(lives.get('LIVE')).toMatchObject({ deletedAt: null, convertedAt: null });
      expect(lives.get('CONVERTED')).toMatchObject({
        deletedAt: null,
        convertedAt: '2025-02-01T00:00:00.000Z',
      });
      expect(lives.get('CONVERTED_DELETED')).toMatchObject({
        deletedAt: '2025-04-01T00:00:00.000Z',
        convertedAt: '2025-03-01T00:00:00.000Z',
      });
      // A contact again before its deletion: deleted only.
      expect(lives.get('DELETED')).toMatchObject({
        deletedAt: '2025-03-01T00:00:00.000Z',
        convertedAt: null,
      });

      expect(await migrateTo(db, '0016-converted-contacts')).toEqual(['0017-conversion-time']);
      const undone = await sql<{ id: string; latest_converted: boolean }>`
      select id, latest_converted from sf_accounts order by id`.execute(db);
      expect(undone.rows).toEqual([
        { id: 'CONVERTED', latest_converted: true },
        { id: 'CONVERTED_DELETED', latest_converted: false },
        { id: 'DELETED', latest_converted: false },
        { id: 'LIVE', latest_converted: false },
      ]);
      await migrateToLatest(db);
    });
  },
);
