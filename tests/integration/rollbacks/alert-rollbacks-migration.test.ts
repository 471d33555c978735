import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../../../server/db/database';
import { createTestDatabase, migrateTo, migratedUpTo, testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('one open rollback per alert (migration 0019), on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('keeps every rollback made before the key, the oldest open one linked to the alert', async () => {
    const { db } = database;
    await migratedUpTo(db, '0018-rollback-reasons');
    await sql`insert into roles (id, name, label) values (1, 'SUPERVISOR', 'Supervisore')`.execute(db);
    await sql`insert into users (id, username, email, password_hash, role_id)
      values (1, 'rev', 'rev@example.com', 'x', 1)`.execute(db);
    await sql`insert into alerts (id, sf_user_id, object, window_start, window_end, changed, deleted)
      values (7, '005A', 'Account', '2026-11-01T10:00:00Z', '2026-11-01T11:00:00Z', 60, 0)`.execute(db);
    // Two open ones naming the alert with other windows, and a finished one before them.
    await sql`insert into rollback_requests
      (id, sf_user_id, object, range_from, range_to, window_from, window_to, alert_id, status, run, total, user_creator_id)
      values
      (1, '005A', 'Account', '2026-11-01', '2026-11-01', '2026-11-01T09:00:00Z', '2026-11-01T12:00:00Z', 7, 'APPROVED', 'finished', 3, 1),
      (2, '005A', 'Account', '2026-11-01', '2026-11-01', '2026-11-01T10:00:00Z', '2026-11-01T11:00:00Z', 7, 'PENDING', 'waiting', 3, 1),
      (3, '005A', 'Account', '2026-11-01', '2026-11-01', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z', 7, 'APPROVED', 'running', 3, 1),
      (4, '005A', 'Account', '2026-11-02', '2026-11-02', '2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z', 7, 'PENDING', 'waiting', 3, 1)`.execute(
      db,
    );

    expect(await migrateTo(db, '0019-rollback-alerts-and-user-names')).toEqual([
      '0019-rollback-alerts-and-user-names',
    ]);
    const rows = await sql<{ id: number; alert_id: number | null; status: string; run: string }>`
      select id, alert_id, status, run from rollback_requests order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, alert_id: 7, status: 'APPROVED', run: 'finished' },
      { id: 2, alert_id: 7, status: 'PENDING', run: 'waiting' },
      { id: 3, alert_id: null, status: 'APPROVED', run: 'running' },
      { id: 4, alert_id: null, status: 'PENDING', run: 'waiting' },
    ]);
    // The key holds from now on.
    await expect(sql`update rollback_requests set alert_id = 7 where id = 4`.execute(db)).rejects.toThrow(
      /rollback_requests_open_alert/,
    );
    await migrateToLatest(db);
  });
});
