import { LOGIN_MAX_FAILURES } from '../../contract/auth';

export const FIRST_LOCK_MS = 5 * 60 * 1000;
export const MAX_LOCK_MS = 60 * 60 * 1000;

/**
 * Failures of one account from one source (a client address, a browser that signed in to it before, or the signed-in
 * user's own codes). A lock refuses that source only: the account stays open from everywhere else.
 */
export type LockState = { failedAttempts: number; lockedUntil: Date | null; lockCount: number };

export const unlocked: LockState = { failedAttempts: 0, lockedUntil: null, lockCount: 0 };

export const isLocked = (state: LockState, now: Date): boolean =>
  state.lockedUntil !== null && state.lockedUntil.getTime() > now.getTime();

/** The n-th lock (1-based) lasts FIRST_LOCK_MS * 2^(n-1), at most MAX_LOCK_MS. */
export const lockDurationMs = (lockCount: number): number =>
  Math.min(MAX_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.max(0, lockCount - 1));

/** One more failure at `now`: the fifth in a row locks the source, for twice as long as its previous lock. */
export function afterFailure(state: LockState, now: Date): LockState {
  if (isLocked(state, now)) return state;
  const failedAttempts = state.failedAttempts + 1;
  if (failedAttempts < LOGIN_MAX_FAILURES) return { ...state, failedAttempts };
  const lockCount = state.lockCount + 1;
  return { failedAttempts: 0, lockCount, lockedUntil: new Date(now.getTime() + lockDurationMs(lockCount)) };
}

/** Seconds until the lock ends, for `Retry-After`. */
export const retryAfterSeconds = (state: LockState, now: Date): number =>
  Math.max(1, Math.ceil(((state.lockedUntil?.getTime() ?? now.getTime()) - now.getTime()) / 1000));

/**
 * An account under attack from many addresses: more than ATTACK_FAILURES failures within ATTACK_WINDOW_MS from at
 * least two addresses. Every further attempt on it then waits ATTACK_DELAY_MS (a delay, never a refusal, so the
 * real user still gets in) and an audit event is raised.
 */
export const ATTACK_FAILURES = 50;
export const ATTACK_WINDOW_MS = 60 * 60 * 1000;
export const ATTACK_DELAY_MS = { min: 1000, max: 3000 };

export const underAttack = (recent: { failures: number; addresses: number }): boolean =>
  recent.failures > ATTACK_FAILURES && recent.addresses > 1;
