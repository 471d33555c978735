import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { inject } from 'vitest';

const PERIOD_S = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_S);

const lastSpentStep = (file: string): number => (existsSync(file) ? Number(readFileSync(file, 'utf8')) : -1);

/**
 * An authenticator for one user. The server accepts a code once per user, only for a later step than the last one
 * it accepted, with one step of clock tolerance either way; a refused code also counts toward the account's lock.
 * So the last step spent for each user is kept in a file of the run's `stepsDir`, one file a user, and the next code
 * is always a fresh step: the current one, or the next (accepted at once), or, when both are spent, the one after
 * the next 30 s boundary. Test files that run side by side use users of their own (the bootstrap administrator only
 * signs in once, in the global setup, or on servers of a file's own), so no two write the same user's file.
 */
export function authenticator(base32Secret: string, stepsDir: string = inject('stepsDir')) {
  const secret = base32Secret.replace(/\s+/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_S });
  const file = path.join(stepsDir, `${createHash('sha256').update(secret).digest('hex').slice(0, 16)}.step`);
  return {
    async nextCode(): Promise<string> {
      const step = Math.max(lastSpentStep(file) + 1, currentStep());
      while (step > currentStep() + 1) {
        const nextStepAt = (currentStep() + 1) * PERIOD_S * 1000;
        await new Promise((resolve) => setTimeout(resolve, nextStepAt - Date.now() + 50));
      }
      writeFileSync(file, String(step));
      return totp.generate({ timestamp: step * PERIOD_S * 1000 });
    },
  };
}
