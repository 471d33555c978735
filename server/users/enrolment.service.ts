import { ErrorCode } from '../../contract/error-codes';
import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { ENROLMENT_TTL_HOURS, type QrCode, type QrToken } from '../../contract/users';
import type { AuditService, AuditActor } from '../audit/audit.service';
import type { SessionService } from '../auth/sessions';
import { generateTotpSecret, otpauthUri } from '../auth/totp';
import { openTotpSecret, sealTotpSecret } from '../auth/totp-secrets';
import type { Db } from '../db/database';
import { notFound, unauthorized } from '../http/http-error';
import type { Mailer } from '../mail/mailer';
import { findQrTokenWithUser, insertQrToken, supersedeOpenQrTokens } from './qr-tokens.repository';
import { findLiveUserById, updateUser } from './users.repository';

/** The request's logger (Fastify's pino), as far as this service uses it. */
type WarnLog = { warn: (details: object, message: string) => void };

const ENROLMENT_TTL_MS = ENROLMENT_TTL_HOURS * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const enrolmentUrl = (publicUrl: string, token: string) => `${publicUrl}/2fa/${token}`;

/**
 * Gives the user a fresh TOTP secret and a one-use enrolment token (only its hash is stored); older unused tokens
 * stop working. Returns the token, which exists nowhere else. Run it in the transaction of the change.
 */
export async function issueEnrolment(
  db: Db,
  input: { userId: number; secretsKey: Buffer; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const secret = generateTotpSecret();
  await updateUser(db, input.userId, {
    totp_secret_enc: sealTotpSecret(secret, input.secretsKey, input.userId),
    totp_last_step: null,
    updated_at: input.now,
  });
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

  /** A new secret ends every session of the user: the old authenticator entry no longer signs in. */
  async issue(userId: number, context: { actor: AuditActor; ip: string; log: WarnLog }): Promise<QrToken> {
    const { db, sessions, audit } = this.deps;
    const user = await findLiveUserById(db, userId);
    if (!user) throw notFound(`No user with id ${userId}`);
    const now = this.deps.now();
    const qrToken = await db.transaction().execute(async (trx) => {
      const token = await issueEnrolment(trx, { userId, secretsKey: this.deps.secretsKey, now });
      await sessions.endAllFor(userId, 'secret-changed', trx);
      await audit.record(
        { action: 'user.enrolment-issued', actor: context.actor, target: `user:${userId}`, ip: context.ip },
        trx,
      );
      return token;
    });
    const url = enrolmentUrl(this.deps.publicUrl, qrToken);
    const emailed = await this.mail(user.email, user.username, url, context.log);
    return { qrToken, url, emailed };
  }

  private async mail(to: string, username: string, url: string, log: WarnLog): Promise<boolean> {
    if (!this.deps.mailer) return false;
    try {
      await this.deps.mailer.send({ to, ...enrolmentMail(username, url) });
      return true;
    } catch (error) {
      log.warn({ err: error, to }, 'enrolment e-mail not sent');
      return false;
    }
  }

  /** The QR code of an open enrolment link; the page may be reloaded until the link is used, replaced or expired. */
  async qrCode(token: string, ip: string): Promise<QrCode> {
    const row = await findQrTokenWithUser(this.deps.db, hashToken(token));
    const now = this.deps.now();
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
    const secretKey = openTotpSecret(row.totp_secret_enc, this.deps.secretsKey, row.user_id);
    const qrCode = await QRCode.toDataURL(otpauthUri(secretKey, row.username), {
      width: 300,
      margin: 1,
      errorCorrectionLevel: 'M',
    });
    await this.deps.audit.record({
      action: 'user.enrolment-opened',
      actor: { userId: row.user_id, username: row.username },
      target: `user:${row.user_id}`,
      ip,
    });
    return { qrCode, secretKey };
  }
}

/** The enrolment e-mail goes to staff as it is, so it is written in Italian like the app. */
export function enrolmentMail(username: string, url: string): { subject: string; text: string } {
  return {
    subject: 'Storico: configura il codice di accesso',
    text: [
      `Ciao ${username},`,
      '',
      "per accedere a Storico serve un'app di autenticazione (per esempio Google Authenticator o Microsoft Authenticator).",
      "Apri questo link, inquadra il codice QR con l'app e usa il codice a 6 cifre che mostra per accedere:",
      '',
      url,
      '',
      `Il link vale ${ENROLMENT_TTL_HOURS} ore e smette di funzionare dopo il primo accesso.`,
      'Se non aspettavi questo messaggio, avvisa un amministratore.',
    ].join('\n'),
  };
}
