import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_S);

/**
 * An authenticator for one user. The server accepts a code once per user, only for a later step than the last one
 * it accepted, with one step of clock tolerance either way: a second sign-in within the same 30 s uses the next
 * step's code (accepted at once), a third waits for the next step.
 */
export function authenticator(base32Secret: string) {
  const totp = new TOTP({
    secret: Secret.fromBase32(base32Secret.replace(/\s+/g, '')),
    digits: 6,
    period: PERIOD_S,
  });
  let lastStep = -1;
  return {
    async nextCode(): Promise<string> {
      while (lastStep + 1 > currentStep() + 1) {
        const nextStepAt = (currentStep() + 1) * PERIOD_S * 1000;
        await new Promise((resolve) => setTimeout(resolve, nextStepAt - Date.now() + 50));
      }
      lastStep = Math.max(currentStep(), lastStep + 1);
      return totp.generate({ timestamp: lastStep * PERIOD_S * 1000 });
    },
  };
}
