import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { LoginAttemptsTable } from '../db/tables/identity.table';
import type { LockState } from './lock-policy';

/** Failed password attempts kept per username: enough to rebuild the lock state of a name with no user. */
const FAILURE_HISTORY = 200;

export async function recordLoginAttempt(
  db: Db,
  attempt: { username: string; ip: string; at: Date; outcome: LoginAttemptsTable['outcome'] },
): Promise<void> {
  await db.insertInto('login_attempts').values(attempt).execute();
}

/** When this username's recent wrong-credential attempts happened, oldest first. */
export async function credentialFailureTimes(db: Db, username: string): Promise<Date[]> {
  const rows = await db
    .selectFrom('login_attempts')
    .select('at')
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('outcome', '=', 'bad_credentials')
    .orderBy('at', 'desc')
    .limit(FAILURE_HISTORY)
    .execute();
  return rows.map((r) => r.at).reverse();
}

export async function lockStateForUpdate(db: Db, userId: number): Promise<LockState> {
  const row = await db
    .selectFrom('users')
    .select(['failed_attempts', 'locked_until', 'lock_count'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { failedAttempts: row.failed_attempts, lockedUntil: row.locked_until, lockCount: row.lock_count };
}

export async function saveLockState(db: Db, userId: number, state: LockState): Promise<void> {
  await db
    .updateTable('users')
    .set({
      failed_attempts: state.failedAttempts,
      locked_until: state.lockedUntil,
      lock_count: state.lockCount,
    })
    .where('id', '=', userId)
    .execute();
}

/**
 * Records `step` as the user's last accepted code, unless a code of that step or a later one was accepted
 * meanwhile (a concurrent replay): then nothing changes and it answers false.
 */
export async function claimCodeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .execute();
  return rows.length > 0;
}
