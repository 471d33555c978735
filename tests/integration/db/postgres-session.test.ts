import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
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
});
