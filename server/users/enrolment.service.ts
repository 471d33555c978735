import { ErrorCode } from '../../contract/error-codes';
import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { ENROLMENT_TTL_HOURS, type QrCode, type QrToken } from '../../contract/users';
import type { AuditService, AuditActor } from '../audit-log/audit.service';
import type { SessionService } from '../identity/sessions';
import { checkTotpCode, generateTotpSecret, otpauthUri } from '../identity/totp';
import { openTotpSecret, sealTotpSecret } from '../identity/totp-secrets';
import type { Db } from '../db/database';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../http/http-error';
import type { Mailer } from '../mail/mailer';
import {
  findQrTokenWithUser,
  insertQrToken,
  supersedeOpenQrTokens,
  useOpenQrTokens,
} from '../identity/qr-tokens.repository';
import { recordAccessGrant } from '../identity/access-grants.repository';
import { keepAnAdminWhoSignsIn } from './last-admin';
import { activatePendingSecret, findLiveUserById, signsIn, updateUser } from '../identity/users.repository';
import {
  clearLock,
  lockKey,
  lockState,
  lockStateForUpdate,
  saveLockState,
} from '../identity/auth.repository';
import { afterFailure, isLocked } from '../identity/lock-policy';

/** The request's logger (Fastify's pino), as far as this service uses it. */
type WarnLog = { warn: (details: object, message: string) => void };

const ENROLMENT_TTL_MS = ENROLMENT_TTL_HOURS * 60 * 60 * 1000;

const codesLocked = (until: Date, now: Date) =>
  new HttpError(
    429,
    'Too many wrong codes: try again later',
    ErrorCode.CODES_LOCKED,
    undefined,
    Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  );

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const enrolmentUrl = (publicUrl: string, token: string) => `${publicUrl}/2fa/${token}`;

/**
 * Whether a new secret waits beside the user's current one: their secret has accepted a code (they sign in with it)
 * and the administrator did not ask for a reset. A new user, or one who never signed in, gets the new one at once.
 */
const keepsCurrentSecret = (
  user: { totp_secret_enc: string | null; totp_last_step: number | null } | undefined,
  reset: boolean,
) => !reset && user !== undefined && signsIn(user);

/**
 * Gives the user a fresh TOTP secret and a one-use enrolment token (only its hash is stored); older unused tokens
 * stop working. The secret waits beside the current one (see keepsCurrentSecret) until the user confirms a code of
 * it (`EnrolmentService.confirm`), or replaces it at once. Returns the token, which exists nowhere else. Run it in
 * the transaction of the change.
 */
export async function issueEnrolment(
  db: Db,
  input: { userId: number; secretsKey: Buffer; now: Date; reset?: boolean },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const sealed = sealTotpSecret(generateTotpSecret(), input.secretsKey, input.userId);
  const user = await findLiveUserById(db, input.userId);
  await updateUser(
    db,
    input.userId,
    keepsCurrentSecret(user, input.reset === true)
      ? { totp_pending_secret_enc: sealed, updated_at: input.now }
      : {
          totp_secret_enc: sealed,
          totp_pending_secret_enc: null,
          totp_last_step: null,
          updated_at: input.now,
        },
  );
  await supersedeOpenQrTokens(db, input.userId, input.now);
  await insertQrToken(db, {
    userId: input.userId,
    tokenHash: hashToken(token),
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + ENROLMENT_TTL_MS),
  });
  return token;
}

export type EnrolmentDeps = {
  db: Db;
  sessions: SessionService;
  audit: AuditService;
  mailer: Mailer | null;
  secretsKey: Buffer;
  publicUrl: string;
  now: () => Date;
};

export class EnrolmentService {
  constructor(private readonly deps: EnrolmentDeps) {}

  /**
   * 'Invia QR': a new secret beside the current one (see issueEnrolment), so nothing ends yet. `reset`
   * ('Reimposta autenticatore') replaces it at once and ends every session: the old authenticator no longer signs in.
   */
  async issue(
    userId: number,
    context: { actor: AuditActor; ip: string; log: WarnLog; reset?: boolean },
  ): Promise<QrToken> {
    const { db, sessions, audit } = this.deps;
    const user = await findLiveUserById(db, userId);
    if (!user) throw notFound(`No user with id ${userId}`);
    const now = this.deps.now();
    const reset = context.reset === true;
    const confirm = keepsCurrentSecret(user, reset);
    const qrToken = await db.transaction().execute(async (trx) => {
      // The old authenticator stops at once: the last administrator who signs in would be locked out with it.
      if (reset) await keepAnAdminWhoSignsIn(trx, user);
      const token = await issueEnrolment(trx, { userId, secretsKey: this.deps.secretsKey, now, reset });
      await recordAccessGrant(trx, {
        userId,
        grantedBy: context.actor?.userId ?? null,
        kind: 'enrolled',
        at: now,
      });
      if (reset) await sessions.endAllFor(userId, 'secret-changed', trx);
      await audit.record(
        {
          action: reset ? 'user.authenticator-reset' : 'user.enrolment-issued',
          actor: context.actor,
          target: `user:${userId}`,
          ip: context.ip,
        },
        trx,
      );
      return token;
    });
    const url = enrolmentUrl(this.deps.publicUrl, qrToken);
    // A link e-mailed to its user is not shown to the administrator too: only the user sees their secret.
    const emailed = await this.mail(user.email, enrolmentMail(user.username, url, confirm), context.log);
    return emailed ? { emailed: true } : { qrToken, url, emailed: false };
  }

  /**
   * 'Conferma' on the QR page: a code of the prepared secret makes it the user's secret, uses the link up and ends
   * the user's sessions (they were opened with the old authenticator). Wrong codes count by the sign-in rule for
   * this account and address, so the public page cannot be used to guess codes without limit.
   */
  async confirm(token: string, code: string, ip: string): Promise<void> {
    const { db, secretsKey, audit, sessions } = this.deps;
    const now = this.deps.now();
    const row = await this.openLink(token, now);
    if (!row.totp_pending_secret_enc)
      throw conflict(
        'This link has no new authenticator to confirm: sign in with its code instead',
        undefined,
        ErrorCode.NOTHING_TO_CONFIRM,
      );
    const key = lockKey(row.username, `ip:${ip}`);
    const state = await lockState(db, key);
    if (isLocked(state, now)) throw codesLocked(state.lockedUntil!, now);
    const check = checkTotpCode({
      secret: openTotpSecret(row.totp_pending_secret_enc, secretsKey, row.user_id),
      code,
      at: now,
      lastStep: null,
    });
    if (!check.ok) {
      const next = await db.transaction().execute(async (trx) => {
        const after = afterFailure(await lockStateForUpdate(trx, key, now), now);
        await saveLockState(trx, key, after, now);
        // A wrong code shows only that someone holds the link, not that it is the user (see qrCode).
        await audit.record(
          {
            action: 'user.enrolment-confirm-refused',
            actor: null,
            target: `user:${row.user_id}`,
            ip,
            details: { via: 'link' },
          },
          trx,
        );
        return after;
      });
      if (isLocked(next, now)) throw codesLocked(next.lockedUntil!, now);
      throw badRequest('query.code', 'Wrong one-time code', ErrorCode.INVALID_CODE);
    }
    await db.transaction().execute(async (trx) => {
      // Only while the waiting secret is still the one checked: a concurrent confirm, reset or newer link replaces it.
      const changed = await activatePendingSecret(
        trx,
        row.user_id,
        row.totp_pending_secret_enc!,
        check.step,
        now,
      );
      if (!changed)
        throw unauthorized(
          'This enrolment link has expired or was already used',
          ErrorCode.ENROLMENT_EXPIRED,
        );
      await useOpenQrTokens(trx, row.user_id, now);
      await clearLock(trx, key);
      await sessions.endAllFor(row.user_id, 'secret-changed', trx);
      // A code of the new secret shows the user's own authenticator holds it: the user confirmed.
      const actor = { userId: row.user_id, username: row.username };
      await audit.record(
        { action: 'user.enrolment-confirmed', actor, target: `user:${row.user_id}`, ip },
        trx,
      );
    });
  }

  /** An enrolment link that is known, unused, not replaced, not expired, of a live user with a secret. */
  private async openLink(token: string, now: Date) {
    const row = await findQrTokenWithUser(this.deps.db, hashToken(token));
    if (
      !row ||
      row.used_at ||
      row.superseded_at ||
      row.expires_at.getTime() <= now.getTime() ||
      row.deleted ||
      !row.totp_secret_enc
    )
      throw unauthorized(
        'This enrolment link has expired or was already used: ask an administrator for a new one',
        ErrorCode.ENROLMENT_EXPIRED,
      );
    return row;
  }

  private async mail(to: string, mail: { subject: string; text: string }, log: WarnLog): Promise<boolean> {
    if (!this.deps.mailer) return false;
    try {
      await this.deps.mailer.send({ to, ...mail });
      return true;
    } catch (error) {
      log.warn({ err: error, to }, 'enrolment e-mail not sent');
      return false;
    }
  }

  /**
   * The QR code of an open enrolment link: the prepared secret when there is one, else the user's own. The page may
   * be reloaded until the link is used, replaced or expired.
   */
  async qrCode(token: string, ip: string): Promise<QrCode> {
    const row = await this.openLink(token, this.deps.now());
    const sealed = row.totp_pending_secret_enc ?? row.totp_secret_enc!;
    const secretKey = openTotpSecret(sealed, this.deps.secretsKey, row.user_id);
    const qrCode = await QRCode.toDataURL(otpauthUri(secretKey, row.username), {
      width: 300,
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    // Whoever holds the link opens this public page: nobody is signed in, and holding the link does not show who it
    // is (an administrator may open it to show the code; a forwarded e-mail opens it too). The user is its subject.
    await this.deps.audit.record({
      action: 'user.enrolment-opened',
      actor: null,
      target: `user:${row.user_id}`,
      ip,
      details: { via: 'link' },
    });
    return { qrCode, secretKey, confirm: row.totp_pending_secret_enc !== null };
  }
}

/**
 * The enrolment e-mail goes to staff as it is, so it is written in Italian like the app. With `confirm` the user
 * already signs in: the page asks for a first code of the new secret, and the current one works until then.
 */
export function enrolmentMail(
  username: string,
  url: string,
  confirm = false,
): { subject: string; text: string } {
  return {
    subject: 'Storico: configura il codice di accesso',
    text: [
      `Ciao ${username},`,
      '',
      "per accedere a Storico serve un'app di autenticazione (per esempio Google Authenticator o Microsoft Authenticator).",
      confirm
        ? "Apri questo link, inquadra il codice QR con l'app, poi inserisci nella pagina il codice a 6 cifre che mostra e premi Conferma:"
        : "Apri questo link, inquadra il codice QR con l'app e usa il codice a 6 cifre che mostra per accedere:",
      '',
      url,
      '',
      confirm
        ? `Il link vale ${ENROLMENT_TTL_HOURS} ore. Fino alla conferma il codice che usi ora continua a funzionare.`
        : `Il link vale ${ENROLMENT_TTL_HOURS} ore e smette di funzionare dopo il primo accesso.`,
      'Se non aspettavi questo messaggio, avvisa un amministratore.',
    ].join('\n'),
  };
}
