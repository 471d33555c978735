import type { AuditDetails } from '../../contract/audit';
import type { Db } from '../db/database';
import { insertAuditEntry } from './audit-entries.repository';

/**
 * Who did it: a signed-in user, the user a sign-in named, or the system itself (null); a sign-in naming nobody is
 * null too, its username kept only as a fingerprint (server/identity/username-fingerprint.ts).
 */
export type AuditActor = { userId: number | null; username: string | null } | null;

export type AuditEvent = {
  /** A dotted verb: `auth.login`, `user.deleted`, `restore.approved` ... */
  action: string;
  actor: AuditActor;
  /** What it was done to: `user:12`, `restore-case-request:7` ... */
  target?: string | null;
  ip?: string | null;
  /** Keyed as contract/audit.ts lists, so that the audit screen can name each key in Italian. */
  details?: AuditDetails;
};

/** The security log: every sign-in, failure, lock, logout, user change, enrolment and restore decision. */
export class AuditService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Pass `db` to write inside a transaction, so the entry commits (or not) with the change it records. */
  async record(event: AuditEvent, db: Db = this.db): Promise<void> {
    await insertAuditEntry(db, {
      at: this.now(),
      action: event.action,
      actor_user_id: event.actor?.userId ?? null,
      actor_username: event.actor?.username ?? null,
      target: event.target ?? null,
      ip: event.ip ?? null,
      // Both drivers take JSON text for a jsonb parameter; an object is not serialised the same way by each.
      details: event.details ? JSON.stringify(event.details) : null,
    });
  }
}
