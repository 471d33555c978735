import { recordAccessGrant } from '../identity/access-grants.repository';
import { clearAccountLocks } from '../identity/auth.repository';
import { AuditService } from '../audit-log/audit.service';
import { hashPassword, randomPassword } from '../identity/passwords';
import { SessionService } from '../identity/sessions';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { enrolmentUrl, issueEnrolment } from './enrolment.service';
import { findLiveUserByUsername, updateUser } from '../identity/users.repository';

export type ResetUser = { username: string; role: string; password: string; enrolmentUrl: string };

/** Why a reset was not made: no live user has the username, or the one named as running it. */
export type ResetRefused = { refused: 'no-user' | 'no-runner' };

/**
 * For whoever runs the server and has lost a demo user's first-start output: a new random password and a new
 * enrolment link (a new TOTP secret, valid 24 h) for one live user. Like an administrator setting a password and
 * sending a QR, it lifts a sign-in lock, ends the user's sessions and is written to the audit log. `by` is the live
 * user who runs it and gets the output (the user themselves for their own): like an administrator who sends a QR,
 * they may not approve the user's requests for FOUR_EYES_COOLDOWN_DAYS.
 */
export async function resetUser(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'secretsKey' | 'publicUrl'>,
  names: { username: string; by: string },
  now: () => Date = () => new Date(),
): Promise<ResetUser | ResetRefused> {
  const user = await findLiveUserByUsername(db, names.username);
  if (!user) return { refused: 'no-user' };
  const runner = await findLiveUserByUsername(db, names.by);
  if (!runner) return { refused: 'no-runner' };
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  const sessions = new SessionService(db, config.jwtSecret, now);
  const token = await db.transaction().execute(async (trx) => {
    const at = now();
    await updateUser(trx, user.id, {
      password_hash: passwordHash,
      updated_at: at,
    });
    await clearAccountLocks(trx, user.username, at);
    const issued = await issueEnrolment(trx, {
      userId: user.id,
      secretsKey: config.secretsKey,
      now: at,
      reset: true,
    });
    await sessions.endAllFor(user.id, 'password-changed', trx);
    for (const kind of ['password-set', 'enrolled'] as const)
      await recordAccessGrant(trx, { userId: user.id, grantedBy: runner.id, kind, at });
    await new AuditService(trx, now).record(
      {
        action: 'user.reset',
        actor: { userId: runner.id, username: runner.username },
        target: `user:${user.id}`,
        details: { via: 'command line' },
      },
      trx,
    );
    return issued;
  });
  return {
    username: user.username,
    role: user.role_name,
    password,
    enrolmentUrl: enrolmentUrl(config.publicUrl, token),
  };
}
