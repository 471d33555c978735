import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  FIRST_LOCK_MS,
  isLocked,
  MAX_LOCK_MS,
  unlocked,
  type LockState,
} from '../../../server/identity/lock-policy';

const t0 = new Date('2026-05-04T08:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

/** Fails `times` times at `at`, one millisecond apart. */
function failMany(state: LockState, times: number, at: Date): LockState {
  let next = state;
  for (let i = 0; i < times; i++) next = afterFailure(next, new Date(at.getTime() + i));
  return next;
}

describe('sign-in lock', () => {
  it('does not lock after four failures and locks on the fifth', () => {
    const four = failMany(unlocked, 4, t0);
    expect(isLocked(four, t0)).toBe(false);
    expect(four.failedAttempts).toBe(4);
    const five = afterFailure(four, t0);
    expect(isLocked(five, t0)).toBe(true);
    expect(five.lockedUntil).toEqual(later(FIRST_LOCK_MS));
  });

  it('ends the lock when its time is up', () => {
    const locked = failMany(unlocked, 5, t0);
    const until = locked.lockedUntil!.getTime();
    expect(isLocked(locked, new Date(until - 1))).toBe(true);
    expect(isLocked(locked, new Date(until))).toBe(false);
  });

  it('ignores failures during a lock: they neither extend it nor count toward the next', () => {
    const locked = failMany(unlocked, 5, t0);
    expect(failMany(locked, 10, later(1000))).toEqual(locked);
  });

  it('doubles the lock each time it locks again, up to an hour', () => {
    let state = unlocked;
    let at = t0;
    const durations: number[] = [];
    for (let lock = 1; lock <= 12; lock++) {
      state = failMany(state, 5, at);
      durations.push(state.lockedUntil!.getTime() - (at.getTime() + 4));
      at = new Date(state.lockedUntil!.getTime() + 1);
    }
    expect(durations.slice(0, 4)).toEqual([1, 2, 4, 8].map((k) => k * FIRST_LOCK_MS));
    expect(Math.max(...durations)).toBe(MAX_LOCK_MS);
    expect(state.lockCount).toBe(12);
  });
});
