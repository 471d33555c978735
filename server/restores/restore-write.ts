import { ErrorCode } from '../../contract/error-codes';
import { CLAIMED_ELSEWHERE_MESSAGE, OUTCOME_UNKNOWN_MESSAGE } from '../../contract/restores';
import type { AuditEvent, AuditService } from '../audit-log/audit.service';
import type { OneAtATime } from '../identity/one-at-a-time';
import { CrmError, type CrmConnector, type CrmRecord } from '../crm/crm-connector';
import { restoreCaseRelated, splitFields } from './related-restore';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { conflict, HttpError } from '../http/http-error';
import { recordChangedMessage } from '../../contract/record-changed';
import { parseSfDateTime } from '../crm/salesforce-dates';
import { crmUserNames } from '../store/crm-user-names';
import { CRM_LIMIT_RETRY_AFTER_S } from '../crm/crm-wait';
import { latestSnapshots } from '../store/revisions.repository';
import { changedFields } from '../store/snapshot-fields';
import { RecordRecreating, type RecordReturn } from '../write-back/record-return';
import {
  RecordChangedSince,
  type RestoreFailure,
  type RestoreVerdict,
  type SentWrite,
} from '../write-back/restore-apply';
import { writeBack, type RefusalReason, type WriteDone, type WriteOutcome } from '../write-back/write-back';
import type { RestoreMail } from './restore-mail';
import {
  compareAgain,
  completeRequest,
  deleteUnapplied,
  markOutcomeUnknown,
  recordOutcome,
  recordRelatedRestored,
} from './restores.repository';

export type RestoresDeps = {
  db: Db;
  /** The CRM restores write to; without one, approving and forcing answer 503. */
  crm: CrmConnector | undefined;
  audit: AuditService;
  secretsKey: Buffer;
  now: () => Date;
  /** RESTORE_OUTCOME_WAIT_S: see OutcomeCheckDeps.waitMs. */
  outcomeWaitMs: number;
  /** E-mails reviewers and requesters; none without SMTP_URL. */
  mail: RestoreMail | null;
  /** Runs a caller's code-confirmed actions one at a time (shared with the rollbacks). */
  oneAtATime: OneAtATime;
  /** FOUR_EYES_COOLDOWN_DAYS (server/identity/four-eyes.ts). */
  fourEyesCooldownDays: number;
  /** SF_API_MAX_USAGE: at the cap a refusal names the CRM user by the name kept, never asked (crmUserNames). */
  maxApiUsage: number;
};

/** A request claimed for its write: its id, the claim's token, the revision's snapshot and the chosen fields. */
export type ClaimedRequest = { id: number; token: string; target: CrmRecord; fields: string[] | null };

/** An audit entry names the chosen fields of a request limited to some; nothing for a request of every field. */
export const fieldsDetail = (fields: string[] | null) => (fields ? { fields } : {});

/**
 * A forced restore is created only once it is applied or its outcome is unknown: its creation is audited then, in
 * the same transaction.
 */
const auditForcedCreation = (
  audit: AuditService,
  entry: Omit<AuditEvent, 'action' | 'details'>,
  fields: string[] | null,
  trx: Db,
) =>
  audit.record(
    { ...entry, action: 'restore.created', details: { type: 'FORCED', ...fieldsDetail(fields) } },
    trx,
  );

/** The refusal code of what a read after the restore's write showed. */
const VERDICT_CODES = {
  'not-kept': ErrorCode.RESTORE_NOT_KEPT,
  'owner-changed': ErrorCode.OWNER_CHANGED,
} as const satisfies Record<RestoreVerdict, ErrorCode>;

const crmLimitError = () =>
  new HttpError(
    503,
    'The CRM refuses calls: its daily API request limit is exceeded. Try again later.',
    ErrorCode.CRM_LIMIT,
    undefined,
    CRM_LIMIT_RETRY_AFTER_S,
  );

/** The CRM to restore to; 503 CRM_LIMIT, before any code is spent, while it refuses calls for its API limit. */
export async function crmOrFail(deps: RestoresDeps): Promise<CrmConnector> {
  if (!deps.crm) throw new HttpError(503, 'No CRM is configured to restore to', ErrorCode.CRM_UNAVAILABLE);
  if (await deps.crm.limitExceeded()) throw crmLimitError();
  return deps.crm;
}

/** The answer to a refused restore, by the reason the write-back gives. */
function refusalError(reason: Exclude<RefusalReason, 'changed-since'>, failure: RestoreFailure): HttpError {
  switch (reason) {
    case 'converted':
      return new HttpError(409, failure.message, ErrorCode.RECORD_CONVERTED);
    case 'related-deleted':
      return new HttpError(409, failure.message, ErrorCode.RELATED_RECORD_DELETED);
    case 'recreating':
      return new HttpError(
        failure instanceof RecordRecreating && failure.unanswered ? 504 : 409,
        failure.message,
        ErrorCode.RECORD_RECREATING,
      );
    case 'crm-limit':
      return crmLimitError();
    case 'not-kept':
    case 'owner-changed':
      return new HttpError(502, failure.message, VERDICT_CODES[reason]);
    case 'crm-refused':
      return new HttpError(502, failure.message, ErrorCode.CRM_ERROR);
  }
}

/** Writes each forced restore to the CRM in turn; on a failure the ones not yet applied are deleted. */
export async function applyForced(
  deps: RestoresDeps,
  kind: RecordKind,
  crm: CrmConnector,
  created: readonly number[],
  batch: { targets: readonly CrmRecord[]; fields: string[] | null; token: string },
  caller: Caller,
): Promise<void> {
  const { targets, fields, token } = batch;
  for (const [i, id] of created.entries()) {
    try {
      await applyRequest(deps, kind, crm, { id, token, target: targets[i]!, fields }, caller, {
        forced: true,
      });
    } catch (error) {
      await deleteUnapplied(deps.db, kind, token);
      if (i > 0 && error instanceof HttpError) {
        throw new HttpError(
          error.statusCode,
          `${error.message} (${i} of ${created.length} forced restores were applied before this one)`,
          error.code,
        );
      }
      throw error;
    }
  }
}

/**
 * Writes the claimed request's target back to the CRM (writeBack), then, in the transaction that keeps the
 * read-back as revision `restore:{id}`: the request APPROVED and the audit entries. A write the CRM refused is
 * audited and answered with its HTTP error; one that went unanswered marks the request (markUnknown).
 */
export async function applyRequest(
  deps: RestoresDeps,
  kind: RecordKind,
  crm: CrmConnector,
  claimed: ClaimedRequest,
  caller: Caller,
  options: { forced: boolean },
): Promise<void> {
  const entry = {
    actor: caller.actor,
    ip: caller.ip,
    target: `${recordKinds[kind].requestNoun}:${claimed.id}`,
  };
  const object = recordKinds[kind].crmObject;
  let outcome: WriteOutcome;
  try {
    const condition = await knownChange(deps.db, kind, claimed.target.Id);
    outcome = await writeBack(
      { db: deps.db, crm, now: deps.now },
      {
        object,
        snapshot: claimed.target,
        ...(condition ? { condition } : {}),
        // A case's comments among the fields are restored after the case (related-restore.ts).
        only: (kind === 'case' ? splitFields(claimed.fields).caseFields : claimed.fields) ?? undefined,
        source: `restore:${claimed.id}`,
        // A forced restore is deleted on failure: no revision names a request that is not there.
        keepsRefusedRead: !options.forced,
        record: (trx, done) => approve(deps, kind, { claimed, caller, forced: options.forced, done }, trx),
      },
    );
  } catch (error) {
    await auditFailure(deps, entry, claimed, options, error);
    throw error;
  }
  if (outcome.status === 'unknown')
    throw await markUnknown(deps, kind, claimed, outcome, caller, { ...options, back: outcome.back });
  if (outcome.status === 'refused') {
    const { failure } = outcome;
    await auditFailure(deps, entry, claimed, options, failure);
    throw outcome.reason === 'changed-since'
      ? await changedSinceError(deps, kind, claimed, failure)
      : refusalError(outcome.reason, failure);
  }
  if (!outcome.recorded) throw conflict(CLAIMED_ELSEWHERE_MESSAGE, undefined, ErrorCode.CLAIMED_ELSEWHERE);
  if (kind === 'case') await restoreRelatedOf(deps, crm, claimed, entry, outcome.back.newRecordId);
  // Who forced a restore sees its outcome in the answer; a reporter learns it from the e-mail.
  if (!options.forced) deps.mail?.outcome(kind, claimed.id, 'approved');
}

/**
 * A case's e-mails and comments after its restore (related-restore.ts): how many came back with it is kept on the
 * request, and what was written to its comments is audited. The case's own restore stands whatever befalls them: a
 * refusal of the CRM here is audited as a failure, and the request stays approved. A case created again (purged)
 * has no comments to bring back: they were purged with it.
 */
async function restoreRelatedOf(
  deps: RestoresDeps,
  crm: CrmConnector,
  claimed: ClaimedRequest,
  entry: Omit<AuditEvent, 'action' | 'details'>,
  newRecordId: string | null,
): Promise<void> {
  const savedAt = parseSfDateTime(claimed.target.SystemModstamp);
  if (newRecordId || savedAt === undefined) return;
  const { comments } = splitFields(claimed.fields);
  try {
    const done = await restoreCaseRelated(
      { db: deps.db, crm },
      claimed.target.Id,
      { savedAt: new Date(savedAt), comments },
      `restore:${claimed.id}`,
    );
    await recordRelatedRestored(deps.db, claimed.id, done.cameBack);
    const written = Object.values(done.comments).flat().length;
    if (done.cameBack > 0 || written > 0)
      await deps.audit.record({
        ...entry,
        action: 'restore.related-applied',
        details: { recordId: claimed.target.Id, returned: done.cameBack, records: done.comments },
      });
  } catch (error) {
    if (!(error instanceof CrmError)) throw error;
    await deps.audit.record({
      ...entry,
      action: 'restore.failed',
      details: { recordId: claimed.target.Id, object: 'CaseComment', error: error.message },
    });
  }
}

/**
 * The record's LastModifiedDate as the reviewer's comparison shows it: its latest stored revision's, now (the
 * approval's or the forced restore's time). None when Storico never kept one.
 */
async function knownChange(db: Db, kind: RecordKind, recordId: string): Promise<Date | undefined> {
  const latest = (await latestSnapshots(db, kind, [recordId])).get(recordId);
  const at = parseSfDateTime(latest?.LastModifiedDate);
  return at === undefined ? undefined : new Date(at);
}

/**
 * 409 RECORD_CHANGED_SINCE naming who changed the record and when. The CRM's newer version was kept by the
 * write-back as a sync's revision: a pending request is compared with it from now on.
 */
async function changedSinceError(
  deps: RestoresDeps,
  kind: RecordKind,
  claimed: ClaimedRequest,
  failure: RestoreFailure,
): Promise<HttpError> {
  const change = failure instanceof RecordChangedSince ? failure : undefined;
  const changedBy = change?.changedBy;
  const by = changedBy
    ? ((await crmUserNames(deps, [changedBy])).get(changedBy) ?? changedBy)
    : 'an unknown user';
  const at = parseSfDateTime(change?.changedAt);
  const latest = (await latestSnapshots(deps.db, kind, [claimed.target.Id])).get(claimed.target.Id);
  if (latest) await compareAgain(deps.db, kind, claimed.id, changedFields(kind, claimed.target, latest));
  const message = recordChangedMessage({ by, at: at === undefined ? '' : new Date(at).toISOString() });
  return new HttpError(409, message, ErrorCode.RECORD_CHANGED_SINCE);
}

const auditFailure = (
  deps: RestoresDeps,
  entry: Omit<AuditEvent, 'action' | 'details'>,
  claimed: ClaimedRequest,
  options: { forced: boolean },
  error: unknown,
) =>
  deps.audit.record({
    ...entry,
    action: 'restore.failed',
    details: {
      forced: options.forced,
      recordId: claimed.target.Id,
      error: error instanceof Error ? error.message : String(error),
    },
  });

/** The request APPROVED with the revision its write left, and audited; false when its claim was lost. */
async function approve(
  deps: RestoresDeps,
  kind: RecordKind,
  applied: { claimed: ClaimedRequest; caller: Caller; forced: boolean; done: WriteDone },
  trx: Db,
): Promise<boolean> {
  const { claimed, caller, done } = applied;
  const { back, revision } = done;
  const completed = await completeRequest(trx, kind, {
    id: claimed.id,
    token: claimed.token,
    reviewerId: caller.userId,
    at: deps.now(),
    appliedRevisionId: revision.revisionId,
  });
  if (!completed) return false;
  await recordOutcome(trx, kind, claimed.id, back);
  const entry = {
    actor: caller.actor,
    ip: caller.ip,
    target: `${recordKinds[kind].requestNoun}:${claimed.id}`,
  };
  if (applied.forced) await auditForcedCreation(deps.audit, entry, claimed.fields, trx);
  await deps.audit.record({ ...entry, action: 'restore.approved' }, trx);
  await deps.audit.record(
    {
      ...entry,
      action: 'restore.applied',
      details: {
        recordId: claimed.target.Id,
        ...fieldsDetail(claimed.fields),
        written: done.written,
        appliedRevisionId: revision.revisionId,
        ...(back.outcome ? { outcome: back.outcome } : {}),
        ...(back.newRecordId ? { newRecordId: back.newRecordId } : {}),
      },
    },
    trx,
  );
  return true;
}

/**
 * The write went unanswered: the request keeps its status, marked with the write sent, and the caller is told
 * the outcome is being checked (the record as read before the write is kept by writeBack, as a sync keeps it).
 */
async function markUnknown(
  deps: RestoresDeps,
  kind: RecordKind,
  claimed: ClaimedRequest,
  unknown: { message: string; write: SentWrite },
  caller: Caller,
  options: { forced: boolean; back: RecordReturn | undefined },
): Promise<HttpError> {
  const { db, audit, now } = deps;
  const entry = {
    actor: caller.actor,
    ip: caller.ip,
    target: `${recordKinds[kind].requestNoun}:${claimed.id}`,
  };
  const marked = await db.transaction().execute(async (trx) => {
    const at = now();
    // How the record was brought back (undeleted, re-created) is recorded once the write is found applied.
    const write = {
      ...unknown.write,
      outcome: options.back?.outcome ?? null,
      newRecordId: options.back?.newRecordId ?? null,
    };
    if (!(await markOutcomeUnknown(trx, kind, { ...claimed, reviewerId: caller.userId, at, write })))
      return false;
    if (options.forced) await auditForcedCreation(audit, entry, claimed.fields, trx);
    await audit.record(
      {
        ...entry,
        action: 'restore.outcome_unknown',
        details: {
          forced: options.forced,
          recordId: unknown.write.recordId,
          fields: Object.keys(unknown.write.fields),
          error: unknown.message,
        },
      },
      trx,
    );
    return true;
  });
  // A forced restore of unknown outcome stays pending: reviewers learn of it as of a report.
  if (marked && options.forced) deps.mail?.pending(kind, [claimed.id]);
  return new HttpError(504, OUTCOME_UNKNOWN_MESSAGE, ErrorCode.CRM_OUTCOME_UNKNOWN);
}
