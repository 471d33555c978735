import type { AuditService } from '../audit-log/audit.service';
import type { CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import type { Caller } from '../http/caller';
import { latestGrants } from '../identity/access-grants.repository';
import { cooldownStart } from '../identity/four-eyes';
import { findLiveUserById } from '../identity/users.repository';
import type { RecentGrant } from '../restores/restore-mail';
import { insertForcedRestoreAlert } from './alerts.repository';

export type ForcedRestoreAlertDeps = {
  db: Db;
  audit: AuditService;
  now: () => Date;
  fourEyesCooldownDays: number;
};

/**
 * A forced restore applied: its request (its id, and as audit entries name it), the record's object and the restored
 * snapshot's owner (the agent).
 */
export type AppliedForcedRestore = { id: number; request: string; object: CrmObject; agent: string };

/**
 * A forced restore stays one person's (no reviewer), but it is never unseen: one by a user whom someone else created
 * or enrolled within FOUR_EYES_COOLDOWN_DAYS raises an alert in 'Avvisi' naming both, as whoever gave the access
 * could have forced it themselves. A password set alone does not count: enrolment is what lets a user sign in anew.
 * Answers that grant, for the alert's e-mail, or null when no alert was raised.
 */
export async function alertForcedRestores(
  deps: ForcedRestoreAlertDeps,
  applied: readonly AppliedForcedRestore[],
  caller: Caller,
): Promise<RecentGrant | null> {
  if (deps.fourEyesCooldownDays === 0 || applied.length === 0) return null;
  const at = deps.now();
  const grant = (
    await latestGrants(deps.db, {
      userIds: [caller.userId],
      since: cooldownStart(at, deps.fourEyesCooldownDays),
      kinds: ['created', 'enrolled'],
    })
  ).get(caller.userId);
  if (!grant || grant.kind === 'password-set') return null;
  const kind = grant.kind;
  for (const restore of applied) {
    await deps.db.transaction().execute(async (trx) => {
      const id = await insertForcedRestoreAlert(trx, {
        agent: restore.agent,
        object: restore.object,
        request: restore.request,
        at,
        restoredBy: caller.userId,
        grant: { by: grant.grantedBy, kind, at: grant.at },
      });
      await deps.audit.record(
        {
          action: 'alert.forced-restore',
          actor: null,
          target: `alert:${id}`,
          details: {
            request: restore.request,
            object: restore.object,
            username: caller.actor?.username ?? null,
            reason: kind,
            grantedAt: grant.at.toISOString(),
          },
        },
        trx,
      );
    });
  }
  const by = await findLiveUserById(deps.db, grant.grantedBy);
  return { byUsername: by?.username ?? String(grant.grantedBy), kind, at: grant.at };
}
