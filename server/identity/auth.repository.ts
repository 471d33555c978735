import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { LoginAttemptsTable } from '../db/tables/identity.table';
import type { LockState } from './lock-policy';

/** Whose failures a lock counts: an account (a lower-cased username, known or not) from one source. */
export type LockKey = { account: string; source: string };

export const lockKey = (username: string, source: string): LockKey => ({
  account: username.toLowerCase(),
  source,
});

export async function recordLoginAttempt(
  db: Db,
  attempt: { username: string; ip: string; at: Date; outcome: LoginAttemptsTable['outcome'] },
): Promise<void> {
  await db.insertInto('login_attempts').values(attempt).execute();
}

const FAILURES: LoginAttemptsTable['outcome'][] = ['bad_credentials', 'bad_code'];

/** Failed sign-ins on an account since `since`, and from how many addresses. */
export async function recentFailures(
  db: Db,
  username: string,
  since: Date,
): Promise<{ failures: number; addresses: number }> {
  const row = await db
    .selectFrom('login_attempts')
    .select([sql<string>`count(*)`.as('failures'), sql<string>`count(distinct ip)`.as('addresses')])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .where('at', '>=', since)
    .where('outcome', 'in', FAILURES)
    .executeTakeFirstOrThrow();
  return { failures: Number(row.failures), addresses: Number(row.addresses) };
}

export async function lockState(db: Db, key: LockKey): Promise<LockState> {
  const row = await db
    .selectFrom('login_locks')
    .select(['failed_attempts', 'locked_until', 'lock_count'])
    .where('account', '=', key.account)
    .where('source', '=', key.source)
    .executeTakeFirst();
  return row
    ? { failedAttempts: row.failed_attempts, lockedUntil: row.locked_until, lockCount: row.lock_count }
    : { failedAttempts: 0, lockedUntil: null, lockCount: 0 };
}

/** The state under a row lock (the row made first when missing), so concurrent failures all count. */
export async function lockStateForUpdate(trx: Db, key: LockKey, now: Date): Promise<LockState> {
  await trx
    .insertInto('login_locks')
    .values({ ...key, failed_attempts: 0, lock_count: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['account', 'source']).doNothing())
    .execute();
  const row = await trx
    .selectFrom('login_locks')
    .select(['failed_attempts', 'locked_until', 'lock_count'])
    .where('account', '=', key.account)
    .where('source', '=', key.source)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { failedAttempts: row.failed_attempts, lockedUntil: row.locked_until, lockCount: row.lock_count };
}

export async function saveLockState(db: Db, key: LockKey, state: LockState, now: Date): Promise<void> {
  await db
    .updateTable('login_locks')
    .set({
      failed_attempts: state.failedAttempts,
      locked_until: state.lockedUntil,
      lock_count: state.lockCount,
      updated_at: now,
    })
    .where('account', '=', key.account)
    .where('source', '=', key.source)
    .execute();
}

/** A success from a source: its count starts again (its lock history too). */
export async function clearLock(db: Db, key: LockKey): Promise<void> {
  await db
    .deleteFrom('login_locks')
    .where('account', '=', key.account)
    .where('source', '=', key.source)
    .execute();
}

/** Every lock of an account, from every source (an administrator's "Sblocca"); answers how many were active. */
export async function clearAccountLocks(db: Db, username: string, now: Date): Promise<number> {
  const rows = await db
    .deleteFrom('login_locks')
    .where('account', '=', username.toLowerCase())
    .returning('locked_until')
    .execute();
  return rows.filter((r) => r.locked_until !== null && r.locked_until > now).length;
}

/**
 * Whether an attack on this account (`target`, as its audit entry names it) was already reported since `since`
 * (one audit event per hour, not per try).
 */
export async function attackReportedSince(db: Db, target: string, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'auth.account-under-attack')
    .where('target', '=', target)
    .where('at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
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
