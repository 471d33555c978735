import { ErrorCode } from '../../contract/error-codes';
import { randomUUID } from 'node:crypto';
import type { Page, PageQuery } from '../../contract/page';
import {
  ALREADY_REVIEWED_MESSAGE,
  CLAIMED_ELSEWHERE_MESSAGE,
  DUPLICATE_REQUEST_MESSAGE,
  OUTCOME_CHECKING_MESSAGE,
  OUTCOME_UNKNOWN_MESSAGE,
  OWN_REQUEST_MESSAGE,
  RESTORE_STATUSES,
  RestoreType,
  type AccountRestoreRequest,
  type CaseRestoreRequest,
  type CreateRestore,
  type RestoreStatus,
} from '../../contract/restores';
import { formatDiffProperties } from '../../contract/revisions';
import type { AuditEvent, AuditService } from '../audit-log/audit.service';
import { spendCodeOrRefuse } from '../identity/code-spend';
import type { OneAtATime } from '../identity/one-at-a-time';
import { CrmError, type CrmConnector, type CrmObject, type CrmRecord } from '../crm/crm-connector';
import { answerWithin } from '../crm/crm-wait';
import { snapshotFields } from '../crm/crm-fields';
import type { Db } from '../db/database';
import type { Caller } from '../http/caller';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/http-error';
import { toPage } from '../http/paging';
import { storeIfChanged, storeRestored, storeSnapshots } from '../store/revision-store';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import { revisionsByIds } from '../store/revisions.repository';
import { changedFields, snapshotText } from '../store/snapshot-fields';
import { violatedUniqueIndex } from '../identity/users.repository';
import { parseRequestDay } from './request-dates';
import { bringBack, RecordConverted, RecordRecreating, type RecordReturn } from './record-return';
import { settleUnknownOutcomes, type OutcomeCheckDeps } from './outcome-check';
import { holdNamedRevisions } from '../store/revisions-named';
import type { RestoreMail } from './restore-mail';
import {
  RelatedRecordDeleted,
  RestoreFailure,
  restoreInCrm,
  RestoreOutcomeUnknown,
  type RestoreVerdict,
} from './restore-apply';
import {
  agentExists,
  claimRequest,
  completeRequest,
  deleteUnapplied,
  findRequest,
  findRequests,
  insertRequests,
  latestSnapshots,
  listRequests,
  markOutcomeUnknown,
  openRequestIndex,
  recordOutcome,
  rejectRequest,
  releaseClaim,
  revisionsWithOpenRequests,
  STATUS_ID,
  type NewRequest,
  type RequestView,
} from './restores.repository';

export type RestoreRequestOf = { account: AccountRestoreRequest; case: CaseRestoreRequest };

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
};

type StoredRevisionOf = Awaited<ReturnType<typeof revisionsByIds>>[number];

/** The body speaks for the caller: they create it, and approve a forced restore themselves. Answers `forced`. */
function checkRequester(input: CreateRestore, caller: Caller): boolean {
  const forced = input.restoreTypeId === RestoreType.FORCED;
  if (input.userCreatorId !== caller.userId) throw forbidden('userCreatorId must be your own user id');
  if (forced && input.userReviewerId !== caller.userId)
    throw forbidden('A forced restore is approved by you: userReviewerId must be your own user id');
  if (!forced && input.userReviewerId !== 0)
    throw forbidden('A report names no reviewer: userReviewerId must be 0');
  return forced;
}

/** The chosen fields, each a snapshot field of the object (not its Id); null when the body chose none (all). */
function chosenFields(kind: RecordKind, input: CreateRestore): string[] | null {
  if (!input.fields) return null;
  const object = recordKinds[kind].crmObject;
  const known = new Set(snapshotFields(object).filter((field) => field !== 'Id'));
  const unknown = input.fields.findIndex((field) => !known.has(field));
  if (unknown >= 0)
    throw badRequest(
      `body.fields.${unknown}`,
      `${input.fields[unknown]} is not a field of ${object} to restore`,
    );
  return [...input.fields];
}

function requestDates(input: CreateRestore): { dateFrom: string; dateTo: string } {
  const dateFrom = parseRequestDay(input.dateFrom, 'body.dateFrom');
  const dateTo = parseRequestDay(input.dateTo, 'body.dateTo');
  if (dateFrom > dateTo) throw badRequest('body.dateTo', 'dateTo must not be before dateFrom');
  return { dateFrom, dateTo };
}

/**
 * A claim older than this belongs to a restore that died half-way (the process stopped): the request may be
 * reviewed again. Far longer than a CRM call with all its retries takes.
 */
export const STALE_CLAIM_MS = 10 * 60_000;

/** An audit entry names the chosen fields of a request limited to some; nothing for a request of every field. */
const fieldsDetail = (fields: string[] | null) => (fields ? { fields } : {});

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

const statusName = (id: number) => RESTORE_STATUSES[id - 1] as RestoreStatus;

function toRequest<K extends RecordKind>(kind: K, view: RequestView): RestoreRequestOf[K] {
  const common = {
    id: view.id,
    createdAt: view.createdAt.toISOString(),
    approvedAt: view.approvedAt?.toISOString() ?? null,
    userCreator: { id: view.creatorId, username: view.creatorUsername },
    userReviewer:
      view.reviewerId === null ? null : { id: view.reviewerId, username: view.reviewerUsername ?? '' },
    restoreType: { id: view.typeId, type: view.typeId === RestoreType.FORCED ? 'FORCED' : 'REPORT' },
    status: { id: view.statusId, status: statusName(view.statusId) },
    differences: formatDiffProperties(view.differences),
    dateFrom: view.dateFrom,
    dateTo: view.dateTo,
    salesforceUserId: view.sfUserId,
    outcome: view.outcome,
    newRecordId: view.newRecordId,
    outcomeUnknownSince: view.outcomeUnknownSince?.toISOString() ?? null,
    fields: view.fields,
  } as const;
  const revision = { id: view.revisionId, json: snapshotText(kind, view.target) };
  const request: AccountRestoreRequest | CaseRestoreRequest =
    kind === 'account'
      ? {
          ...common,
          accountId: view.recordId,
          accountName: view.recordLabel ?? (typeof view.target.Name === 'string' ? view.target.Name : null),
          revisionAccount: revision,
        }
      : {
          ...common,
          caseId: view.recordId,
          caseNumber:
            view.recordLabel ?? (typeof view.target.CaseNumber === 'string' ? view.target.CaseNumber : null),
          revisionCase: revision,
        };
  return request as RestoreRequestOf[K];
}

/** The refusal code of what a read after the restore's write showed. */
const VERDICT_CODES = {
  'not-kept': ErrorCode.RESTORE_NOT_KEPT,
  'owner-changed': ErrorCode.OWNER_CHANGED,
} as const satisfies Record<RestoreVerdict, ErrorCode>;

/**
 * The org's daily API request limit is a rolling 24-hour count
 * (https://developer.salesforce.com/docs/atlas.en-us.salesforce_app_limits_cheatsheet.meta/salesforce_app_limits_cheatsheet/salesforce_app_limits_platform_api.htm):
 * a retry a quarter of an hour later has a fair chance.
 */
const CRM_LIMIT_RETRY_AFTER_S = 900;
const crmLimitError = () =>
  new HttpError(
    503,
    'The CRM refuses calls: its daily API request limit is exceeded. Try again later.',
    ErrorCode.CRM_LIMIT,
    undefined,
    CRM_LIMIT_RETRY_AFTER_S,
  );

/** The restore workflow: report, force, review (approve or reject), and writing a revision back to the CRM. */
export class RestoresService {
  constructor(private readonly deps: RestoresDeps) {}

  async list<K extends RecordKind>(
    kind: K,
    query: PageQuery & { status: RestoreStatus },
  ): Promise<Page<RestoreRequestOf[K]>> {
    // A read of the lists settles the requests whose write went unanswered, so every tab shows the outcome; it
    // waits for the CRM at most a second (answerWithin), and a settlement that comes later is still kept.
    if (this.deps.crm) await answerWithin(settleUnknownOutcomes(this.checkDeps(this.deps.crm), kind), null);
    const { rows, total } = await listRequests(this.deps.db, kind, {
      statusId: STATUS_ID[query.status],
      filter: query.filter,
      offset: query.page * query.size,
      limit: query.size,
    });
    // Always paged: one call must not read every request with its snapshot.
    return toPage(
      rows.map((row) => toRequest(kind, row)),
      total,
      { page: query.page, size: query.size, isPaged: true },
    );
  }

  async get<K extends RecordKind>(kind: K, id: number): Promise<RestoreRequestOf[K]> {
    return toRequest(kind, await this.mustFind(kind, id));
  }

  /**
   * One request per revision, all or nothing. A report is created PENDING; a forced restore is applied at once
   * with the caller as reviewer, and a CRM failure leaves nothing of it. A caller's creates and reviews run one at
   * a time, so that a double submit is refused as a duplicate.
   */
  create<K extends RecordKind>(
    kind: K,
    input: CreateRestore,
    code: string,
    caller: Caller,
  ): Promise<RestoreRequestOf[K][]> {
    return this.deps.oneAtATime.run(caller.userId, () => this.createNow(kind, input, code, caller));
  }

  private async createNow<K extends RecordKind>(
    kind: K,
    input: CreateRestore,
    code: string,
    caller: Caller,
  ): Promise<RestoreRequestOf[K][]> {
    const forced = checkRequester(input, caller);
    const dates = requestDates(input);
    const fields = chosenFields(kind, input);
    const targets = await this.targetRevisions(kind, input.revisionIdList, forced);
    const agent = await this.knownAgent(input.salesforceUserId ?? null);
    await this.refuseOpenRequests(kind, input.revisionIdList);
    const crm = forced ? await this.crmOrFail() : undefined;
    await this.spendCode(caller, code, recordKinds[kind].requestNoun);

    const createdAt = this.deps.now();
    const claim = forced ? { token: randomUUID(), since: createdAt } : null;
    const rows = await this.newRequests(kind, targets, {
      ...dates,
      agent,
      createdAt,
      claim,
      fields,
      input,
      caller,
    });
    const created = await this.insert(kind, rows, forced, caller);
    if (!forced) this.deps.mail?.pending(kind, created);
    if (crm && claim)
      await this.applyForced(kind, crm, created, { targets, fields, token: claim.token }, caller);
    const views = await findRequests(this.deps.db, kind, created);
    return views.map((view) => toRequest(kind, view));
  }

  /** The revisions named, in order: each exactly once, all existing, and for a forced restore one per record. */
  private async targetRevisions(kind: RecordKind, ids: readonly number[], forced: boolean) {
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
    if (repeated !== undefined)
      throw badRequest('body.revisionIdList', `Revision ${repeated} is listed more than once`);
    const found = new Map((await revisionsByIds(this.deps.db, kind, ids)).map((r) => [r.id, r]));
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`Revision ${missing} not found`);
    const targets = ids.map((id) => found.get(id)!);
    if (forced) {
      const records = targets.map((t) => t.recordId);
      const twice = records.find((r, index) => records.indexOf(r) !== index);
      if (twice !== undefined)
        throw badRequest(
          'body.revisionIdList',
          `Two revisions of record ${twice}: a record is restored to one`,
        );
    }
    return targets;
  }

  private async knownAgent(agent: string | null): Promise<string | null> {
    if (agent !== null && !(await agentExists(this.deps.db, agent)))
      throw badRequest('body.salesforceUserId', `Unknown agent ${agent}`);
    return agent;
  }

  /** One PENDING or APPROVED request per revision (the unique index says so again at insert time). */
  private async refuseOpenRequests(kind: RecordKind, ids: readonly number[]): Promise<void> {
    if ((await revisionsWithOpenRequests(this.deps.db, kind, ids)).length > 0)
      throw conflict(DUPLICATE_REQUEST_MESSAGE, undefined, ErrorCode.DUPLICATE_REQUEST);
  }

  /** One row per target, with the fields that differ from the record's latest revision. */
  private async newRequests(
    kind: RecordKind,
    targets: readonly StoredRevisionOf[],
    at: {
      dateFrom: string;
      dateTo: string;
      agent: string | null;
      createdAt: Date;
      claim: NewRequest['claim'];
      fields: string[] | null;
      input: CreateRestore;
      caller: Caller;
    },
  ): Promise<NewRequest[]> {
    const latest = await latestSnapshots(this.deps.db, kind, [...new Set(targets.map((t) => t.recordId))]);
    return targets.map((t) => ({
      revisionId: t.id,
      recordId: t.recordId,
      sfUserId: at.agent,
      dateFrom: at.dateFrom,
      dateTo: at.dateTo,
      typeId: at.input.restoreTypeId,
      creatorId: at.caller.userId,
      differences: changedFields(kind, t.json, latest.get(t.recordId) ?? t.json),
      fields: at.fields,
      createdAt: at.createdAt,
      claim: at.claim,
    }));
  }

  /** Inserts all requests or none; a report is audited with its insert, a forced restore once applied. */
  private async insert(
    kind: RecordKind,
    rows: NewRequest[],
    forced: boolean,
    caller: Caller,
  ): Promise<number[]> {
    const { db, audit } = this.deps;
    try {
      return await db.transaction().execute(async (trx) => {
        await holdNamedRevisions(
          trx,
          kind,
          rows.map((r) => r.revisionId),
        );
        const inserted = await insertRequests(trx, kind, rows);
        // A forced restore is recorded when it has been applied: one that fails leaves nothing behind.
        if (!forced) {
          for (const [i, id] of inserted.entries()) {
            await audit.record(
              {
                action: 'restore.created',
                actor: caller.actor,
                ip: caller.ip,
                target: `${recordKinds[kind].requestNoun}:${id}`,
                details: {
                  type: 'REPORT',
                  revisionId: rows[i]!.revisionId,
                  recordId: rows[i]!.recordId,
                  ...fieldsDetail(rows[i]!.fields),
                },
              },
              trx,
            );
          }
        }
        return inserted;
      });
    } catch (error) {
      // Another request for one of these revisions was created since the check: the unique index said no.
      if (violatedUniqueIndex(error) === openRequestIndex(kind))
        throw conflict(DUPLICATE_REQUEST_MESSAGE, undefined, ErrorCode.DUPLICATE_REQUEST);
      throw error;
    }
  }

  /** Writes each forced restore to the CRM in turn; on a failure the ones not yet applied are deleted. */
  private async applyForced(
    kind: RecordKind,
    crm: CrmConnector,
    created: readonly number[],
    batch: { targets: readonly StoredRevisionOf[]; fields: string[] | null; token: string },
    caller: Caller,
  ): Promise<void> {
    const { targets, fields, token } = batch;
    for (const [i, id] of created.entries()) {
      try {
        await this.apply(kind, crm, { id, token, target: targets[i]!.json as CrmRecord, fields }, caller, {
          forced: true,
        });
      } catch (error) {
        await deleteUnapplied(this.deps.db, kind, token);
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
   * Approves (and applies) or rejects a PENDING request of someone else. Of concurrent reviews one wins: the
   * request is claimed by a conditional update before the CRM is touched, so it is written to once. A caller's
   * reviews run one at a time, so that a double submit is refused as already reviewed.
   */
  review<K extends RecordKind>(
    kind: K,
    id: number,
    reviewerId: number,
    decision: { approved: boolean; code: string },
    caller: Caller,
  ): Promise<RestoreRequestOf[K]> {
    return this.deps.oneAtATime.run(caller.userId, () =>
      this.reviewNow(kind, id, reviewerId, decision, caller),
    );
  }

  private async reviewNow<K extends RecordKind>(
    kind: K,
    id: number,
    reviewerId: number,
    decision: { approved: boolean; code: string },
    caller: Caller,
  ): Promise<RestoreRequestOf[K]> {
    const { db, audit, now } = this.deps;
    if (reviewerId !== caller.userId) throw forbidden('reviewerId must be your own user id');
    let request = await this.mustFind(kind, id);
    if (request.creatorId === caller.userId) throw forbidden(OWN_REQUEST_MESSAGE, ErrorCode.OWN_REQUEST);
    if (request.outcomeUnknownSince) request = await this.settledFirst(kind, id);
    if (request.statusId !== STATUS_ID.PENDING)
      throw conflict(ALREADY_REVIEWED_MESSAGE, undefined, ErrorCode.ALREADY_REVIEWED);
    const crm = decision.approved ? await this.crmOrFail() : undefined;
    await this.spendCode(caller, decision.code, `${recordKinds[kind].requestNoun}:${id}`);

    const at = now();
    const staleBefore = new Date(at.getTime() - STALE_CLAIM_MS);
    if (!crm) {
      const rejected = await db.transaction().execute(async (trx) => {
        if (!(await rejectRequest(trx, kind, { id, reviewerId, at, staleBefore }))) return false;
        await audit.record(
          {
            action: 'restore.rejected',
            actor: caller.actor,
            ip: caller.ip,
            target: `${recordKinds[kind].requestNoun}:${id}`,
          },
          trx,
        );
        return true;
      });
      if (!rejected) throw conflict(CLAIMED_ELSEWHERE_MESSAGE, undefined, ErrorCode.CLAIMED_ELSEWHERE);
      this.deps.mail?.outcome(kind, id, 'rejected');
      return this.get(kind, id);
    }

    const token = randomUUID();
    if (!(await claimRequest(db, kind, id, { token, since: at, staleBefore })))
      throw conflict(CLAIMED_ELSEWHERE_MESSAGE, undefined, ErrorCode.CLAIMED_ELSEWHERE);
    try {
      await this.apply(
        kind,
        crm,
        { id, token, target: request.target as CrmRecord, fields: request.fields },
        caller,
        { forced: false },
      );
    } catch (error) {
      await releaseClaim(db, kind, token);
      throw error;
    }
    return this.get(kind, id);
  }

  /**
   * A request whose write went unanswered is reviewed again only once a read of its record shows the write did not
   * land (no blind retry); one found applied is APPROVED by that read, and the review refused as already done.
   */
  private async settledFirst(kind: RecordKind, id: number): Promise<RequestView> {
    const outcome = this.deps.crm
      ? (await settleUnknownOutcomes(this.checkDeps(this.deps.crm), kind, [id])).get(id)
      : undefined;
    if (outcome === 'applied' || outcome === 'not-applied') return this.mustFind(kind, id);
    throw conflict(OUTCOME_CHECKING_MESSAGE, undefined, ErrorCode.OUTCOME_CHECKING);
  }

  private checkDeps(crm: CrmConnector): OutcomeCheckDeps {
    const { db, audit, now, outcomeWaitMs, mail } = this.deps;
    return { db, crm, audit, now, waitMs: outcomeWaitMs, mail };
  }

  /**
   * The write went unanswered: the request keeps its status, marked with the write sent, and the caller is told
   * the outcome is being checked. The record as read before the write is kept as a sync would keep it.
   */
  private async markUnknown(
    kind: RecordKind,
    claimed: { id: number; token: string; fields: string[] | null },
    unknown: RestoreOutcomeUnknown,
    caller: Caller,
    options: { forced: boolean; back: RecordReturn | undefined },
  ): Promise<HttpError> {
    const { db, audit, now } = this.deps;
    const object = recordKinds[kind].crmObject;
    const entry = {
      actor: caller.actor,
      ip: caller.ip,
      target: `${recordKinds[kind].requestNoun}:${claimed.id}`,
    };
    await storeSnapshots(db, object, [unknown.live], 'sync').catch(() => undefined);
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
    if (marked && options.forced) this.deps.mail?.pending(kind, [claimed.id]);
    return new HttpError(504, OUTCOME_UNKNOWN_MESSAGE, ErrorCode.CRM_OUTCOME_UNKNOWN);
  }

  /**
   * Writes the claimed request's target to the CRM, then, in one transaction: the live record as it was (so a
   * change made in the CRM since the last sync is kept), the read-back as revision `restore:{id}`, the request
   * APPROVED and the audit entries. The CRM write cannot be undone, so nothing in the database precedes it.
   */
  private async apply(
    kind: RecordKind,
    crm: CrmConnector,
    claimed: { id: number; token: string; target: CrmRecord; fields: string[] | null },
    caller: Caller,
    options: { forced: boolean },
  ): Promise<void> {
    const { db, audit, now } = this.deps;
    const object = recordKinds[kind].crmObject;
    const target = `${recordKinds[kind].requestNoun}:${claimed.id}`;
    let result;
    let back: RecordReturn | undefined;
    try {
      // A record purged from the CRM is created again from the whole target whatever fields were chosen: a new
      // record with only those fields would lose the rest of the revision. The chosen fields limit the write to a
      // record that exists (live or undeleted), and the check of what it holds afterwards.
      back = await this.bringBack(crm, object, claimed);
      result = await restoreInCrm(crm, object, back.target, { only: claimed.fields ?? undefined });
    } catch (error) {
      if (error instanceof RestoreOutcomeUnknown)
        throw await this.markUnknown(kind, claimed, error, caller, { ...options, back });
      const message = error instanceof Error ? error.message : String(error);
      const seen = error instanceof RestoreFailure ? error.seen : [];
      const afterWrite = error instanceof RestoreFailure ? error.afterWrite : [];
      // What was read is the CRM's truth, whatever became of the restore: kept as a sync would keep it, and what
      // was read after the restore's own write as the restore's revision, unless the restore is a forced one, which
      // is deleted on failure (no revision names a request that is not there). Failing to keep it must not hide the
      // CRM's answer; the next sync reads the record again anyway.
      if (seen.length > 0) await storeSnapshots(db, object, seen, 'sync').catch(() => undefined);
      if (options.forced && afterWrite.length > 0)
        await storeSnapshots(db, object, afterWrite, 'sync').catch(() => undefined);
      else
        for (const record of afterWrite)
          await storeRestored(db, object, record, `restore:${claimed.id}`).catch(() => undefined);
      await audit.record({
        action: 'restore.failed',
        actor: caller.actor,
        ip: caller.ip,
        target,
        details: { forced: options.forced, recordId: claimed.target.Id, error: message },
      });
      if (error instanceof RecordConverted)
        throw new HttpError(409, error.message, ErrorCode.RECORD_CONVERTED);
      if (error instanceof RelatedRecordDeleted)
        throw new HttpError(409, error.message, ErrorCode.RELATED_RECORD_DELETED);
      if (error instanceof RecordRecreating)
        throw new HttpError(error.unanswered ? 504 : 409, error.message, ErrorCode.RECORD_RECREATING);
      if (error instanceof RestoreFailure && error.crmLimit) throw crmLimitError();
      if (error instanceof RestoreFailure)
        throw new HttpError(
          502,
          error.message,
          error.verdict ? VERDICT_CODES[error.verdict] : ErrorCode.CRM_ERROR,
        );
      throw error;
    }

    const completed = await db.transaction().execute(async (trx) => {
      await storeIfChanged(trx, object, result.live, 'sync');
      // Only a read after a write of the restore's own is its revision, even when a sync stored it first.
      const applied =
        result.written.length > 0
          ? await storeRestored(trx, object, result.readBack, `restore:${claimed.id}`)
          : await storeIfChanged(trx, object, result.readBack, `restore:${claimed.id}`);
      const done = await completeRequest(trx, kind, {
        id: claimed.id,
        token: claimed.token,
        reviewerId: caller.userId,
        at: now(),
        appliedRevisionId: applied.revisionId,
      });
      if (!done) return false;
      await recordOutcome(trx, kind, claimed.id, back);
      const entry = { actor: caller.actor, ip: caller.ip, target };
      if (options.forced) await auditForcedCreation(audit, entry, claimed.fields, trx);
      await audit.record({ ...entry, action: 'restore.approved' }, trx);
      await audit.record(
        {
          ...entry,
          action: 'restore.applied',
          details: {
            recordId: claimed.target.Id,
            ...fieldsDetail(claimed.fields),
            written: result.written,
            appliedRevisionId: applied.revisionId,
            ...(back.outcome ? { outcome: back.outcome } : {}),
            ...(back.newRecordId ? { newRecordId: back.newRecordId } : {}),
          },
        },
        trx,
      );
      return true;
    });
    if (!completed) throw conflict(CLAIMED_ELSEWHERE_MESSAGE, undefined, ErrorCode.CLAIMED_ELSEWHERE);
    // Who forced a restore sees its outcome in the answer; a reporter learns it from the e-mail.
    if (!options.forced) this.deps.mail?.outcome(kind, claimed.id, 'approved');
  }

  /** The live record to write to (undeleted or re-created when the CRM deleted it); CRM refusals as failures. */
  private async bringBack(
    crm: CrmConnector,
    object: CrmObject,
    claimed: { id: number; target: CrmRecord; fields: string[] | null },
  ): Promise<RecordReturn> {
    const at = this.deps.now();
    try {
      const context = {
        db: this.deps.db,
        crm,
        object,
        source: `restore:${claimed.id}` as const,
        now: at,
        staleBefore: new Date(at.getTime() - STALE_CLAIM_MS),
        only: claimed.fields ?? undefined,
      };
      return await bringBack(context, claimed.target);
    } catch (error) {
      if (!(error instanceof CrmError)) throw error;
      throw new RestoreFailure(error.message, [], error.errorCode === 'REQUEST_LIMIT_EXCEEDED');
    }
  }

  private async spendCode(caller: Caller, code: string, target: string): Promise<void> {
    await spendCodeOrRefuse(this.deps, caller, code, { prefix: 'restore', target });
  }

  /** The CRM to restore to; 503 CRM_LIMIT, before any code is spent, while it refuses calls for its API limit. */
  private async crmOrFail(): Promise<CrmConnector> {
    if (!this.deps.crm)
      throw new HttpError(503, 'No CRM is configured to restore to', ErrorCode.CRM_UNAVAILABLE);
    if (await this.deps.crm.limitExceeded()) throw crmLimitError();
    return this.deps.crm;
  }

  private async mustFind(kind: RecordKind, id: number): Promise<RequestView> {
    const request = await findRequest(this.deps.db, kind, id);
    if (!request) throw notFound(`Restore request ${id} not found`);
    return request;
  }
}
