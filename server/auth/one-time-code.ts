import type { Db } from '../db/database';
import { findLiveUserById } from '../users/users.repository';
import { claimCodeStep, lockStateForUpdate, saveLockState } from './auth.repository';
import { afterFailure, isLocked, type LockState } from './lock-policy';
import { checkTotpCode } from './totp';
import { openTotpSecret } from './totp-secrets';

/** `locked`: too many wrong codes in a row; the account is locked (sign-in too) until `lockedUntil`. */
export type CodeSpend = { outcome: 'accepted' | 'refused' } | { outcome: 'locked'; lockedUntil: Date };

const lockStateOf = (user: {
  failed_attempts: number;
  locked_until: Date | null;
  lock_count: number;
}): LockState => ({
  failedAttempts: user.failed_attempts,
  lockedUntil: user.locked_until,
  lockCount: user.lock_count,
});

/**
 * Checks a signed-in user's one-time code (restore, review) and spends it: the same code, or an earlier one, is
 * refused afterwards, at sign-in too. Wrong codes count toward the same per-account lock as failed sign-ins, so a
 * stolen session cannot try codes without limit; a right code clears the count.
 */
export async function spendOneTimeCode(
  db: Db,
  input: { userId: number; code: string; secretsKey: Buffer; now: Date },
): Promise<CodeSpend> {
  const user = await findLiveUserById(db, input.userId);
  if (!user?.totp_secret_enc) return { outcome: 'refused' };
  const state = lockStateOf(user);
  if (isLocked(state, input.now)) return { outcome: 'locked', lockedUntil: state.lockedUntil! };
  const check = checkTotpCode({
    secret: openTotpSecret(user.totp_secret_enc, input.secretsKey, user.id),
    code: input.code,
    at: input.now,
    lastStep: user.totp_last_step,
  });
  if (check.ok && (await claimCodeStep(db, user.id, check.step))) {
    if (state.failedAttempts > 0) await saveLockState(db, user.id, { ...state, failedAttempts: 0 });
    return { outcome: 'accepted' };
  }
  const next = await db.transaction().execute(async (trx) => {
    const after = afterFailure(await lockStateForUpdate(trx, user.id), input.now);
    await saveLockState(trx, user.id, after);
    return after;
  });
  return isLocked(next, input.now)
    ? { outcome: 'locked', lockedUntil: next.lockedUntil! }
    : { outcome: 'refused' };
}
