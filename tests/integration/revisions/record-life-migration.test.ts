import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type Db } from '../../../server/db/database';
import { recordLives } from '../../../server/store/record-life.repository';
import { createTestDatabase, migratedUpTo, testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('migration 0013 keeps each record life on its row, on %s', (kind) => {
  let db: Db;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const handle = await createTestDatabase(kind);
    ({ db, close } = handle);
  });
  afterAll(() => close?.());

  it('fills the deleted and merged records from their newest revision, and leaves the others live', async () => {
    await migratedUpTo(db, '0012-session-changes');
    await sql`insert into sf_users (id, username, updated_at) values ('OW1', 'primo', now())`.execute(db);
    await sql`insert into sf_accounts (id, owner_id, updated_at) values
      ('LIVE', 'OW1', now()), ('GONE', 'OW1', now()), ('MERGED', 'OW1', now()), ('SURVIVOR', 'OW1', now()),
      ('BACK', 'OW1', now())`.execute(db);
    await sql`insert into revision_accounts (account_id, saved_at, json, hash, source) values
      ('LIVE', '2025-01-01T00:00:00Z', '{"Id": "LIVE"}', 'l1', 'sync'),
      ('GONE', '2025-01-01T00:00:00Z', '{"Id": "GONE"}', 'g1', 'sync'),
      ('GONE', '2025-02-01T00:00:00Z', '{"Id": "GONE", "IsDeleted": true, "MasterRecordId": ""}', 'g2', 'delete'),
      ('MERGED', '2025-03-01T00:00:00Z',
        '{"Id": "MERGED", "IsDeleted": true, "MasterRecordId": "SURVIVOR"}', 'm1', 'delete'),
      ('SURVIVOR', '2025-03-01T00:00:00Z', '{"Id": "SURVIVOR"}', 's1', 'sync'),
      ('BACK', '2025-01-01T00:00:00Z', '{"Id": "BACK", "IsDeleted": true}', 'b1', 'delete'),
      ('BACK', '2025-04-01T00:00:00Z', '{"Id": "BACK"}', 'b2', 'sync')`.execute(db);
    await sql`update sf_accounts s set latest_revision_id = r.id, latest_saved_at = r.saved_at
      from (select distinct on (account_id) account_id, id, saved_at from revision_accounts
            order by account_id, saved_at desc) r
      where r.account_id = s.id`.execute(db);

    expect(await migrateToLatest(db)).toContain('0013-record-life');

    const lives = await recordLives(db, 'account', ['LIVE', 'GONE', 'MERGED', 'BACK']);
    expect(lives.get('LIVE')).toMatchObject({ deletedAt: null, mergedInto: null });
    expect(lives.get('BACK')).toMatchObject({ deletedAt: null, mergedInto: null });
    expect(lives.get('GONE')).toMatchObject({
      deletedAt: '2025-02-01T00:00:00.000Z',
      mergedInto: null,
      mergedIntoKnown: false,
    });
    expect(lives.get('MERGED')).toMatchObject({
      deletedAt: '2025-03-01T00:00:00.000Z',
      mergedInto: 'SURVIVOR',
      mergedIntoKnown: true,
    });
  });
});
