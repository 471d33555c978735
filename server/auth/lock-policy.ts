import { LOGIN_MAX_FAILURES } from '../../contract/auth';

export const FIRST_LOCK_MS = 5 * 60 * 1000;
export const MAX_LOCK_MS = 24 * 60 * 60 * 1000;

/** An account's failed sign-ins; for known users kept on the users row, for unknown names rebuilt from attempts. */
export type LockState = { failedAttempts: number; lockedUntil: Date | null; lockCount: number };

export const unlocked: LockState = { failedAttempts: 0, lockedUntil: null, lockCount: 0 };

export const isLocked = (state: LockState, now: Date): boolean =>
  state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();

/** The n-th lock (1-based) lasts FIRST_LOCK_MS * 2^(n-1), at most MAX_LOCK_MS. */
export const lockDurationMs = (lockCount: number): number =>
  Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.max(0, lockCount - 1));

/** One more failure at `now`: the fifth in a row locks the account, for twice as long as the previous lock. */
export function afterFailure(state: LockState, now: Date): LockState {
  if (isLocked(state, now)) return state;
  const failedAttempts = state.failedAttempts + 1;
  if (failedAttempts < LOGIN_MAX_FAILURES) return { ...state, failedAttempts };
  const lockCount = state.lockCount + 1;
  return { failedAttempts: 0, lockCount, lockedUntil: new Date(now.getTime() + lockDurationMs(lockCount)) };
}

/** The state after these failures, oldest first: how an unknown username behaves exactly like a known one. */
export const replayFailures = (failures: Date[]): LockState =>
  failures.reduce<LockState>((state, at) => afterFailure(state, at), unlocked);
