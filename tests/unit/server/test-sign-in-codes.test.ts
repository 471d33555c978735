import { describe, expect, it, vi } from 'vitest';
import { checkTotpCode, generateTotpSecret, TOTP_PERIOD_S } from '../../../server/identity/totp';
import { nextCode, type TestUser } from '../../support/auth';
import { STEP_END_MARGIN_MS, TestClock } from '../../support/clock';
import type { TestApp } from '../../support/test-app';

const STEP_MS = TOTP_PERIOD_S * 1000;

const freshUser = (): TestUser => ({
  id: 1,
  username: 'prova',
  email: 'prova@example.test',
  password: 'x',
  role: 'ADMIN',
  secret: generateTotpSecret(),
  lastStep: null,
});

/** The integration tests' code helper reads only the app's clock. */
const appAt = (at: number) => ({ now: () => new Date(at) }) as TestApp;

describe('the integration tests’ one-time codes', () => {
  it('are still accepted when the server checks them up to the margin later, wherever in the step they are taken', () => {
    const stepStart = Math.floor(Date.now() / STEP_MS) * STEP_MS;
    for (let offset = 0; offset < STEP_MS; offset += 250) {
      const user = freshUser();
      let lastStep: number | null = null;
      for (let i = 0; i < 2; i++) {
        const { code, step } = nextCode(appAt(stepStart + offset), user);
        const checked = checkTotpCode({
          secret: user.secret,
          code,
          at: new Date(stepStart + offset + STEP_END_MARGIN_MS),
          lastStep,
        });
        expect(checked, `offset ${offset} ms, sign-in ${i + 1}`).toEqual({ ok: true, step });
        user.lastStep = lastStep = step;
      }
    }
  });

  it('give a fresh user three codes of one step away from its end', () => {
    const user = freshUser();
    const at = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1_000;
    const steps = [0, 1, 2].map(() => {
      const { step } = nextCode(appAt(at), user);
      user.lastStep = step;
      return step;
    });
    expect(steps).toEqual([steps[0], steps[0]! + 1, steps[0]! + 2]);
    expect(() => nextCode(appAt(at), user)).toThrow(/used every code/);
  });

  it('run on a test clock that starts clear of a step’s last seconds', () => {
    const stepStart = Math.floor(Date.now() / STEP_MS) * STEP_MS;
    try {
      for (let offset = 0; offset < STEP_MS; offset += 250) {
        vi.setSystemTime(stepStart + offset);
        const at = new TestClock().now().getTime();
        expect(STEP_MS - (at % STEP_MS), `offset ${offset} ms`).toBeGreaterThan(STEP_END_MARGIN_MS);
        expect(at - (stepStart + offset)).toBeLessThanOrEqual(STEP_END_MARGIN_MS);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});
