import { ErrorCode } from '../../contract/error-codes';
import type { Page, PageQuery } from '../../contract/page';
import type { FourEyesHold } from '../../contract/four-eyes';
import { ALREADY_REVIEWED_MESSAGE, OWN_REQUEST_MESSAGE } from '../../contract/restores';
import {
  ROLLBACK_NOT_RUNNING_MESSAGE,
  type CreateRollback,
  type RollbackDetail,
  type RollbackOutcome,
  type RollbackPreview,
  type RollbackRecord,
  type RollbackRequest,
  type RollbackScope,
  type RollbackStatus,
} from '../../contract/rollbacks';
import { crmUserNames } from '../store/crm-user-names';
import type { AuditService } from '../audit-log/audit.service';
import { spendCodeOrRefuse } from '../identity/code-spend';
import { fourEyesHolds, refuseHeldApproval } from '../identity/four-eyes';
import type { OneAtATime } from '../identity/one-at-a-time';
import type { CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { conflict, forbidden, HttpError, notFound } from '../http/http-error';
import { toPage } from '../http/paging';
import { revisionsByIds } from '../store/revisions.repository';
import { rollbackChanges, writeRules } from './rollback-changes';
import { previewRollback } from './rollback-preview';
import { checkRollback, createRollback } from './rollback-requests';
import {
  decideRollback,
  endRun,
  findRollback,
  listRollbacks,
  rollbackRecords,
  type RecordRow,
  type RollbackCreator,
  type RollbackView,
} from './rollbacks.repository';

export type RollbacksDeps = {
  db: Db;
  /** The CRM rollbacks write to; without one, approving answers 503. */
  crm: CrmConnector | undefined;
  audit: AuditService;
  secretsKey: Buffer;
  now: () => Date;
  /** Tells the worker an approved rollback is waiting, so it starts at once. */
  wake: () => void;
  /** Runs a caller's code-confirmed actions one at a time (shared with the restores). */
  oneAtATime: OneAtATime;
  /** FOUR_EYES_COOLDOWN_DAYS (server/identity/four-eyes.ts). */
  fourEyesCooldownDays: number;
  /** SF_API_MAX_USAGE: at the cap the CRM's user names are not asked (crmUserNames). */
  maxApiUsage?: number;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * `names`: the CRM users' names by id (crmUserNames), the request's own among them when one is known; `holds`:
 * why the reader may not approve the requests of each creator (four eyes).
 */
function toRequest(
  view: RollbackView,
  names: ReadonlyMap<string, string>,
  holds: ReadonlyMap<number, FourEyesHold>,
): RollbackRequest {
  const { counts } = view;
  return {
    id: view.id,
    sfUserID: view.sfUserId,
    agentName: names.get(view.sfUserId) ?? null,
    object: view.object,
    from: view.rangeFrom,
    to: view.rangeTo,
    fields: view.fields,
    alertId: view.alertId,
    status: view.status,
    run: view.run,
    createdAt: view.createdAt.toISOString(),
    approvedAt: iso(view.approvedAt),
    stoppedAt: iso(view.stoppedAt),
    finishedAt: iso(view.finishedAt),
    userCreator: view.creator,
    userReviewer: view.reviewer,
    stoppedBy: view.stopper,
    total: view.total,
    done: counts.restored + counts.skipped + counts.refused,
    restored: counts.restored,
    skipped: counts.skipped,
    refused: counts.refused,
    unknown: counts.unknown,
    fourEyes: view.status === 'PENDING' ? (holds.get(view.creator.id) ?? null) : null,
  };
}

const target = (id: number) => `rollback-request:${id}`;

/** Preparing, creating, reviewing, stopping and reading rollbacks of an agent's changes; the worker applies them. */
export class RollbacksService {
  constructor(private readonly deps: RollbacksDeps) {}

  /** What a rollback of an agent's changes in a window would write (previewRollback). */
  preview(scope: RollbackScope, caller: Caller): Promise<RollbackPreview> {
    return previewRollback(this.deps, scope, caller);
  }

  /**
   * One PENDING request for every record the agent changed in the window: checked, then the creator's one-time
   * code spent, then created. A caller's creates and reviews run one at a time, so that a double submit is refused
   * as the open rollback it made.
   */
  create(input: CreateRollback, code: string, caller: Caller): Promise<RollbackRequest> {
    return this.deps.oneAtATime.run(caller.userId, async () => {
      const checked = await checkRollback(this.deps.db, input);
      await spendCodeOrRefuse(this.deps, caller, code, {
        prefix: 'rollback',
        target: `sf-user:${input.sfUserID}`,
      });
      return this.get(await createRollback(this.deps, checked, caller), caller.userId);
    });
  }

  /**
   * Approves (the worker starts applying it) or rejects a PENDING rollback of someone else, with a code; one at a
   * time for a caller, so that a double submit is refused as already reviewed.
   */
  review(
    id: number,
    reviewerId: number,
    decision: { approved: boolean; code: string },
    caller: Caller,
  ): Promise<RollbackRequest> {
    return this.deps.oneAtATime.run(caller.userId, () => this.reviewNow(id, reviewerId, decision, caller));
  }

  private async reviewNow(
    id: number,
    reviewerId: number,
    decision: { approved: boolean; code: string },
    caller: Caller,
  ): Promise<RollbackRequest> {
    if (reviewerId !== caller.userId) throw forbidden('reviewerId must be your own user id');
    const rollback = await this.mustFind(id, null);
    if (rollback.creator.id === caller.userId) throw forbidden(OWN_REQUEST_MESSAGE, ErrorCode.OWN_REQUEST);
    if (rollback.status !== 'PENDING')
      throw conflict(ALREADY_REVIEWED_MESSAGE, undefined, ErrorCode.ALREADY_REVIEWED);
    if (decision.approved)
      await refuseHeldApproval(this.deps, caller, rollback.creator, {
        action: 'rollback',
        target: target(id),
      });
    if (decision.approved && !this.deps.crm)
      throw new HttpError(503, 'No CRM is configured to roll back to', ErrorCode.CRM_UNAVAILABLE);
    await spendCodeOrRefuse(this.deps, caller, decision.code, { prefix: 'rollback', target: target(id) });
    const decided = await this.deps.db.transaction().execute(async (trx) => {
      const at = this.deps.now();
      if (!(await decideRollback(trx, { id, reviewerId, approved: decision.approved, at }))) return false;
      await this.deps.audit.record(
        {
          action: decision.approved ? 'rollback.approved' : 'rollback.rejected',
          actor: caller.actor,
          ip: caller.ip,
          target: target(id),
        },
        trx,
      );
      return true;
    });
    if (!decided) throw conflict(ALREADY_REVIEWED_MESSAGE, undefined, ErrorCode.ALREADY_REVIEWED);
    if (decision.approved) this.deps.wake();
    return this.get(id, caller.userId);
  }

  /** Stops a running rollback: the records not done yet stay as they are in the CRM. */
  async stop(id: number, caller: Caller): Promise<RollbackRequest> {
    await this.mustFind(id, null);
    const stopped = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await endRun(trx, { id, run: 'stopped', at: this.deps.now(), by: caller.userId }))) return false;
      await this.deps.audit.record(
        { action: 'rollback.stopped', actor: caller.actor, ip: caller.ip, target: target(id) },
        trx,
      );
      return true;
    });
    if (!stopped) throw conflict(ROLLBACK_NOT_RUNNING_MESSAGE, undefined, ErrorCode.ROLLBACK_NOT_RUNNING);
    return this.get(id, caller.userId);
  }

  /** `viewerId`: who reads it, told when they may not approve it (four eyes). */
  async get(id: number, viewerId: number): Promise<RollbackRequest> {
    const [request] = await this.requests([await this.mustFind(id, null)], viewerId);
    return request!;
  }

  /**
   * A request and a page of its records' outcomes; `creatorId` as in `list`: another's request is not found;
   * `viewerId` as in `get`.
   */
  async detail(
    id: number,
    query: PageQuery & { outcome?: RollbackOutcome | 'pending' | undefined },
    creatorId: RollbackCreator,
    viewerId: number,
  ): Promise<RollbackDetail> {
    const rollback = await this.mustFind(id, creatorId);
    const { rows, total } = await rollbackRecords(this.deps.db, rollback, {
      outcome: query.outcome,
      offset: query.page * query.size,
      limit: query.size,
    });
    const changes = await this.pendingChanges(rollback, rows);
    const names = await crmUserNames(this.deps, [
      rollback.sfUserId,
      ...rows.flatMap((row) => (row.changedBy ? [row.changedBy] : [])),
    ]);
    const outcomes = rows.map((row) => ({
      changes: changes.get(row.recordId) ?? [],
      recordId: row.recordId,
      label: row.label,
      laterChanged: row.laterChanged,
      outcome: row.outcome,
      message: row.message,
      reason: row.reason,
      written: row.written,
      returned: row.returned,
      newRecordId: row.newRecordId,
      doneAt: iso(row.doneAt),
      changedBy: row.changedBy ? { id: row.changedBy, name: names.get(row.changedBy) ?? null } : null,
    }));
    const holds = await this.holds([rollback], viewerId);
    return {
      ...toRequest(rollback, names, holds),
      outcomes: toPage(outcomes, total, { ...query, isPaged: true }),
    };
  }

  /**
   * One status's requests: every one for a reviewer (`creatorId` null), else only those `creatorId` made;
   * `viewerId` as in `get`.
   */
  async list(
    query: PageQuery & { status: RollbackStatus },
    creatorId: RollbackCreator,
    viewerId: number,
  ): Promise<Page<RollbackRequest>> {
    const { rows, total } = await listRollbacks(this.deps.db, {
      status: query.status,
      creatorId,
      filter: query.filter,
      offset: query.page * query.size,
      limit: query.size,
    });
    return toPage(await this.requests(rows, viewerId), total, {
      page: query.page,
      size: query.size,
      isPaged: true,
    });
  }

  /**
   * The requests with their CRM users' names, asked in one batch (an agent's, else the CRM's), and why `viewerId`
   * may not approve them.
   */
  private async requests(views: readonly RollbackView[], viewerId: number): Promise<RollbackRequest[]> {
    const names = await crmUserNames(
      this.deps,
      views.map((view) => view.sfUserId),
    );
    const holds = await this.holds(views, viewerId);
    return views.map((view) => toRequest(view, names, holds));
  }

  /** Why `viewerId` may not approve the pending ones of `views`, by creator. */
  private holds(views: readonly RollbackView[], viewerId: number) {
    const pending = views.filter((view) => view.status === 'PENDING');
    return fourEyesHolds(
      this.deps,
      viewerId,
      pending.map((view) => view.creator.id),
    );
  }

  /**
   * What the write of each record still to be applied would change, by record: from its latest revision back to
   * its target, within the request's fields. None for a rejected rollback, which is never applied.
   */
  private async pendingChanges(
    rollback: RollbackView,
    rows: readonly RecordRow[],
  ): Promise<Map<string, RollbackRecord['changes']>> {
    const pending = rows.filter(
      (row) => row.outcome === null && row.targetRevisionId !== null && row.latestRevisionId !== null,
    );
    if (rollback.status === 'REJECTED' || pending.length === 0) return new Map();
    const kind = kindOfObject(rollback.object);
    const snapshots = new Map(
      (
        await revisionsByIds(
          this.deps.db,
          kind,
          pending.flatMap((row) => [row.targetRevisionId!, row.latestRevisionId!]),
        )
      ).map((rev) => [rev.id, rev.json]),
    );
    const rules = await writeRules(this.deps.crm, rollback.object);
    return new Map(
      pending.map((row) => [
        row.recordId,
        rollbackChanges(
          kind,
          snapshots.get(row.targetRevisionId!)!,
          snapshots.get(row.latestRevisionId!)!,
          rules,
          rollback.fields,
        ),
      ]),
    );
  }

  private async mustFind(id: number, creatorId: RollbackCreator): Promise<RollbackView> {
    const rollback = await findRollback(this.deps.db, id, creatorId);
    if (!rollback) throw notFound(`Rollback request ${id} not found`);
    return rollback;
  }
}
