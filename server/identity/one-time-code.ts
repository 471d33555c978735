import type { Db } from '../db/database';
import { findLiveUserById } from './users.repository';
import {
  claimCodeStep,
  clearLock,
  lockKey,
  lockState,
  lockStateForUpdate,
  saveLockState,
} from './auth.repository';
import { afterFailure, isLocked } from './lock-policy';
import { checkTotpCode } from './totp';
import { openTotpSecret } from './totp-secrets';

/** `locked`: too many wrong codes in a row; this user's codes are refused until `lockedUntil`. */
export type CodeSpend =
  { outcome: 'accepted' | 'refused' | 'replayed' } | { outcome: 'locked'; lockedUntil: Date };

/** The lock source of a signed-in user's own codes: the session already proved the account, any address. */
export const CODES_SOURCE = 'codes';

/**
 * Checks a signed-in user's one-time code (restore, review) and spends it: the same code, or an earlier one, is
 * refused afterwards, at sign-in too. Wrong codes count by the sign-in rule (five lock, 5 min doubling to 1 h), so a
 * stolen session cannot try codes without limit; a right code clears the count. A valid code submitted twice is
 * refused the second time without counting as a failure.
 */
export async function spendOneTimeCode(
  db: Db,
  input: { userId: number; code: string; secretsKey: Buffer; now: Date },
): Promise<CodeSpend> {
  const user = await findLiveUserById(db, input.userId);
  if (!user?.totp_secret_enc) return { outcome: 'refused' };
  const key = lockKey(user.username, CODES_SOURCE);
  const state = await lockState(db, key);
  if (isLocked(state, input.now)) return { outcome: 'locked', lockedUntil: state.lockedUntil! };
  const check = checkTotpCode({
    secret: openTotpSecret(user.totp_secret_enc, input.secretsKey, user.id),
    code: input.code,
    at: input.now,
    lastStep: user.totp_last_step,
  });
  if (check.ok) {
    if (!(await claimCodeStep(db, user.id, check.step))) return { outcome: 'replayed' };
    if (state.failedAttempts > 0 || state.lockCount > 0) await clearLock(db, key);
    return { outcome: 'accepted' };
  }
  if (check.reason === 'replayed') return { outcome: 'replayed' };
  const next = await db.transaction().execute(async (trx) => {
    const after = afterFailure(await lockStateForUpdate(trx, key, input.now), input.now);
    await saveLockState(trx, key, after, input.now);
    return after;
  });
  return isLocked(next, input.now)
    ? { outcome: 'locked', lockedUntil: next.lockedUntil! }
    : { outcome: 'refused' };
}
