import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/database';
import { runPrepared } from '../db/prepared-statements';
import type { Principal, SessionVerifier } from '../http/access';

export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so a busy client does not write on every request. */
const TOUCH_EVERY_MS = 30 * 1000;

export type SessionEndReason =
  | 'logout'
  | 'idle'
  | 'expired'
  | 'user-deleted'
  | 'password-changed'
  | 'secret-changed'
  | 'password-guessing'
  | 'ended-by-user'
  | 'ended-by-admin';

/** An open session as its owner sees it. */
export type OpenSession = {
  jti: string;
  createdAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
};

export class SessionService implements SessionVerifier {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    jwtSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = new TextEncoder().encode(jwtSecret);
  }

  /** Opens a session row and signs the JWT that names it. */
  async issue(
    user: { id: number; username: string; role: string },
    ip: string | null,
    userAgent: string | null = null,
  ): Promise<string> {
    const jti = randomUUID();
    const now = this.now();
    const expiresAt = new Date(now.getTime() + SESSION_MAX_MS);
    await this.db
      .insertInto('sessions')
      .values({
        jti,
        user_id: user.id,
        ip,
        user_agent: userAgent?.slice(0, 300) ?? null,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
      })
      .execute();
    return new SignJWT({ id: user.id, role: user.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.username)
      .setJti(jti)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verify(token: string, _request?: FastifyRequest): Promise<Principal | null> {
    let jti: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      jti = payload.jti;
    } catch {
      return null;
    }
    if (!jti) return null;
    // Prepared: it runs before every authenticated request.
    const [row] = await runPrepared(
      this.db,
      this.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .innerJoin('roles', 'roles.id', 'users.role_id')
        .select([
          'sessions.jti',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'sessions.ended_at',
          'users.id as userId',
        ])
        .select(['users.username', 'users.deleted', 'roles.name as role'])
        .where('sessions.jti', '=', jti),
    );
    if (!row || row.ended_at || row.deleted) return null;
    const now = this.now();
    if (row.expires_at <= now) {
      await this.end(jti, 'expired');
      return null;
    }
    if (now.getTime() - row.last_seen_at.getTime() > SESSION_IDLE_MS) {
      await this.end(jti, 'idle');
      return null;
    }
    if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('jti', '=', jti).execute();
    }
    // Role and name come from the database, not the token: a role change takes effect at once.
    return { userId: row.userId, username: row.username, role: row.role, jti };
  }

  async end(jti: string, reason: SessionEndReason): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ ended_at: this.now(), end_reason: reason })
      .where('jti', '=', jti)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** The user's sessions still usable now (not ended, not expired, not idle), last used first. */
  async openFor(userId: number): Promise<OpenSession[]> {
    const now = this.now();
    const rows = await this.db
      .selectFrom('sessions')
      .select(['jti', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS))
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.map((r) => ({
      jti: r.jti,
      createdAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      ip: r.ip,
      userAgent: r.user_agent,
    }));
  }

  /** Ends one session of this user; false when it is not theirs or already ended. */
  async endOwn(userId: number, jti: string, reason: SessionEndReason): Promise<boolean> {
    return (await this.endOpen(userId, reason, { only: jti })) > 0;
  }

  /** Ends every open session of the user but `keep`; answers how many ended. */
  endOthers(userId: number, keep: string, reason: SessionEndReason): Promise<number> {
    return this.endOpen(userId, reason, { except: keep });
  }

  private async endOpen(
    userId: number,
    reason: SessionEndReason,
    which: { only: string } | { except: string },
  ): Promise<number> {
    const rows = await this.db
      .updateTable('sessions')
      .set({ ended_at: this.now(), end_reason: reason })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('jti', 'only' in which ? '=' : '!=', 'only' in which ? which.only : which.except)
      .returning('jti')
      .execute();
    return rows.length;
  }

  /** Ends every open session of a user: deletion, password or TOTP secret change. */
  async endAllFor(userId: number, reason: SessionEndReason, db: Db = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ ended_at: this.now(), end_reason: reason })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .execute();
  }
}
