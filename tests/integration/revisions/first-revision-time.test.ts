import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../../../server/db/database';
import { recordInRange } from '../../../server/store/revisions.repository';
import { storeSnapshots } from '../../../server/store/revision-store';
import { romeDayRange } from '../../../server/db/rome-days';
import { importSnapshots } from '../../../server/sync/snapshot-import';
import { createTestDatabase, migratedUpTo, testDbKinds } from '../../support/test-database';

const OWNER = '005OW0000000001AAA';
const ACCOUNT = '001FT0000000001AAA';
const CASE = '500FT0000000001AAA';
const account = (day: string, phone: string) => ({
  Id: ACCOUNT,
  OwnerId: OWNER,
  Name: 'Maria Rossi',
  Phone: phone,
  SystemModstamp: `${day}T09:00:00.000+0000`,
});

describe.each(testDbKinds())("each record's oldest revision time (migration 0014), on %s", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  const firstOf = async (table: 'sf_accounts' | 'sf_cases', id: string) =>
    (
      await database.db
        .selectFrom(table)
        .select('first_saved_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).first_saved_at;

  it('the migration fills it from the revisions; a record without any has none', async () => {
    const { db } = database;
    await migratedUpTo(db, '0013-record-life');
    await sql`insert into sf_accounts (id, updated_at) values ('OLD', now()), ('EMPTY', now())`.execute(db);
    await sql`insert into sf_cases (id, updated_at) values ('CASE', now())`.execute(db);
    await sql`insert into revision_accounts (account_id, saved_at, json, hash, source) values
      ('OLD', '2025-03-01T00:00:00Z', '{"Id": "OLD"}', 'o2', 'sync'),
      ('OLD', '2024-11-20T00:00:00Z', '{"Id": "OLD"}', 'o1', 'import')`.execute(db);
    await sql`insert into revision_cases (case_id, saved_at, json, hash, source) values
      ('CASE', '2025-06-01T00:00:00Z', '{"Id": "CASE"}', 'c1', 'sync')`.execute(db);

    expect(await migrateToLatest(db)).toContain('0014-first-revision-time');
    expect(await firstOf('sf_accounts', 'OLD')).toEqual(new Date('2024-11-20T00:00:00Z'));
    expect(await firstOf('sf_accounts', 'EMPTY')).toBeNull();
    expect(await firstOf('sf_cases', 'CASE')).toEqual(new Date('2025-06-01T00:00:00Z'));
  });

  describe('storing', () => {
    beforeEach(async () => {
      await sql`truncate revision_accounts, revision_cases, sf_cases, sf_accounts cascade`.execute(
        database.db,
      );
    });

    it('goes down to an older imported version, never up, and the versions at two dates stay right', async () => {
      const { db } = database;
      await storeSnapshots(db, 'Account', [account('2025-05-10', '1')], 'sync');
      expect(await firstOf('sf_accounts', ACCOUNT)).toEqual(new Date('2025-05-10T09:00:00Z'));
      await storeSnapshots(db, 'Account', [account('2025-05-20', '2')], 'sync');
      expect(await firstOf('sf_accounts', ACCOUNT)).toEqual(new Date('2025-05-10T09:00:00Z'));

      // An older history, imported afterwards: through COPY on PostgreSQL, through the store on PGlite.
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'storico-first-')), 'older.ndjson');
      writeFileSync(file, JSON.stringify({ type: 'Account', record: account('2024-12-01', '0') }));
      await importSnapshots(db, file, { pool: database.pool });
      expect(await firstOf('sf_accounts', ACCOUNT)).toEqual(new Date('2024-12-01T09:00:00Z'));

      const phones = async () => {
        const found = await recordInRange(db, 'account', ACCOUNT, romeDayRange('2025-03-01', '2025-05-15'));
        return [found?.earlier?.json.Phone, found?.later?.json.Phone];
      };
      expect(await phones()).toEqual(['0', '1']);
      // Not known (a row written before it was kept): the same versions, every quarter read.
      await sql`update sf_accounts set first_saved_at = null`.execute(db);
      expect(await phones()).toEqual(['0', '1']);
    });

    it("is the case's own: the contact a case names gets none from it", async () => {
      const { db } = database;
      await storeSnapshots(
        db,
        'Case',
        [{ Id: CASE, OwnerId: OWNER, AccountId: ACCOUNT, SystemModstamp: '2025-06-01T09:00:00.000+0000' }],
        'sync',
      );
      expect(await firstOf('sf_cases', CASE)).toEqual(new Date('2025-06-01T09:00:00Z'));
      expect(await firstOf('sf_accounts', ACCOUNT)).toBeNull();
    });
  });
});
