import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RolesTable {
  id: Generated<number>;
  name: string;
  label: string;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  /** AES-256-GCM sealed base32 secret; null until one is issued. */
  totp_secret_enc: string | null;
  /** A secret sent with 'Invia QR', sealed like the current one: it replaces it once the user confirms a code. */
  totp_pending_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last accepted TOTP time step: a code of that step or an earlier one is a replay. */
  totp_last_step: number | null;
  role_id: number;
  deleted: Generated<boolean>;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  lock_count: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** What gave a user their access, and who (migration 0022): the four-eyes rule reads it. */
export type AccessGrantKind = 'created' | 'enrolled' | 'password-set';

/** Someone other than the user created them, issued them an enrolment link or set their password. */
export interface AccessGrantsTable {
  id: Generated<number>;
  user_id: number;
  granted_by: number;
  kind: AccessGrantKind;
  at: Timestamp;
}

export interface QrTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token: the token itself only travels in the enrolment link. */
  token_hash: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  superseded_at: NullableTimestamp;
}

/** A signed-in session; the JWT's `jti` names it. */
export interface SessionsTable {
  jti: string;
  user_id: number;
  ip: string | null;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
  end_reason: string | null;
  /** The User-Agent it signed in with (cut to 300 characters); null before it was kept. */
  user_agent: Generated<string | null>;
}

/** Failed sign-ins of one account from one source (`ip:...`, `device:...`, `codes`); see lock-policy.ts. */
export interface LoginLocksTable {
  /** The username, lower-cased: unknown names are counted like known ones. */
  account: string;
  source: string;
  failed_attempts: number;
  locked_until: NullableTimestamp;
  lock_count: number;
  updated_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  username: string;
  ip: string;
  at: CreatedAt;
  outcome: 'ok' | 'bad_credentials' | 'bad_code' | 'replayed_code' | 'locked' | 'rate_limited';
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
