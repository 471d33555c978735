import { sql, type Kysely } from 'kysely';

/**
 * Sign-in locks per account and source (a client address, or a browser that signed in to the account before), so a
 * stranger who fails from one address locks only that address out of that account, never the account itself.
 * Unknown usernames get rows like known ones: the answers do not tell whether a name exists.
 */
const up = [
  `create table login_locks (
    account text not null,
    source text not null,
    failed_attempts integer not null default 0,
    locked_until timestamptz,
    lock_count integer not null default 0,
    updated_at timestamptz not null default now(),
    primary key (account, source)
  )`,
  `create index audit_log_action_target on audit_log (action, target, at)`,
  // Per-address request limits shared by every instance on one PostgreSQL (PGlite keeps them in memory).
  `create table rate_limits (
    key text primary key,
    count integer not null,
    window_ends timestamptz not null
  )`,
  // The CRM sync's last start and who took it: one run per interval across instances.
  `alter table sync_state add column instance text`,
  // The browser a session signed in from, for the user's list of sessions.
  `alter table sessions add column user_agent text`,
  `create index sessions_open_by_user on sessions (user_id) where ended_at is null`,
];

const down = [
  `drop index sessions_open_by_user`,
  `alter table sessions drop column user_agent`,
  `alter table sync_state drop column instance`,
  `drop table rate_limits`,
  `drop index audit_log_action_target`,
  `drop table login_locks`,
];

export const security = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
};
