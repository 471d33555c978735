import {
  LOGIN_LOCKED_STATUS,
  LoginError,
  type EndedSessions,
  type LoginBody,
  type Session,
} from '../../contract/auth';
import type { AuditDetails } from '../../contract/audit';
import type { AuditService } from '../audit-log/audit.service';
import type { Db } from '../db/database';
import type { LoginAttemptsTable } from '../db/tables/identity.table';
import { addressSource } from '../http/address-source';
import { HttpError, notFound } from '../http/http-error';
import type { Principal } from '../http/access';
import { useOpenQrTokens } from '../identity/qr-tokens.repository';
import { findLiveUserByUsername, type UserWithRole } from '../identity/users.repository';
import {
  attackReportedSince,
  claimCodeStep,
  clearLock,
  lockKey,
  lockState,
  lockStateForUpdate,
  recentFailures,
  recordLoginAttempt,
  saveLockState,
  type LockKey,
} from '../identity/auth.repository';
import { deviceOf, issueDeviceToken } from '../identity/device-cookie';
import {
  afterFailure,
  ATTACK_DELAY_MS,
  ATTACK_WINDOW_MS,
  isLocked,
  retryAfterSeconds,
  underAttack,
  type LockState,
} from '../identity/lock-policy';
import { verifyAgainstDummy, verifyPassword } from '../identity/passwords';
import type { SessionService } from '../identity/sessions';
import { checkTotpCode, type CodeCheck } from '../identity/totp';
import { openTotpSecret } from '../identity/totp-secrets';
import { usernameFingerprint } from '../identity/username-fingerprint';

type Outcome = LoginAttemptsTable['outcome'];

/** A refused sign-in: `code` is -1, -2, -3 or -4; a lock says for how long. */
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
    retryAfterSeconds(state, now),
  );
const wrongCredentials = () => new LoginRefused(LoginError.WRONG_CREDENTIALS, 'Wrong username or password');
const wrongCode = () => new LoginRefused(LoginError.WRONG_CODE, 'Wrong one-time code');
const notEnrolled = () =>
  new LoginRefused(
    LoginError.NOT_ENROLLED,
    'No authenticator yet: open the enrolment link an administrator sends',
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const attackDelay = () =>
  sleep(ATTACK_DELAY_MS.min + Math.random() * (ATTACK_DELAY_MS.max - ATTACK_DELAY_MS.min));

export type AuthDeps = {
  db: Db;
  sessions: SessionService;
  audit: AuditService;
  secretsKey: Buffer;
  now: () => Date;
};

/** Where a sign-in comes from: its address, and the device cookie its browser sent, if any. */
export type SignInSource = { ip: string; deviceToken?: string | undefined; userAgent?: string | undefined };

type Attempt = { username: string; ip: string; now: Date; key: LockKey };

export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  /**
   * Password, then one-time code; answers the session token and a new device cookie for this browser. Failures
   * count per account and source (see lock-policy.ts). Unknown and deleted users get the same answer as a wrong
   * password, after the same work (an argon2 check against a dummy hash), and lock the same way.
   */
  async login(
    body: LoginBody,
    code: string | undefined,
    from: SignInSource,
  ): Promise<{ token: string; deviceToken: string }> {
    const now = this.deps.now();
    const device = deviceOf(this.deps.secretsKey, from.deviceToken, body.username, now);
    const attempt: Attempt = {
      username: body.username,
      ip: from.ip,
      now,
      key: lockKey(body.username, device ? `device:${device}` : `ip:${addressSource(from.ip)}`),
    };
    const user = await findLiveUserByUsername(this.deps.db, body.username);
    await this.slowDownAttack(attempt, user);
    const state = await lockState(this.deps.db, attempt.key);
    if (isLocked(state, now)) {
      await this.recordRefusedWhileLocked(attempt, user ?? null);
      throw lockedRefusal(state, now);
    }
    if (!user) {
      await verifyAgainstDummy(body.password);
      return this.fail(null, 'bad_credentials', attempt);
    }
    if (!(await verifyPassword(user.password_hash, body.password)))
      return this.fail(user, 'bad_credentials', attempt);
    // No code can be right without an authenticator: said after the right password, and not counted.
    if (!user.totp_secret_enc) throw notEnrolled();
    // The client's first step sends the credentials alone: with a right password that is not a failed attempt, or
    // four wrong codes would lock an account instead of five. Wrong passwords still count, so guessing stays limited.
    if (!code) throw wrongCode();

    const check = this.checkCode(user, code, now);
    if (!check.ok) {
      if (check.reason === 'replayed') return this.refuseReplay(user, attempt);
      return this.fail(user, 'bad_code', attempt);
    }
    const accepted = await this.deps.db.transaction().execute(async (trx) => {
      // The step is claimed in the database: of two concurrent sign-ins with one code, one wins.
      if (!(await claimCodeStep(trx, user.id, check.step))) return false;
      await clearLock(trx, attempt.key);
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome: 'ok' });
      await this.audit('auth.login', user, attempt, undefined, trx);
      // With a secret waiting beside this one ('Invia QR' to a user who signs in), the link stays open for 'Conferma'.
      if (!user.totp_pending_secret_enc && (await useOpenQrTokens(trx, user.id, now)) > 0)
        await this.audit('user.enrolment-completed', user, attempt, undefined, trx);
      return true;
    });
    if (!accepted) return this.refuseReplay(user, attempt);
    const token = await this.deps.sessions.issue(
      { id: user.id, username: user.username, role: user.role_name },
      from.ip,
      from.userAgent ?? null,
    );
    return { token, deviceToken: issueDeviceToken(this.deps.secretsKey, user.username, now) };
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

  /** The caller's open sessions, this one marked `current`. */
  async sessionsOf(principal: Principal): Promise<Session[]> {
    return (await this.deps.sessions.openFor(principal.userId)).map((open) => ({
      id: open.jti,
      startedAt: open.createdAt.toISOString(),
      lastUsedAt: open.lastSeenAt.toISOString(),
      ip: open.ip,
      browser: open.userAgent,
      current: open.jti === principal.jti,
    }));
  }

  /** Ends one of the caller's own sessions ('Termina'); 404 for a session that is not theirs or not open. */
  async endSession(principal: Principal, jti: string, ip: string): Promise<void> {
    if (!(await this.deps.sessions.endOwn(principal.userId, jti, 'ended-by-user')))
      throw notFound('No such session');
    await this.recordSessionsEnded(principal, ip, 1);
  }

  /** 'Termina tutte le altre': every session of the caller but this one. */
  async endOtherSessions(principal: Principal, ip: string): Promise<EndedSessions> {
    const ended = await this.deps.sessions.endOthers(principal.userId, principal.jti, 'ended-by-user');
    await this.recordSessionsEnded(principal, ip, ended);
    return { ended };
  }

  private recordSessionsEnded(principal: Principal, ip: string, ended: number): Promise<void> {
    return this.deps.audit.record({
      action: 'auth.sessions-ended',
      actor: { userId: principal.userId, username: principal.username },
      target: `user:${principal.userId}`,
      ip,
      details: { ended },
    });
  }

  /**
   * More than ATTACK_FAILURES failures on this account within the hour, from several addresses: wait 1-3 s before
   * answering (never refuse: the real user must still get in) and raise one audit event per hour.
   */
  private async slowDownAttack(attempt: Attempt, user: UserWithRole | undefined): Promise<void> {
    const since = new Date(attempt.now.getTime() - ATTACK_WINDOW_MS);
    if (!underAttack(await recentFailures(this.deps.db, attempt.username, since))) return;
    // A name nobody has is named by its fingerprint alone (usernameFingerprint).
    const target = user
      ? `account:${attempt.key.account}`
      : `account-hmac:${usernameFingerprint(this.deps.secretsKey, attempt.username).usernameHmac}`;
    if (!(await attackReportedSince(this.deps.db, target, since)))
      await this.deps.audit.record({
        action: 'auth.account-under-attack',
        actor: null,
        target,
        ip: attempt.ip,
      });
    await attackDelay();
  }

  /** A valid code already used (a double submit, or two tabs): -2, but not a failure, so it never locks. */
  private async refuseReplay(user: UserWithRole, attempt: Attempt): Promise<never> {
    await this.deps.db.transaction().execute(async (trx) => {
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome: 'replayed_code' });
      await this.audit('auth.code-replayed', user, attempt, undefined, trx);
    });
    throw wrongCode();
  }

  private checkCode(user: UserWithRole, code: string, now: Date): CodeCheck {
    if (!user.totp_secret_enc) return { ok: false, reason: 'invalid' };
    const secret = openTotpSecret(user.totp_secret_enc, this.deps.secretsKey, user.id);
    return checkTotpCode({ secret, code, at: now, lastStep: user.totp_last_step });
  }

  /** One more failure of this account from this source, counted under a row lock so concurrent failures all count. */
  private async fail(user: UserWithRole | null, outcome: Outcome, attempt: Attempt): Promise<never> {
    const next = await this.deps.db.transaction().execute(async (trx) => {
      const state = afterFailure(await lockStateForUpdate(trx, attempt.key, attempt.now), attempt.now);
      await saveLockState(trx, attempt.key, state, attempt.now);
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome });
      await this.recordFailure(outcome, state, user, attempt, trx);
      return state;
    });
    if (isLocked(next, attempt.now)) throw lockedRefusal(next, attempt.now);
    throw outcome === 'bad_credentials' ? wrongCredentials() : wrongCode();
  }

  private async recordFailure(
    outcome: Outcome,
    next: LockState,
    user: UserWithRole | null,
    attempt: Attempt,
    trx: Db,
  ): Promise<void> {
    await this.audit('auth.login-failed', user, attempt, { reason: outcome }, trx);
    if (isLocked(next, attempt.now))
      await this.audit(
        'auth.locked',
        user,
        attempt,
        { until: next.lockedUntil?.toISOString(), lockCount: next.lockCount, source: attempt.key.source },
        trx,
      );
  }

  private async recordRefusedWhileLocked(attempt: Attempt, user: UserWithRole | null): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await recordLoginAttempt(trx, { ...this.row(attempt), outcome: 'locked' });
      await this.audit(
        'auth.login-refused-locked',
        user,
        attempt,
        { source: attempt.key.source },
        trx,
        false,
      );
    });
  }

  private row(attempt: Attempt) {
    return { username: attempt.username, ip: attempt.ip, at: attempt.now };
  }

  /**
   * An entry about the sign-in's user; when its username names nobody, the entry keeps only its fingerprint
   * (usernameFingerprint): a password typed into the username field must not be kept as text. `targeted`: whether
   * the entry names the user as its target too.
   */
  private audit(
    action: string,
    user: UserWithRole | null,
    attempt: Attempt,
    details: AuditDetails | undefined,
    trx: Db,
    targeted = true,
  ): Promise<void> {
    const named = user ? {} : usernameFingerprint(this.deps.secretsKey, attempt.username);
    const all = { ...details, ...named };
    return this.deps.audit.record(
      {
        action,
        actor: user ? { userId: user.id, username: user.username } : null,
        target: user && targeted ? `user:${user.id}` : null,
        ip: attempt.ip,
        ...(Object.keys(all).length > 0 ? { details: all } : {}),
      },
      trx,
    );
  }
}
