import type { Db } from '../db/database';
import type { AccessGrantKind } from '../db/tables/identity.table';

/**
 * Records that `grantedBy` gave `userId` their access in the way `kind` names; nothing when they are the same user
 * (an administrator setting their own password gives nobody else a way in).
 */
export async function recordAccessGrant(
  db: Db,
  grant: { userId: number; grantedBy: number | null; kind: AccessGrantKind; at: Date },
): Promise<void> {
  if (grant.grantedBy === null || grant.grantedBy === grant.userId) return;
  await db
    .insertInto('access_grants')
    .values({ user_id: grant.userId, granted_by: grant.grantedBy, kind: grant.kind, at: grant.at })
    .execute();
}

export type AccessGrant = { userId: number; grantedBy: number; kind: AccessGrantKind; at: Date };

/**
 * The latest grant since `since` to each of `userIds`, by `grantedBy` when given, else by anyone but the user;
 * `kinds` limits which count.
 */
export async function latestGrants(
  db: Db,
  query: {
    userIds: readonly number[];
    since: Date;
    grantedBy?: number;
    kinds?: readonly AccessGrantKind[];
  },
): Promise<Map<number, AccessGrant>> {
  if (query.userIds.length === 0) return new Map();
  let select = db
    .selectFrom('access_grants')
    .select(['user_id', 'granted_by', 'kind', 'at'])
    .where('user_id', 'in', [...new Set(query.userIds)])
    .where('at', '>=', query.since)
    .orderBy('user_id')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .distinctOn('user_id');
  if (query.grantedBy !== undefined) select = select.where('granted_by', '=', query.grantedBy);
  if (query.kinds) select = select.where('kind', 'in', [...query.kinds]);
  const rows = await select.execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      { userId: row.user_id, grantedBy: row.granted_by, kind: row.kind, at: new Date(row.at) },
    ]),
  );
}
