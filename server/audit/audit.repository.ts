import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables/database';
import type { AuditLogTable } from '../db/tables/restores.table';

export type AuditRow = Selectable<AuditLogTable>;

/**
 * Which entries: by actor (the users of these ids, or else a name as recorded, any case), action or the actions
 * under it, and time [from, before).
 */
export type AuditLogFilter = {
  actor?: { userIds: number[] } | { username: string };
  action?: string;
  from?: Date;
  before?: Date;
};

/** The users (live or deleted) whose username is now `username`, any case. */
export async function userIdsNamed(db: Db, username: string): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .execute();
  return rows.map((row) => row.id);
}

/** The current username of each of these users (live or deleted). */
export async function currentUsernames(db: Db, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(userIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}

/** `action` itself, or every action under it: `restore` and `restore.` both take `restore.approved`. */
const actionPrefix = (action: string) => `${action.replace(/\.$/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}.%`;

function filtered<O>(query: SelectQueryBuilder<Database, 'audit_log', O>, filter: AuditLogFilter) {
  let q = query;
  const actor = filter.actor;
  if (actor && 'userIds' in actor) q = q.where('actor_user_id', 'in', actor.userIds);
  else if (actor)
    q = q.where((eb) => eb(eb.fn('lower', ['actor_username']), '=', actor.username.toLowerCase()));
  if (filter.action) {
    const action = filter.action;
    q = q.where((eb) => eb.or([eb('action', '=', action), eb('action', 'like', actionPrefix(action))]));
  }
  if (filter.from) q = q.where('at', '>=', filter.from);
  if (filter.before) q = q.where('at', '<', filter.before);
  return q;
}

/** A page of the log, newest first, and how many entries match. */
export async function listAuditEntries(
  db: Db,
  filter: AuditLogFilter,
  window: { offset: number; limit: number } | null,
): Promise<{ rows: AuditRow[]; total: number }> {
  let rows = filtered(db.selectFrom('audit_log').selectAll(), filter)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc');
  if (window) rows = rows.offset(window.offset).limit(window.limit);
  const [page, count] = await Promise.all([
    rows.execute(),
    filtered(db.selectFrom('audit_log'), filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(count.n) };
}

/** The matching entries newest first, `batch` at a time (keyset paging: a long export holds no cursor open). */
export async function* auditEntriesInBatches(
  db: Db,
  filter: AuditLogFilter,
  options: { batch: number; max: number },
): AsyncGenerator<AuditRow[]> {
  let after: { at: Date; id: number } | null = null;
  let sent = 0;
  while (sent < options.max) {
    let q = filtered(db.selectFrom('audit_log').selectAll(), filter);
    if (after) {
      const { at, id } = after;
      q = q.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
    }
    const rows = await q
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.min(options.batch, options.max - sent))
      .execute();
    if (rows.length === 0) return;
    yield rows;
    sent += rows.length;
    const last = rows.at(-1)!;
    after = { at: last.at, id: last.id };
  }
}
