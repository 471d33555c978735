import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
import { pruneRevisions } from '../../../server/store/retention';
import { holdNamedRevisions } from '../../../server/store/revisions-named';
import { ensureRoles } from '../../../server/users/bootstrap';
import { addAgent, addRevision, contactSnapshot } from '../../support/revision-fixtures';
import { createTestDatabase } from '../../support/test-database';

// Two transactions at once: PostgreSQL only (PGlite serves one at a time, so the race cannot happen there).
describe.skipIf(!process.env.TEST_DATABASE_URL)('retention and a request made in the same moment', () => {
  let database: DatabaseHandle;
  let userId: number;
  const cutoff = new Date('2025-06-01T00:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await ensureRoles(database.db, 'STORICO');
    await addAgent(database.db, { id: 'RR1', username: 'gara' });
    const role = await sql<{ id: number }>`select id from roles where name = 'USER_RANA'`.execute(
      database.db,
    );
    const user = await sql<{ id: number }>`
      insert into users (username, email, password_hash, role_id)
      values ('rana', 'rana@example.it', 'x', ${role.rows[0]!.id}) returning id`.execute(database.db);
    userId = user.rows[0]!.id;
  });
  afterAll(() => database?.close());

  /** A record whose first revision is old and no longer in effect at the cutoff: pruning would delete it. */
  async function prunableRevision(recordId: string): Promise<number> {
    const snapshot = contactSnapshot(recordId, 'RR1');
    const old = await addRevision(
      database.db,
      'Account',
      { ...snapshot, Phone: '1' },
      '2024-01-10T10:00:00Z',
    );
    await addRevision(database.db, 'Account', { ...snapshot, Phone: '2' }, '2024-03-10T10:00:00Z');
    await addRevision(database.db, 'Account', { ...snapshot, Phone: '3' }, '2025-09-10T10:00:00Z');
    return old;
  }

  const stored = async (id: number) =>
    (
      await sql<{ n: number }>`select count(*)::int as n from revision_accounts where id = ${id}`.execute(
        database.db,
      )
    ).rows[0]!.n === 1;

  it('keeps a revision a request names when the prune starts while the request is being inserted', async () => {
    const revision = await prunableRevision('RACE1');
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const request = database.db.transaction().execute(async (trx) => {
      await holdNamedRevisions(trx, 'account', [revision]);
      await sql`insert into restore_account_requests (revision_account_id, account_id, sf_user_id, date_from,
          date_to, restore_type_id, status_id, user_creator_id)
        values (${revision}, 'RACE1', 'RR1', '2024-01-01', '2024-02-01', 1, 1, ${userId})`.execute(trx);
      inserted();
      await committing;
    });
    await insertedYet;
    let pruned = false;
    const pruning = pruneRevisions(database.db, cutoff).then(() => (pruned = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The prune waits for the request being inserted...
    expect(pruned).toBe(false);
    commit();
    await request;
    await pruning;
    // ...and then sees it: the revision it names stays.
    expect(await stored(revision)).toBe(true);
  });

  it('refuses a request whose revision a prune deleted before it', async () => {
    const revision = await prunableRevision('RACE2');
    await pruneRevisions(database.db, cutoff);
    expect(await stored(revision)).toBe(false);
    await expect(
      database.db.transaction().execute((trx) => holdNamedRevisions(trx, 'account', [revision])),
    ).rejects.toMatchObject({ statusCode: 409 });
  });
});
