import { TOTP_PERIOD_S } from '../../server/identity/totp';

/**
 * A sign-in (argon2id, other tests' work beside it) may take this long before the server checks its code, and a code
 * of the step before the current one is accepted only until the current step ends: in these last seconds of a step
 * the test helpers no longer give one.
 */
export const STEP_END_MARGIN_MS = 3_000;

/** `at`, or the start of the next time step when `at` falls in the last seconds of its own. */
function clearOfStepEnd(at: number): number {
  const stepMs = TOTP_PERIOD_S * 1000;
  const endsIn = stepMs - (at % stepMs);
  return endsIn <= STEP_END_MARGIN_MS ? at + endsIn : at;
}

/**
 * A clock tests move by hand; pass `clock.now` to createTestApp. Unless told where to start, it starts clear of a time
 * step's last seconds, so a user has all three codes of its step.
 */
export class TestClock {
  private at: number;

  constructor(start?: Date) {
    this.at = start ? start.getTime() : clearOfStepEnd(Date.now());
  }

  readonly now = (): Date => new Date(this.at);

  advance(ms: number): void {
    this.at += ms;
  }
}
