import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, type DatabaseHandle } from '../../../server/db/database';
import { createTestDatabase, migrateTo, migratedUpTo, testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())(
  'who gave a user their access, read back from the audit log (migration 0022), on %s',
  (kind) => {
    let database: DatabaseHandle;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database.close());

    it("keeps the last year's creations, enrolment links and passwords set by someone else", async () => {
      const { db } = database;
      await migratedUpTo(db, '0021-crm-field-labels');
      await sql`insert into roles (id, name, label) values (1, 'ADMIN', 'Admin')`.execute(db);
      await sql`insert into users (id, username, email, password_hash, role_id) values
      (1, 'admin', 'admin@example.com', 'x', 1), (2, 'rana', 'rana@example.com', 'x', 1)`.execute(db);
      await sql`insert into audit_log (at, action, actor_user_id, actor_username, target) values
      (now() - interval '400 days', 'user.created', 1, 'admin', 'user:2'),
      (now() - interval '3 days', 'user.created', 1, 'admin', 'user:2'),
      (now() - interval '2 days', 'user.enrolment-issued', 1, 'admin', 'user:2'),
      (now() - interval '1 day', 'user.password-set', 1, 'admin', 'user:2'),
      (now() - interval '1 day', 'user.authenticator-reset', 2, 'rana', 'user:2'),
      (now() - interval '1 day', 'user.password-set', 1, 'admin', 'user:99'),
      (now() - interval '1 day', 'user.enrolment-issued', null, null, 'user:2'),
      (now() - interval '1 day', 'user.updated', 1, 'admin', 'user:2')`.execute(db);

      expect(await migrateTo(db, '0022-access-grants')).toEqual(['0022-access-grants']);
      const rows = await sql<{ user_id: number; granted_by: number; kind: string }>`
      select user_id, granted_by, kind from access_grants order by at, id`.execute(db);
      expect(rows.rows).toEqual([
        { user_id: 2, granted_by: 1, kind: 'created' },
        { user_id: 2, granted_by: 1, kind: 'enrolled' },
        { user_id: 2, granted_by: 1, kind: 'password-set' },
      ]);
      await migrateToLatest(db);
    });
  },
);
