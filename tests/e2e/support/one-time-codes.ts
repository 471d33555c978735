import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { inject } from 'vitest';

const PERIOD_S = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_S);

function spentSteps(file: string): Record<string, number> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

/**
 * An authenticator for one user. The server accepts a code once per user, only for a later step than the last one
 * it accepted, with one step of clock tolerance either way; a refused code also counts toward the account's lock.
 * So every test file of a run records the steps it spent in one file, and the next code is always a fresh step:
 * the current one, or the next (accepted at once), or, when both are spent, the one after the next 30 s boundary.
 * The test files of the e2e project run one after another, so the file needs no locking.
 */
export function authenticator(base32Secret: string) {
  const secret = base32Secret.replace(/\s+/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_S });
  const file = inject('stepsFile');
  return {
    async nextCode(): Promise<string> {
      const step = Math.max((spentSteps(file)[secret] ?? -1) + 1, currentStep());
      while (step > currentStep() + 1) {
        const nextStepAt = (currentStep() + 1) * PERIOD_S * 1000;
        await new Promise((resolve) => setTimeout(resolve, nextStepAt - Date.now() + 50));
      }
      writeFileSync(file, JSON.stringify({ ...spentSteps(file), [secret]: step }));
      return totp.generate({ timestamp: step * PERIOD_S * 1000 });
    },
  };
}
