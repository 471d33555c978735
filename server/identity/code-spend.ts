import { ErrorCode } from '../../contract/error-codes';
import { CODES_LOCKED_MESSAGE, INVALID_TOTP_MESSAGE } from '../../contract/restores';
import type { AuditService } from '../audit-log/audit.service';
import type { Db } from '../db/database';
import type { Caller } from '../http/caller';
import { badRequest, HttpError } from '../http/http-error';
import { spendOneTimeCode } from './one-time-code';

export type CodeSpendDeps = { db: Db; audit: AuditService; secretsKey: Buffer; now: () => Date };

/**
 * Spends the caller's one-time code for an action on `target`, or refuses it: a wrong code answers 400 `Invalid
 * Totp` (not 401: the client reads any 401 as "session expired"), a right one already used the same with code
 * CODE_USED (the user waits for the next one instead of retyping it), too many wrong ones 429 with Retry-After.
 * A refusal is audited as `{prefix}.code_refused` or `{prefix}.code_locked`.
 */
export async function spendCodeOrRefuse(
  deps: CodeSpendDeps,
  caller: Caller,
  code: string,
  audited: { prefix: string; target: string },
): Promise<void> {
  const { db, audit, secretsKey, now } = deps;
  const spent = await spendOneTimeCode(db, { userId: caller.userId, code, secretsKey, now: now() });
  if (spent.outcome === 'accepted') return;
  await audit.record({
    action: `${audited.prefix}.${spent.outcome === 'locked' ? 'code_locked' : 'code_refused'}`,
    actor: caller.actor,
    ip: caller.ip,
    target: audited.target,
  });
  if (spent.outcome === 'locked') {
    const seconds = Math.max(1, Math.ceil((spent.lockedUntil.getTime() - now().getTime()) / 1000));
    throw new HttpError(429, CODES_LOCKED_MESSAGE, ErrorCode.CODES_LOCKED, undefined, seconds);
  }
  // One message either way (docs/product.md#server-messages-and-error-codes); the code tells them apart.
  const refusal = spent.outcome === 'replayed' ? ErrorCode.CODE_USED : ErrorCode.INVALID_CODE;
  throw badRequest('query.code', INVALID_TOTP_MESSAGE, refusal);
}
