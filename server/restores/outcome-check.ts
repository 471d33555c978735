import type { AuditService } from '../audit-log/audit.service';
import type { CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import { settleLostWrite } from '../write-back/lost-write-read';
import type { RestoreMail } from './restore-mail';
import {
  markedRequests,
  recordOutcome,
  settleApplied,
  settleNotApplied,
  type MarkedRequest,
} from './restores.repository';

export type OutcomeCheckDeps = {
  db: Db;
  crm: CrmConnector;
  audit: AuditService;
  now: () => Date;
  /**
   * A read that does not show the write concludes it was not applied only this long after the answer was lost:
   * until then the CRM may still be processing it (RESTORE_OUTCOME_WAIT_S).
   */
  waitMs: number;
  /** Tells the requester how a settled request ended; none without SMTP_URL. */
  mail?: RestoreMail | null;
};

/** `unknown`: the record could not be read, or the write may still land. */
export type Settlement = 'applied' | 'not-applied' | 'unknown';

/** Requests being checked in this process: the sync's run, a list and a review may ask at once. */
const checking = new Set<string>();

/**
 * Settles requests whose restore write went unanswered by reading their record: the CRM holding every value sent
 * makes the request APPROVED (the read stored as its `restore:{id}` revision, or as the record's deletion when it
 * was deleted or merged since), the CRM without them (a record purged since holds none), once the wait is over,
 * makes it approvable again; both are audited. The first read that fails ends the run (the CRM is still away): the
 * rest wait for the next one. Answers each request's settlement.
 */
export async function settleUnknownOutcomes(
  deps: OutcomeCheckDeps,
  kind: RecordKind,
  ids?: readonly number[],
): Promise<Map<number, Settlement>> {
  const settled = new Map<number, Settlement>();
  for (const request of await markedRequests(deps.db, kind, ids)) {
    const key = `${kind}:${request.id}`;
    if (checking.has(key)) {
      settled.set(request.id, 'unknown');
      continue;
    }
    checking.add(key);
    try {
      const outcome = await settleOne(deps, kind, request);
      settled.set(request.id, outcome === 'unreadable' ? 'unknown' : outcome);
      if (outcome === 'unreadable') break;
    } finally {
      checking.delete(key);
    }
  }
  return settled;
}

async function settleOne(
  deps: OutcomeCheckDeps,
  kind: RecordKind,
  request: MarkedRequest,
): Promise<Settlement | 'unreadable'> {
  const { audit } = deps;
  const object = recordKinds[kind].crmObject;
  const target = `${recordKinds[kind].requestNoun}:${request.id}`;
  const details = { recordId: request.write.recordId, reviewerId: request.reviewerId, settled: true };
  const lost = {
    object,
    write: request.write,
    since: request.since,
    source: `restore:${request.id}` as const,
  };
  const settled = await settleLostWrite(deps, lost, async (trx, { held, kept }) => {
    if (!held) {
      if (!(await settleNotApplied(trx, kind, request))) return false;
      await audit.record({ actor: null, target, action: 'restore.not_applied', details }, trx);
      return true;
    }
    if (!(await settleApplied(trx, kind, { ...request, appliedRevisionId: kept!.revisionId }))) return false;
    const { outcome = null, newRecordId = null } = request.write;
    if (outcome) await recordOutcome(trx, kind, request.id, { outcome, newRecordId });
    const entry = { actor: null, target };
    await audit.record({ ...entry, action: 'restore.approved', details }, trx);
    await audit.record(
      {
        ...entry,
        action: 'restore.applied',
        details: {
          ...details,
          written: Object.keys(request.write.fields),
          appliedRevisionId: kept!.revisionId,
        },
      },
      trx,
    );
    return true;
  });
  if (settled === 'applied') deps.mail?.outcome(kind, request.id, 'approved');
  if (settled === 'not-applied') deps.mail?.outcome(kind, request.id, 'not-applied');
  return settled;
}
