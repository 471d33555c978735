import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
import { ensureReferencedRows, prepare } from '../../../server/store/revision-store';
import { createTestDatabase } from '../../support/test-database';

const AGENT_A = '005CW0000000001AAA';
const AGENT_B = '005CW0000000002AAA';
const contact = (n: number, owner: string) =>
  prepare({ Id: `001CW000000000${n}AAA`, OwnerId: owner, SystemModstamp: '2025-03-01T09:00:00.000+0000' }, n);

/** PGlite is one session: two writers at once exist on PostgreSQL only. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two writers storing at once, on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.close());

  const waitingForALock = async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
      if (rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the second writer never waited');
  };

  it('adding the same new agents in another order, they wait for each other instead of deadlocking', async () => {
    const { db } = database;
    let firstHolds!: () => void;
    const holding = new Promise<void>((resolve) => (firstHolds = resolve));
    let goOn!: () => void;
    const go = new Promise<void>((resolve) => (goOn = resolve));
    // The first writer has added agent A and not committed yet (a sync page storing, say).
    const first = db.transaction().execute(async (trx) => {
      await sql`insert into sf_users (id, username, active, updated_at)
        values (${AGENT_A}, ${AGENT_A}, false, now())`.execute(trx);
      firstHolds();
      await go;
      await ensureReferencedRows(trx, 'Account', [contact(1, AGENT_B), contact(2, AGENT_A)]);
    });
    await holding;
    // The second names B before A: it must not hold B while it waits for A.
    const second = db
      .transaction()
      .execute((trx) => ensureReferencedRows(trx, 'Account', [contact(3, AGENT_B), contact(4, AGENT_A)]));
    await waitingForALock();
    goOn();

    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
    const { rows } = await sql<{ id: string }>`
      select id from sf_users where id in (${AGENT_A}, ${AGENT_B}) order by id`.execute(db);
    expect(rows.map((r) => r.id)).toEqual([AGENT_A, AGENT_B]);
  });
});
