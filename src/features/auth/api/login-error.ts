import { LoginError } from '@contract/login-error';
import { it } from '@/i18n/it-first-load';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

export type LoginFailure = {
  kind: 'wrong-credentials' | 'wrong-code' | 'not-enrolled' | 'locked' | 'other';
  message: string;
};

function waitText(seconds: number): string {
  return seconds < 60 ? it.signIn.seconds(seconds) : it.signIn.minutes(Math.ceil(seconds / 60));
}

/** What a refused sign-in means for the screen (docs/product.md#sign-in), in Italian. */
export function loginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiError) {
    if (error.code === LoginError.WRONG_CREDENTIALS)
      return { kind: 'wrong-credentials', message: it.signIn.wrongCredentials };
    if (error.code === LoginError.WRONG_CODE) return { kind: 'wrong-code', message: it.signIn.wrongCode };
    if (error.code === LoginError.NOT_ENROLLED)
      return { kind: 'not-enrolled', message: it.signIn.notEnrolled };
    if (error.code === LoginError.LOCKED || error.status === 429) {
      const wait = error.retryAfterSeconds;
      return {
        kind: 'locked',
        message: wait !== undefined && wait > 0 ? it.signIn.lockedFor(waitText(wait)) : it.signIn.locked,
      };
    }
  }
  return { kind: 'other', message: errorMessage(error) };
}
