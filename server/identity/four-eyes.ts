import { ErrorCode } from '../../contract/error-codes';
import { FOUR_EYES_MESSAGE, type FourEyesHold } from '../../contract/four-eyes';
import type { AuditService } from '../audit-log/audit.service';
import type { Db } from '../db/database';
import type { Caller } from '../http/caller';
import { forbidden } from '../http/http-error';
import { latestGrants } from './access-grants.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the rule needs: the database, the clock and FOUR_EYES_COOLDOWN_DAYS (0: off). */
export type FourEyesDeps = { db: Db; audit: AuditService; now: () => Date; fourEyesCooldownDays: number };

/** The start of the cooldown that ends now. */
export const cooldownStart = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Four eyes means two people: whom of `requesterIds` the reviewer gave their access (created them, issued them an
 * enrolment link, set their password) within the cooldown before now, and how, the latest time. The reviewer may
 * not approve those users' requests: they could have made them themselves.
 */
export async function fourEyesHolds(
  deps: Pick<FourEyesDeps, 'db' | 'now' | 'fourEyesCooldownDays'>,
  reviewerId: number,
  requesterIds: readonly number[],
): Promise<Map<number, FourEyesHold>> {
  if (deps.fourEyesCooldownDays === 0) return new Map();
  const grants = await latestGrants(deps.db, {
    userIds: requesterIds,
    grantedBy: reviewerId,
    since: cooldownStart(deps.now(), deps.fourEyesCooldownDays),
  });
  return new Map(
    [...grants].map(([userId, grant]) => [userId, { reason: grant.kind, at: grant.at.toISOString() }]),
  );
}

/**
 * Refuses the caller's approval of a request by `requester` (403 FOUR_EYES, written to the audit log) when the
 * caller gave the requester their access within the cooldown.
 */
export async function refuseHeldApproval(
  deps: FourEyesDeps,
  caller: Caller,
  requester: { id: number; username: string },
  request: { action: 'restore' | 'rollback'; target: string },
): Promise<void> {
  const hold = (await fourEyesHolds(deps, caller.userId, [requester.id])).get(requester.id);
  if (!hold) return;
  await deps.audit.record({
    action: `${request.action}.refused-four-eyes`,
    actor: caller.actor,
    ip: caller.ip,
    target: request.target,
    details: { reason: hold.reason, grantedAt: hold.at, username: requester.username },
  });
  throw forbidden(FOUR_EYES_MESSAGE, ErrorCode.FOUR_EYES);
}
