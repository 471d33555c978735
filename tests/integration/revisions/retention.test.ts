import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
import { pruneRevisions, retentionCutoff } from '../../../server/store/retention';
import { ensureRoles } from '../../../server/users/bootstrap';
import { addAgent, addRevision, caseSnapshot, contactSnapshot } from '../../support/revision-fixtures';
import { createTestDatabase, testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('RETENTION_MONTHS pruning on %s', (kind) => {
  let database: DatabaseHandle;
  const rev: Record<string, number> = {};
  const cutoff = new Date('2025-06-01T00:00:00Z');

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    await ensureRoles(db, 'STORICO');
    await addAgent(db, { id: 'RT1', username: 'ritenuta' });
    const c1 = contactSnapshot('R1', 'RT1');
    rev.c1a = await addRevision(db, 'Account', { ...c1, Phone: '1' }, '2024-01-10T10:00:00Z');
    rev.c1b = await addRevision(db, 'Account', { ...c1, Phone: '2' }, '2024-05-10T10:00:00Z');
    rev.c1c = await addRevision(db, 'Account', { ...c1, Phone: '3' }, '2025-01-10T10:00:00Z');
    rev.c1d = await addRevision(db, 'Account', { ...c1, Phone: '4' }, '2025-09-10T10:00:00Z');
    // R2 changed only long ago: its one old revision is still the version in effect.
    rev.c2a = await addRevision(db, 'Account', contactSnapshot('R2', 'RT1'), '2024-02-01T10:00:00Z');
    const k1 = caseSnapshot('Q1', 'RT1');
    rev.k1a = await addRevision(db, 'Case', { ...k1, Status: 'New' }, '2024-03-01T10:00:00Z');
    rev.k1b = await addRevision(db, 'Case', { ...k1, Status: 'Working' }, '2024-04-01T10:00:00Z');
    rev.k1c = await addRevision(db, 'Case', { ...k1, Status: 'Closed' }, '2024-05-01T10:00:00Z');

    // A restore request targets c1a; the audit log names that request.
    const role = await sql<{ id: number }>`select id from roles where name = 'USER_RANA'`.execute(db);
    const user = await sql<{ id: number }>`
      insert into users (username, email, password_hash, role_id)
      values ('rana', 'rana@example.it', 'x', ${role.rows[0]!.id}) returning id`.execute(db);
    await sql`insert into restore_account_requests (revision_account_id, account_id, sf_user_id, date_from, date_to,
        restore_type_id, status_id, user_creator_id)
      values (${rev.c1a}, 'R1', 'RT1', '2024-01-01', '2024-02-01', 1, 3, ${user.rows[0]!.id})`.execute(db);
    // A rollback of the agent's case changes goes back to k1a.
    const rollback = await sql<{ id: number }>`
      insert into rollback_requests (sf_user_id, object, range_from, range_to, window_from, window_to, total,
        user_creator_id)
      values ('RT1', 'Case', '2024-03-02', '2024-04-30', '2024-03-02', '2024-04-30', 1, ${user.rows[0]!.id})
      returning id`.execute(db);
    await sql`insert into rollback_records (rollback_id, position, record_id, target_revision_id)
      values (${rollback.rows[0]!.id}, 0, 'Q1', ${rev.k1a})`.execute(db);
  });
  afterAll(() => database?.close());

  const ids = async (table: 'revision_accounts' | 'revision_cases') =>
    (await database.db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);

  it('deletes the old revisions nobody needs and keeps the version in effect and those a restore or a rollback refers to', async () => {
    expect(await pruneRevisions(database.db, cutoff)).toEqual({ account: 1, case: 1 });
    expect(await ids('revision_accounts')).toEqual([rev.c1a, rev.c1c, rev.c1d, rev.c2a]);
    expect(await ids('revision_cases')).toEqual([rev.k1a, rev.k1c]);
    // Nothing more to prune: a second run deletes nothing.
    expect(await pruneRevisions(database.db, cutoff)).toEqual({ account: 0, case: 0 });
  });

  it('counts the cutoff in calendar months', () => {
    expect(retentionCutoff(new Date('2026-11-24T12:00:00Z'), 18).toISOString()).toBe(
      '2025-05-24T12:00:00.000Z',
    );
  });
});
