import { sql } from 'kysely';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import type { NewUser, UserUpdate } from '../db/tables/identity.table';

export type UserSortColumn = 'id' | 'username' | 'email' | 'role';

const userWithRole = (db: Db) =>
  db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.deleted',
      'users.password_hash',
      'users.totp_secret_enc',
      'users.totp_pending_secret_enc',
      'users.totp_last_step',
      'users.failed_attempts',
      'users.locked_until',
      'users.lock_count',
      'roles.id as role_id',
      'roles.name as role_name',
      'roles.label as role_label',
    ]);

export type UserWithRole = NonNullable<
  Awaited<ReturnType<ReturnType<typeof userWithRole>['executeTakeFirst']>>
>;

export const findLiveUserByUsername = (db: Db, username: string) =>
  userWithRole(db)
    .where(sql<string>`lower(users.username)`, '=', username.toLowerCase())
    .where('users.deleted', '=', false)
    .executeTakeFirst();

export const findLiveUserById = (db: Db, id: number) =>
  userWithRole(db).where('users.id', '=', id).where('users.deleted', '=', false).executeTakeFirst();

/** Which of `username` / `email` a live user other than `exceptId` already has. */
export async function takenIdentity(
  db: Db,
  identity: { username: string; email: string },
  exceptId?: number,
): Promise<{ username: boolean; email: boolean }> {
  let query = db
    .selectFrom('users')
    .select(['username', 'email'])
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(username)`, '=', identity.username.toLowerCase()),
        eb(sql<string>`lower(email)`, '=', identity.email.toLowerCase()),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  return {
    username: rows.some((r) => r.username.toLowerCase() === identity.username.toLowerCase()),
    email: rows.some((r) => r.email.toLowerCase() === identity.email.toLowerCase()),
  };
}

const sortExpression = {
  id: sql`users.id`,
  username: sql`lower(users.username)`,
  email: sql`lower(users.email)`,
  role: sql`roles.name`,
} as const;

export async function listLiveUsers(
  db: Db,
  options: {
    filter: string | undefined;
    sort: { column: UserSortColumn; direction: 'asc' | 'desc' };
    window: { offset: number; limit: number } | null;
  },
): Promise<{ rows: UserWithRole[]; total: number }> {
  let base = userWithRole(db).where('users.deleted', '=', false);
  const filter = options.filter?.trim();
  if (filter) {
    const pattern = containsPattern(filter);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`lower(users.username)`, 'like', pattern),
        eb(sql<string>`lower(users.email)`, 'like', pattern),
      ]),
    );
  }
  const { count } = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  let page = base
    .orderBy(sortExpression[options.sort.column], options.sort.direction)
    .orderBy('users.id', options.sort.direction);
  if (options.window) page = page.offset(options.window.offset).limit(options.window.limit);
  return { rows: await page.execute(), total: Number(count) };
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const { id } = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export const countUsers = async (db: Db): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Live users of a role, locked until the transaction ends: two concurrent changes cannot both remove the last one. */
export const lockLiveUsersOfRole = (db: Db, roleId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'totp_secret_enc', 'totp_last_step'])
    .where('role_id', '=', roleId)
    .where('deleted', '=', false)
    .forUpdate()
    .execute();

/** A unique index that refused a write: `users_username_live` or `users_email_live`. */
export function violatedUniqueIndex(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return null;
  if (typeof constraint === 'string') return constraint;
  const named = typeof message === 'string' ? /"([^"]+)"/.exec(message) : null;
  return named?.[1] ?? 'unknown';
}

/**
 * Makes the prepared secret the user's own, if it is still the one that was checked; the confirming code's step is
 * the last accepted one, so that code cannot sign in again. Returns whether it changed.
 */
export async function activatePendingSecret(
  db: Db,
  userId: number,
  pending: string,
  step: number,
  at: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret_enc: pending, totp_pending_secret_enc: null, totp_last_step: step, updated_at: at })
    .where('id', '=', userId)
    .where('totp_pending_secret_enc', '=', pending)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Whether the user signs in with an authenticator they hold: their current secret has accepted a code. A user who
 * was never sent a QR, or whose link is not used yet (it may expire), does not.
 */
export const signsIn = (user: { totp_secret_enc: string | null; totp_last_step: number | null }) =>
  user.totp_secret_enc !== null && user.totp_last_step !== null;
