import { ErrorCode } from '../../contract/error-codes';
import { ROLLBACK_EMPTY_MESSAGE, ROLLBACK_OPEN_MESSAGE, type CreateRollback } from '../../contract/rollbacks';
import type { AuditService } from '../audit-log/audit.service';
import type { CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { badRequest, conflict } from '../http/http-error';
import { holdNamedRevisions } from '../store/revisions-named';
import { violatedUniqueIndex } from '../identity/users.repository';
import { chosenFields, rollbackWindow } from './rollback-changes';
import { recordsChangedInWindow, type ScopeRecord } from './rollback-scope';
import { insertRollback, openAlertRollbackExists, openRollbackExists } from './rollbacks.repository';

/** A create that may go ahead: the window's instants, the chosen fields and the records rolled back. */
export type CheckedRollback = {
  input: CreateRollback;
  window: { from: Date; to: Date };
  fields: string[] | null;
  included: ScopeRecord[];
};

/**
 * What must hold before a create spends its code: a valid window and fields, some record to roll back (those
 * changed later by someone else only when ticked), the alert named about these changes, and no pending or running
 * rollback of the window or of that alert (409).
 */
export async function checkRollback(db: Db, input: CreateRollback): Promise<CheckedRollback> {
  const window = rollbackWindow(input);
  const fields = chosenFields(input.object, input.fields);
  const records = await recordsChangedInWindow(db, kindOfObject(input.object), {
    agent: input.sfUserID,
    ...window,
  });
  const included = includedRecords(records, input.includeLaterChanged ?? []);
  if (included.length === 0) throw conflict(ROLLBACK_EMPTY_MESSAGE, undefined, ErrorCode.ROLLBACK_EMPTY);
  if (input.alertId) await matchingAlert(db, input.alertId, { ...input, window });
  const key = {
    sfUserId: input.sfUserID,
    object: input.object,
    windowFrom: window.from,
    windowTo: window.to,
  };
  if (
    (await openRollbackExists(db, key)) ||
    (input.alertId && (await openAlertRollbackExists(db, input.alertId)))
  )
    throw conflict(ROLLBACK_OPEN_MESSAGE, undefined, ErrorCode.ROLLBACK_OPEN);
  return { input, window, fields, included };
}

/**
 * One PENDING request for every record checked, audited with it; refused (409) when another was created for the
 * window or the alert since the check. Answers the request's id.
 */
export async function createRollback(
  deps: { db: Db; audit: AuditService; now: () => Date },
  { input, window, fields, included }: CheckedRollback,
  caller: Caller,
): Promise<number> {
  const { db, audit, now } = deps;
  let id: number;
  try {
    id = await db.transaction().execute(async (trx) => {
      await holdNamedRevisions(
        trx,
        kindOfObject(input.object),
        included.flatMap((r) => (r.targetRevisionId === null ? [] : [r.targetRevisionId])),
      );
      const created = await insertRollback(trx, {
        sfUserId: input.sfUserID,
        object: input.object,
        rangeFrom: input.from,
        rangeTo: input.to,
        windowFrom: window.from,
        windowTo: window.to,
        fields,
        alertId: input.alertId ?? null,
        creatorId: caller.userId,
        createdAt: now(),
        records: included.map((r) => ({
          recordId: r.recordId,
          targetRevisionId: r.targetRevisionId,
          laterChanged: r.laterAt !== null,
        })),
      });
      await audit.record(
        {
          action: 'rollback.created',
          actor: caller.actor,
          ip: caller.ip,
          target: `rollback-request:${created}`,
          details: {
            sfUserID: input.sfUserID,
            object: input.object,
            from: input.from,
            to: input.to,
            fields,
            records: included.length,
            laterChangedIncluded: included.filter((r) => r.laterAt !== null).length,
            alertId: input.alertId ?? null,
          },
        },
        trx,
      );
      return created;
    });
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === 'rollback_requests_open' || index === 'rollback_requests_open_alert')
      throw conflict(ROLLBACK_OPEN_MESSAGE, undefined, ErrorCode.ROLLBACK_OPEN);
    throw error;
  }
  return id;
}

/** The records rolled back: all but those changed later by someone else, unless ticked (which must be those). */
function includedRecords(records: ScopeRecord[], ticked: readonly string[]): ScopeRecord[] {
  const later = new Set(records.filter((r) => r.laterAt).map((r) => r.recordId));
  const stray = ticked.find((id) => !later.has(id));
  if (stray !== undefined)
    throw badRequest(
      'body.includeLaterChanged',
      `${stray} is not a record of the window changed later by someone else`,
    );
  const wanted = new Set(ticked);
  return records.filter((r) => !r.laterAt || wanted.has(r.recordId));
}

/**
 * The alert a request names is one about its changes: the same agent and object, its window overlapping the
 * request's (a request linked to another burst would say so in the audit log and on the alert).
 */
async function matchingAlert(
  db: Db,
  id: number,
  request: { sfUserID: string; object: CrmObject; window: { from: Date; to: Date } },
): Promise<void> {
  const alert = await db
    .selectFrom('alerts')
    .select(['sf_user_id', 'object', 'window_start', 'window_end'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!alert) throw badRequest('body.alertId', `Unknown alert ${id}`);
  const { window } = request;
  const overlaps = new Date(alert.window_start) <= window.to && new Date(alert.window_end) >= window.from;
  if (alert.sf_user_id !== request.sfUserID || alert.object !== request.object || !overlaps)
    throw badRequest(
      'body.alertId',
      `Alert ${id} is about another agent, object or window than this rollback`,
    );
}
