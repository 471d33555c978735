import type { Db } from '../db/database';

/**
 * The e-mail addresses of live users of the given roles, each once. `except` leaves out a user (the requester of
 * a restore is never told of their own request as a reviewer).
 */
export async function reviewerAddresses(
  db: Db,
  roles: string[],
  options: { except?: number } = {},
): Promise<string[]> {
  let query = db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('u.email')
    .where('u.deleted', '=', false)
    .where('r.name', 'in', roles)
    .where('u.email', '<>', '');
  if (options.except !== undefined) query = query.where('u.id', '<>', options.except);
  const rows = await query.execute();
  return [...new Set(rows.map((r) => r.email))];
}
