import type { ChannelListener } from '../db/channel';
import type { Principal } from '../http/access';

/** The channel on which the database announces every change of a session, a user or a role (migration 0012). */
export const SESSION_CHANNEL = 'storico_sessions';

/** A session found open, as last read from the database; `expiresAt` is its token's end when that comes first. */
export type KnownSession = Principal & { lastSeenAt: Date; expiresAt: Date };

/** Enough for every session a large team keeps open; past it the oldest known one is read again when used. */
const MAX_ENTRIES = 10_000;

/**
 * The sessions this instance found open, by the token that named them, so that a request bearing the very token
 * already verified needs neither its signature checked again nor a database round trip (decision record 026). Kept only while the database's change announcements are heard: an announcement drops what
 * it names, and a lost connection drops everything and keeps nothing until it listens again. A read that an
 * announcement overtook (the generation moved while it ran) is not kept.
 */
export class SessionCache implements ChannelListener {
  private readonly entries = new Map<string, KnownSession>();
  private heard = false;
  /** Moves on every announcement and every change of `heard`. */
  private generation = 0;

  /** Whether it hears the announcements (and so answers from memory), and how many sessions it knows. */
  get state(): { listening: boolean; known: number } {
    return { listening: this.heard, known: this.entries.size };
  }

  /** The current generation, to pass to `keep` with what a read found. */
  get version(): number {
    return this.generation;
  }

  find(token: string): KnownSession | undefined {
    return this.heard ? this.entries.get(token) : undefined;
  }

  /** Keeps a session its token named, read at `version`, unless something changed since. */
  keep(token: string, session: KnownSession, version: number): void {
    if (!this.heard || version !== this.generation) return;
    this.entries.delete(token);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, session);
  }

  /** Drops one session (ended here), before the announcement of it arrives. */
  forget(jti: string): void {
    this.forgetWhere((session) => session.jti === jti);
  }

  /** Drops every session of a user. */
  forgetUser(userId: number): void {
    this.forgetWhere((session) => session.userId === userId);
  }

  notify(payload: string): void {
    const [kind, key] = payload.split(':', 2);
    if (kind === 'jti' && key) this.forget(key);
    else if (kind === 'user' && key && Number.isInteger(Number(key))) this.forgetUser(Number(key));
    else this.forgetAll();
  }

  listening(on: boolean): void {
    this.heard = on;
    this.forgetAll();
  }

  // Announcements are rare (a sign-out, a changed user): a pass over the known sessions costs them little.
  private forgetWhere(named: (session: KnownSession) => boolean): void {
    this.generation++;
    for (const [token, session] of this.entries) if (named(session)) this.entries.delete(token);
  }

  private forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }
}
