import { LOGIN_LOCKED_STATUS, LoginError, type LoginBody } from '../../contract/auth';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db/database';
import type { LoginAttemptsTable } from '../db/tables/identity.table';
import { HttpError } from '../http/http-error';
import type { Principal } from '../http/access';
import { useOpenQrTokens } from '../users/qr-tokens.repository';
import { findLiveUserByUsername, type UserWithRole } from '../users/users.repository';
import {
  claimCodeStep,
  credentialFailureTimes,
  lockStateForUpdate,
  recordLoginAttempt,
  saveLockState,
} from './auth.repository';
import { afterFailure, isLocked, replayFailures, unlocked, type LockState } from './lock-policy';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import type { SessionService } from './sessions';
import { checkTotpCode, type CodeCheck } from './totp';
import { openTotpSecret } from './totp-secrets';

type Outcome = LoginAttemptsTable['outcome'];

/** A refused sign-in: `code` is -1, -2 or -3; a lock says for how long. */
export class LoginRefused extends HttpError {
  constructor(code: number, message: string, retryAfterSeconds?: number) {
    super(
      code === LoginError.LOCKED ? LOGIN_LOCKED_STATUS : 401,
      message,
      code,
      undefined,
      retryAfterSeconds,
    );
    this.name = 'LoginRefused';
  }
}

const lockedRefusal = (state: LockState, now: Date) =>
  new LoginRefused(
    LoginError.LOCKED,
    'Too many failed sign-ins: try again later',
    Math.max(1, Math.ceil(((state.lockedUntil?.getTime() ?? now.getTime()) - now.getTime()) / 1000)),
  );
const wrongCredentials = () => new LoginRefused(LoginError.WRONG_CREDENTIALS, 'Wrong username or password');
const wrongCode = () => new LoginRefused(LoginError.WRONG_CODE, 'Wrong one-time code');

export type AuthDeps = {
  db: Db;
  sessions: SessionService;
  audit: AuditService;
  secretsKey: Buffer;
  now: () => Date;
};

type Attempt = { username: string; ip: string; now: Date };

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Password, then one-time code. Unknown and deleted users get the same answer as a wrong password, after the
   * same work (an argon2 check against a dummy hash), and lock the same way, from their recorded attempts.
   */
  async login(body: LoginBody, code: string | undefined, ip: string): Promise<string> {
    const attempt: Attempt = { username: body.username, ip, now: this.deps.now() };
    const user = await findLiveUserByUsername(this.deps.db, body.username);
    if (!user) return this.refuseUnknown(body.password, attempt);

    const state: LockState = {
      failedAttempts: user.failed_attempts,
      lockedUntil: user.locked_until,
      lockCount: user.lock_count,
    };
    if (isLocked(state, attempt.now)) {
      await this.recordRefusedWhileLocked(attempt, user.id);
      throw lockedRefusal(state, attempt.now);
    }
    if (!(await verifyPassword(user.password_hash, body.password)))
      return this.fail(user, 'bad_credentials', attempt);
    // The client's first step sends the credentials alone: with a right password that is not a failed attempt, or
    // four wrong codes would lock an account instead of five. Wrong passwords still count, so guessing stays limited.
    if (!code) throw wrongCode();

    const check = this.checkCode(user, code ?? '', attempt.now);
    if (!check.ok)
      return this.fail(user, check.reason === 'replayed' ? 'replayed_code' : 'bad_code', attempt);
    const accepted = await this.deps.db.transaction().execute(async (trx) => {
      // The step is claimed in the database: of two concurrent sign-ins with one code, one wins.
      if (!(await claimCodeStep(trx, user.id, check.step))) return false;
      await saveLockState(trx, user.id, unlocked);
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome: 'ok' });
      await this.audit('auth.login', user, attempt, undefined, trx);
      if ((await useOpenQrTokens(trx, user.id, attempt.now)) > 0)
        await this.audit('user.enrolment-completed', user, attempt, undefined, trx);
      return true;
    });
    if (!accepted) return this.fail(user, 'replayed_code', attempt);
    return this.deps.sessions.issue({ id: user.id, username: user.username, role: user.role_name }, ip);
  }

  async logout(principal: Principal, ip: string): Promise<void> {
    await this.deps.sessions.end(principal.jti, 'logout');
    await this.deps.audit.record({
      action: 'auth.logout',
      actor: { userId: principal.userId, username: principal.username },
      target: `user:${principal.userId}`,
      ip,
    });
  }

  private checkCode(user: UserWithRole, code: string, now: Date): CodeCheck {
    if (!user.totp_secret_enc) return { ok: false, reason: 'invalid' };
    const secret = openTotpSecret(user.totp_secret_enc, this.deps.secretsKey, user.id);
    return checkTotpCode({ secret, code, at: now, lastStep: user.totp_last_step });
  }

  /** One more failure for a known user, counted under a row lock so concurrent failures all count. */
  private async fail(user: UserWithRole, outcome: Outcome, attempt: Attempt): Promise<never> {
    const next = await this.deps.db.transaction().execute(async (trx) => {
      const state = afterFailure(await lockStateForUpdate(trx, user.id), attempt.now);
      await saveLockState(trx, user.id, state);
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome });
      await this.recordFailure(outcome, state, user, attempt, trx);
      return state;
    });
    if (isLocked(next, attempt.now)) throw lockedRefusal(next, attempt.now);
    throw outcome === 'bad_credentials' ? wrongCredentials() : wrongCode();
  }

  private async refuseUnknown(password: string, attempt: Attempt): Promise<never> {
    const { db } = this.deps;
    const state = replayFailures(await credentialFailureTimes(db, attempt.username));
    if (isLocked(state, attempt.now)) {
      await this.recordRefusedWhileLocked(attempt, null);
      throw lockedRefusal(state, attempt.now);
    }
    await verifyAgainstDummy(password);
    const next = afterFailure(state, attempt.now);
    await db.transaction().execute(async (trx) => {
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome: 'bad_credentials' });
      await this.recordFailure('bad_credentials', next, null, attempt, trx);
    });
    if (isLocked(next, attempt.now)) throw lockedRefusal(next, attempt.now);
    throw wrongCredentials();
  }

  private async recordFailure(
    outcome: Outcome,
    next: LockState,
    user: UserWithRole | null,
    attempt: Attempt,
    trx: Db,
  ): Promise<void> {
    await this.audit(
      outcome === 'replayed_code' ? 'auth.code-replayed' : 'auth.login-failed',
      user,
      attempt,
      { reason: outcome },
      trx,
    );
    if (isLocked(next, attempt.now))
      await this.audit(
        'auth.locked',
        user,
        attempt,
        { until: next.lockedUntil?.toISOString(), lockCount: next.lockCount },
        trx,
      );
  }

  private async recordRefusedWhileLocked(attempt: Attempt, userId: number | null): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome: 'locked' });
      await this.deps.audit.record(
        {
          action: 'auth.login-refused-locked',
          actor: { userId, username: attempt.username },
          ip: attempt.ip,
        },
        trx,
      );
    });
  }

  private row(attempt: Attempt) {
    return { username: attempt.username, ip: attempt.ip, at: attempt.now };
  }

  private audit(
    action: string,
    user: UserWithRole | null,
    attempt: Attempt,
    details: Record<string, unknown> | undefined,
    trx: Db,
  ): Promise<void> {
    return this.deps.audit.record(
      {
        action,
        actor: { userId: user?.id ?? null, username: user?.username ?? attempt.username },
        target: user ? `user:${user.id}` : null,
        ip: attempt.ip,
        ...(details ? { details } : {}),
      },
      trx,
    );
  }
}
