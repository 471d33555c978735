import { ErrorCode } from '../../contract/error-codes';
import { ADMIN } from '../../contract/roles';
import type { Db } from '../db/database';
import { conflict } from '../http/http-error';
import { lockLiveUsersOfRole, signsIn, type UserWithRole } from '../identity/users.repository';

const LAST_ADMIN =
  'No administrator who can sign in would be left: first make ADMIN another user who has set up their authenticator';

/**
 * Refuses a change that takes `user` out of the administrators who can sign in (a new role, a delete, a new
 * authenticator) when no other live ADMIN signs in with theirs: an administrator never enrolled cannot sign in, and
 * nobody would be left to send them the link. Run it in the transaction of the change.
 */
export async function keepAnAdminWhoSignsIn(trx: Db, user: UserWithRole): Promise<void> {
  if (user.role_name !== ADMIN) return;
  const admins = await lockLiveUsersOfRole(trx, user.role_id);
  if (!admins.some((admin) => admin.id !== user.id && signsIn(admin)))
    throw conflict(LAST_ADMIN, undefined, ErrorCode.LAST_ADMIN);
}
