import { sql } from 'kysely';
import type { Db } from '../db/database';

/** An arbitrary key naming "the CRM sync" among PostgreSQL advisory locks. */
const SYNC_LOCK_KEY = 7_411_203_551;

/**
 * Runs `work` only if no other instance is syncing. On PostgreSQL a session advisory lock, held by one pooled
 * connection for the run and dropped with it if the process dies; PGlite is one process, so no lock is needed
 * (and holding its only connection would stall `work`).
 */
export async function withSyncLock<T>(
  db: Db,
  kind: 'pglite' | 'postgres',
  work: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (kind === 'pglite') return { ran: true, result: await work() };
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${SYNC_LOCK_KEY}) as locked`.execute(conn);
    if (!rows[0]?.locked) return { ran: false as const };
    try {
      return { ran: true as const, result: await work() };
    } finally {
      await sql`select pg_advisory_unlock(${SYNC_LOCK_KEY})`.execute(conn);
    }
  });
}
