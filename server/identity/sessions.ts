import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Unlisten } from '../db/channel';
import type { Db, DatabaseHandle } from '../db/database';
import { runPrepared } from '../db/prepared-statements';
import type { Principal, SessionVerifier } from '../http/access';
import { SESSION_CHANNEL, SessionCache } from './session-cache';

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

const principalOf = ({ userId, username, role, jti }: Principal): Principal => ({
  userId,
  username,
  role,
  jti,
});

export class SessionService implements SessionVerifier {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    jwtSecret: string,
    private readonly now: () => Date = () => new Date(),
    /** Sessions already checked, kept while the database announces their changes; none: every check reads. */
    private readonly known?: SessionCache,
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
    const now = this.now();
    // The very token verified before, used within the touch interval: neither idle nor to be touched, so neither its
    // signature nor the database has anything to add.
    const known = this.known?.find(token);
    if (known && known.expiresAt > now && now.getTime() - known.lastSeenAt.getTime() <= TOUCH_EVERY_MS)
      return principalOf(known);
    let jti: string | undefined;
    let tokenEnd = Infinity;
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      jti = payload.jti;
      if (payload.exp !== undefined) tokenEnd = payload.exp * 1000;
    } catch {
      return null;
    }
    if (!jti) return null;
    const version = this.known?.version ?? 0;
    // Prepared: it runs before every authenticated request the cache cannot answer.
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
    if (row.expires_at <= now) {
      await this.end(jti, 'expired');
      return null;
    }
    if (now.getTime() - row.last_seen_at.getTime() > SESSION_IDLE_MS) {
      await this.end(jti, 'idle');
      return null;
    }
    let lastSeenAt = row.last_seen_at;
    if (now.getTime() - lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.db.updateTable('sessions').set({ last_seen_at: now }).where('jti', '=', jti).execute();
      lastSeenAt = now;
    }
    // Role and name come from the database, not the token: a role change takes effect at once.
    const session = { userId: row.userId, username: row.username, role: row.role, jti };
    const expiresAt = new Date(Math.min(row.expires_at.getTime(), tokenEnd));
    this.known?.keep(token, { ...session, lastSeenAt, expiresAt }, version);
    return session;
  }

  /** What the sessions known from memory are now, for the metrics; null when every check reads the database. */
  cacheState(): { listening: boolean; known: number } | null {
    return this.known?.state ?? null;
  }

  /**
   * Forgets what is known of the user's sessions before the database's announcement arrives, so that a change this
   * instance made holds for its very next request.
   */
  forgetUser(userId: number): void {
    this.known?.forgetUser(userId);
  }

  async end(jti: string, reason: SessionEndReason): Promise<void> {
    this.known?.forget(jti);
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
    this.known?.forgetUser(userId);
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
    this.known?.forgetUser(userId);
    await db
      .updateTable('sessions')
      .set({ ended_at: this.now(), end_reason: reason })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .execute();
  }
}

/**
 * The server's sessions, checked from memory while the database's announcements of their changes are heard
 * (decision record 026). `close` stops listening.
 */
export async function openSessions(
  database: Pick<DatabaseHandle, 'db' | 'listen'>,
  jwtSecret: string,
  now?: () => Date,
): Promise<{ sessions: SessionService; close: Unlisten }> {
  const known = new SessionCache();
  const close = await database.listen(SESSION_CHANNEL, known);
  return { sessions: new SessionService(database.db, jwtSecret, now, known), close };
}
