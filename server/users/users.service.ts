import { ErrorCode } from '../../contract/error-codes';
import type { Page } from '../../contract/page';
import { ADMIN } from '../../contract/roles';
import {
  USER_SORT_FIELDS,
  type CreateUser,
  type EditUser,
  type SetPassword,
  type UpdatePassword,
  type UpdateUser,
  type User,
  type UserListQuery,
} from '../../contract/users';
import type { AuditService } from '../audit-log/audit.service';
import {
  clearAccountLocks,
  lockKey,
  lockState,
  lockStateForUpdate,
  saveLockState,
} from '../identity/auth.repository';
import { recordAccessGrant } from '../identity/access-grants.repository';
import { refuseWeakPassword } from '../identity/common-passwords';
import { afterFailure, isLocked } from '../identity/lock-policy';
import { hashPassword, verifyPassword } from '../identity/passwords';
import type { SessionService } from '../identity/sessions';
import type { Db } from '../db/database';
import type { Caller } from '../http/caller';
import type { HttpError } from '../http/http-error';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/http-error';
import { pageWindow, parseSort, toPage } from '../http/paging';
import { keepAnAdminWhoSignsIn } from './last-admin';
import { supersedeOpenQrTokens } from '../identity/qr-tokens.repository';
import { findRoleByName } from '../identity/roles.repository';
import {
  findLiveUserById,
  insertUser,
  listLiveUsers,
  takenIdentity,
  updateUser,
  violatedUniqueIndex,
  type UserWithRole,
} from '../identity/users.repository';

export const toUser = (row: UserWithRole): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  deleted: row.deleted,
  role: { id: row.role_id, name: row.role_name, label: row.role_label },
});

function duplicateError(taken: { username: boolean; email: boolean }): HttpError | null {
  if (taken.username && taken.email)
    return conflict(
      'Username and e-mail are already used by another user',
      'body.username,body.email',
      ErrorCode.USERNAME_AND_EMAIL_TAKEN,
    );
  if (taken.username)
    return conflict('Username is already used by another user', 'body.username', ErrorCode.USERNAME_TAKEN);
  if (taken.email)
    return conflict('E-mail is already used by another user', 'body.email', ErrorCode.EMAIL_TAKEN);
  return null;
}

/** A concurrent write can still hit the unique indexes after the check: same answer as the check. */
function duplicateFromIndex(error: unknown): HttpError | null {
  const index = violatedUniqueIndex(error);
  if (index === null) return null;
  return duplicateError({
    username: index === 'users_username_live',
    email: index === 'users_email_live',
  });
}

export type UsersDeps = { db: Db; sessions: SessionService; audit: AuditService; now: () => Date };

export class UsersService {
  constructor(private readonly deps: UsersDeps) {}

  async list(query: UserListQuery): Promise<Page<User>> {
    const { rows, total } = await listLiveUsers(this.deps.db, {
      filter: query.filter,
      sort: parseSort(query.sort, USER_SORT_FIELDS, { column: 'username', direction: 'asc' }),
      window: pageWindow(query),
    });
    return toPage(rows.map(toUser), total, query);
  }

  async create(input: CreateUser, caller: Caller): Promise<User> {
    const { db, audit } = this.deps;
    const role = await this.role(input.role.name);
    const duplicate = duplicateError(await takenIdentity(db, input));
    if (duplicate) throw duplicate;
    refuseWeakPassword(input.password, input.username, 'body.password');
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const newId = await insertUser(trx, {
          username: input.username,
          email: input.email,
          password_hash: passwordHash,
          role_id: role.id,
          created_at: now,
          updated_at: now,
        });
        await recordAccessGrant(trx, { userId: newId, grantedBy: caller.userId, kind: 'created', at: now });
        await audit.record(
          {
            action: 'user.created',
            actor: caller.actor,
            target: `user:${newId}`,
            ip: caller.ip,
            details: { username: input.username, email: input.email, role: role.name },
          },
          trx,
        );
        return newId;
      })
      .catch((error: unknown) => {
        throw duplicateFromIndex(error) ?? error;
      });
    return this.get(id);
  }

  async update(id: number, input: UpdateUser, caller: Caller): Promise<User> {
    return 'password' in input ? this.setPassword(id, input, caller) : this.edit(id, input, caller);
  }

  private async edit(id: number, input: EditUser, caller: Caller): Promise<User> {
    const { db, audit } = this.deps;
    const current = await this.live(id);
    const role = await this.role(input.role.name);
    const duplicate = duplicateError(await takenIdentity(db, input, id));
    if (duplicate) throw duplicate;
    await db
      .transaction()
      .execute(async (trx) => {
        await this.keepAnAdmin(trx, current, role.name);
        await updateUser(trx, id, {
          username: input.username,
          email: input.email,
          role_id: role.id,
          updated_at: this.deps.now(),
        });
        await audit.record(
          {
            action: 'user.updated',
            actor: caller.actor,
            target: `user:${id}`,
            ip: caller.ip,
            details: {
              before: { username: current.username, email: current.email, role: current.role_name },
              after: { username: input.username, email: input.email, role: role.name },
            },
          },
          trx,
        );
      })
      .catch((error: unknown) => {
        throw duplicateFromIndex(error) ?? error;
      });
    // A new role or name holds for the user's next request on this instance too (the others hear the database).
    this.deps.sessions.forgetUser(id);
    return this.get(id);
  }

  /** An administrator sets a password: it also lifts a sign-in lock, and ends the user's sessions. */
  private async setPassword(id: number, input: SetPassword, caller: Caller): Promise<User> {
    const { db, audit, sessions } = this.deps;
    const current = await this.live(id);
    const role = input.role ? await this.role(input.role.name) : null;
    refuseWeakPassword(input.password, current.username, 'body.password');
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      if (role) await this.keepAnAdmin(trx, current, role.name);
      const at = this.deps.now();
      await updateUser(trx, id, {
        password_hash: passwordHash,
        ...(role ? { role_id: role.id } : {}),
        updated_at: at,
      });
      await recordAccessGrant(trx, { userId: id, grantedBy: caller.userId, kind: 'password-set', at });
      await clearAccountLocks(trx, current.username, this.deps.now());
      await sessions.endAllFor(id, 'password-changed', trx);
      await audit.record(
        {
          action: 'user.password-set',
          actor: caller.actor,
          target: `user:${id}`,
          ip: caller.ip,
          ...(role && role.name !== current.role_name
            ? { details: { role: { before: current.role_name, after: role.name } } }
            : {}),
        },
        trx,
      );
    });
    return this.get(id);
  }

  /** Soft delete: the row stays for the history it signed; its sessions and enrolment link end. */
  async remove(id: number, caller: Caller): Promise<void> {
    const { db, audit, sessions } = this.deps;
    if (id === caller.userId)
      throw conflict('You cannot delete your own user', undefined, ErrorCode.OWN_USER);
    const current = await this.live(id);
    await db.transaction().execute(async (trx) => {
      await this.keepAnAdmin(trx, current, null);
      const now = this.deps.now();
      await updateUser(trx, id, { deleted: true, updated_at: now });
      await supersedeOpenQrTokens(trx, id, now);
      await sessions.endAllFor(id, 'user-deleted', trx);
      await audit.record(
        {
          action: 'user.deleted',
          actor: caller.actor,
          target: `user:${id}`,
          ip: caller.ip,
          details: { username: current.username },
        },
        trx,
      );
    });
  }

  /** An administrator ends every session of a user at once (on every instance: sessions are checked in the database). */
  async endSessions(id: number, caller: Caller): Promise<void> {
    const { db, audit, sessions } = this.deps;
    await this.live(id);
    await db.transaction().execute(async (trx) => {
      await sessions.endAllFor(id, 'ended-by-admin', trx);
      await audit.record(
        { action: 'auth.sessions-ended-by-admin', actor: caller.actor, target: `user:${id}`, ip: caller.ip },
        trx,
      );
    });
  }

  /** An administrator lifts every sign-in and code lock of a user, from every address and browser. */
  async clearLocks(id: number, caller: Caller): Promise<{ cleared: number }> {
    const { db, audit } = this.deps;
    const current = await this.live(id);
    return db.transaction().execute(async (trx) => {
      const cleared = await clearAccountLocks(trx, current.username, this.deps.now());
      await audit.record(
        {
          action: 'auth.lock-cleared',
          actor: caller.actor,
          target: `user:${id}`,
          ip: caller.ip,
          details: { cleared },
        },
        trx,
      );
      return { cleared };
    });
  }

  /**
   * A user changes their own password; every session of theirs ends, this one too. Wrong current passwords count
   * like failed sign-ins from the caller's address: the fifth locks that address and ends this session, so a stolen
   * session cannot guess the password.
   */
  async changeOwnPassword(id: number, input: UpdatePassword, caller: Caller): Promise<void> {
    const { db, audit, sessions } = this.deps;
    if (id !== caller.userId)
      throw forbidden('You can only change your own password', ErrorCode.OWN_PASSWORD_ONLY);
    const current = await this.live(id);
    const now = this.deps.now();
    const key = lockKey(current.username, `ip:${caller.ip}`);
    if (isLocked(await lockState(db, key), now)) return this.endGuessingSession(caller, id);
    if (!(await verifyPassword(current.password_hash, input.oldPassword))) {
      const locked = await db.transaction().execute(async (trx) => {
        const next = afterFailure(await lockStateForUpdate(trx, key, now), now);
        await saveLockState(trx, key, next, now);
        await audit.record(
          {
            action: 'user.password-change-refused',
            actor: caller.actor,
            target: `user:${id}`,
            ip: caller.ip,
          },
          trx,
        );
        return isLocked(next, now);
      });
      if (locked) return this.endGuessingSession(caller, id);
      throw badRequest('body.oldPassword', 'The current password is wrong', ErrorCode.WRONG_PASSWORD);
    }
    if (input.newPassword === input.oldPassword)
      throw badRequest(
        'body.newPassword',
        'The new password must differ from the current one',
        ErrorCode.SAME_PASSWORD,
      );
    refuseWeakPassword(input.newPassword, current.username, 'body.newPassword');
    const passwordHash = await hashPassword(input.newPassword);
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, id, { password_hash: passwordHash, updated_at: this.deps.now() });
      await sessions.endAllFor(id, 'password-changed', trx);
      await audit.record(
        { action: 'user.password-changed', actor: caller.actor, target: `user:${id}`, ip: caller.ip },
        trx,
      );
    });
  }

  /** Too many wrong current passwords: the session that tried them ends (401, as any ended session answers). */
  private async endGuessingSession(caller: Caller, id: number): Promise<never> {
    await this.deps.sessions.end(caller.jti, 'password-guessing');
    await this.deps.audit.record({
      action: 'auth.session-ended-password-guessing',
      actor: caller.actor,
      target: `user:${id}`,
      ip: caller.ip,
    });
    throw unauthorized('Session ended after too many wrong passwords', ErrorCode.SESSION_EXPIRED);
  }

  private async get(id: number): Promise<User> {
    return toUser(await this.live(id));
  }

  private async live(id: number): Promise<UserWithRole> {
    const row = await findLiveUserById(this.deps.db, id);
    if (!row) throw notFound(`No user with id ${id}`);
    return row;
  }

  private async role(name: string) {
    const role = await findRoleByName(this.deps.db, name);
    if (!role) throw badRequest('body.role.name', `Unknown role ${name}`);
    return role;
  }

  /** Refuses a change of role (`newRole` null: the user is deleted) that leaves no administrator who signs in. */
  private async keepAnAdmin(trx: Db, user: UserWithRole, newRole: string | null): Promise<void> {
    if (newRole !== ADMIN) await keepAnAdminWhoSignsIn(trx, user);
  }
}
