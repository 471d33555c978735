import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { recordHistory } from '../../../server/store/revisions.repository';
import { storeSnapshots } from '../../../server/store/revision-store';
import { createTestDatabase } from '../../support/test-database';

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL sessions Storico opens', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database?.close());

  it('run without JIT, whose compile time would stall the API on costly plans', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 3 }, () =>
        sql<{ jit: string }>`select current_setting('jit') as jit`.execute(database.db),
      ),
    );
    expect(sessions.map((s) => s.rows[0]!.jit)).toEqual(['off', 'off', 'off']);
  });

  it('prepare the hot reads once per connection, and plan them again when a partition is added', async () => {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    // One connection, so every call below runs on the connection that prepared the statement.
    const single = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      const account = (stamp: string, phone: string) => ({
        Id: '001000000000001AAA',
        Name: 'Ave Marziali',
        Phone: phone,
        SystemModstamp: stamp,
      });
      await storeSnapshots(database.db, 'Account', [account('2026-05-01T09:00:00.000+0000', '1')], 'sync');
      const history = () =>
        recordHistory(single.db, 'account', '001000000000001AAA', { offset: 0, limit: 10 });
      // Past the first five runs PostgreSQL may keep one generic plan for every later run.
      for (let run = 0; run < 7; run++) expect((await history())!.total).toBe(1);
      const prepared = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where name like 'storico_%'`.execute(single.db);
      expect(prepared.rows).toEqual([{ statement: expect.stringContaining('count(*) as total') }]);

      // A revision in a quarter that had no partition when the plan was made.
      await storeSnapshots(database.db, 'Account', [account('2031-02-01T09:00:00.000+0000', '2')], 'sync');
      const after = (await history())!;
      expect(after.total).toBe(2);
      expect(after.revisions.map((r) => r.json.Phone)).toEqual(['2', '1']);
    } finally {
      await single.close();
    }
  });
});
