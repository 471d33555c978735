import type { Db } from '../db/database';
import { findLiveUserById } from '../users/users.repository';
import { claimCodeStep } from './auth.repository';
import { checkTotpCode } from './totp';
import { openTotpSecret } from './totp-secrets';

/**
 * Checks a signed-in user's one-time code (restore, review) and spends it: the same code, or an earlier one, is
 * refused afterwards, at sign-in too. Answers whether the code was accepted.
 */
export async function spendOneTimeCode(
  db: Db,
  input: { userId: number; code: string; secretsKey: Buffer; now: Date },
): Promise<boolean> {
  const user = await findLiveUserById(db, input.userId);
  if (!user?.totp_secret_enc) return false;
  const check = checkTotpCode({
    secret: openTotpSecret(user.totp_secret_enc, input.secretsKey, user.id),
    code: input.code,
    at: input.now,
    lastStep: user.totp_last_step,
  });
  return check.ok && (await claimCodeStep(db, user.id, check.step));
}
