import { clearAccountLocks } from '../identity/auth.repository';
import { AuditService } from '../audit-log/audit.service';
import { hashPassword, randomPassword } from '../identity/passwords';
import { SessionService } from '../identity/sessions';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { enrolmentUrl, issueEnrolment } from './enrolment.service';
import { findLiveUserByUsername, updateUser } from '../identity/users.repository';

export type ResetUser = { username: string; role: string; password: string; enrolmentUrl: string };

/**
 * For whoever runs the server and has lost a demo user's first-start output: a new random password and a new
 * enrolment link (a new TOTP secret, valid 24 h) for one live user. Like an administrator setting a password and
 * sending a QR, it lifts a sign-in lock, ends the user's sessions and is written to the audit log. Null when no
 * live user has that username.
 */
export async function resetUser(
  db: Db,
  config: Pick<Config, 'jwtSecret' | 'secretsKey' | 'publicUrl'>,
  username: string,
  now: () => Date = () => new Date(),
): Promise<ResetUser | null> {
  const user = await findLiveUserByUsername(db, username);
  if (!user) return null;
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
    await new AuditService(trx, now).record(
      { action: 'user.reset', actor: null, target: `user:${user.id}`, details: { via: 'command line' } },
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
