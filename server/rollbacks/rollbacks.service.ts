import { isDay, parseDateTime } from '../../contract/dates';
import { ErrorCode } from '../../contract/error-codes';
import type { Page, PageQuery } from '../../contract/page';
import { ALREADY_REVIEWED_MESSAGE, OWN_REQUEST_MESSAGE } from '../../contract/restores';
import { keptByCrm } from '../../contract/restore-writes';
import {
  ROLLBACK_EMPTY_MESSAGE,
  ROLLBACK_NOT_RUNNING_MESSAGE,
  ROLLBACK_OPEN_MESSAGE,
  type CreateRollback,
  type LaterChanged,
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
import type { OneAtATime } from '../identity/one-at-a-time';
import type { CrmConnector, CrmObject } from '../crm/crm-connector';
import { answerWithin } from '../crm/crm-wait';
import { snapshotFields } from '../crm/crm-fields';
import type { Db } from '../db/database';
import { kindOfObject, type RecordKind } from '../db/record-kinds';
import type { Caller } from '../http/caller';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/http-error';
import { toPage } from '../http/paging';
import { holdNamedRevisions } from '../store/revisions-named';
import { revisionsByIds } from '../store/revisions.repository';
import { romeMidnight, nextDay } from '../db/rome-days';
import { changedFields } from '../store/snapshot-fields';
import { violatedUniqueIndex } from '../identity/users.repository';
import { recordsChangedInWindow, type ScopeRecord } from './rollback-scope';
import {
  decideRollback,
  endRun,
  findRollback,
  insertRollback,
  listRollbacks,
  openAlertRollbackExists,
  openRollbackExists,
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
};

/** Records shown with their values in a preview. */
const SAMPLE_SIZE = 20;
/** Fields a rollback never writes, whatever the org says: identity, system stamps and names of related records. */
const NEVER_WRITTEN = new Set([
  'Id',
  'IsDeleted',
  'MasterRecordId',
  'CreatedDate',
  'LastModifiedDate',
  'LastModifiedById',
  'SystemModstamp',
  'OwnerName',
  'ContactName',
  'CaseNumber',
]);

/**
 * The window's instants, both included: a day starts at 00:00 in Rome and `to` ends at its 24:00 (less 1 ms); an
 * instant is taken as it is (an alert's window). Days and date-times are the contract's (contract/dates.ts), so no
 * impossible day or year past the bounds reaches the Rome day computations.
 */
export function rollbackWindow(scope: Pick<RollbackScope, 'from' | 'to'>): { from: Date; to: Date } {
  const instant = (value: string, field: string, end: boolean) => {
    if (isDay(value)) return new Date(romeMidnight(end ? nextDay(value) : value).getTime() - (end ? 1 : 0));
    if (parseDateTime(value)?.hasOffset) return new Date(value);
    throw badRequest(field, 'Not a valid day or date-time');
  };
  const from = instant(scope.from, 'body.from', false);
  const to = instant(scope.to, 'body.to', true);
  if (from > to) throw badRequest('body.to', 'to must not be before from');
  return { from, to };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** What the org lets a restore write, and which of those fields it cannot empty. */
type WriteRules = { writable: ReadonlySet<string>; neverEmpty: ReadonlySet<string> };

/**
 * The fields a rollback writes to take a record from `after` (what it holds) back to `before`: those that differ,
 * that the org lets Storico write, that the write does not leave as the CRM has them (a checkbox `before` holds no
 * value for, as restoreInCrm does), and among `fields` when the request chose some.
 */
function rollbackChanges(
  kind: RecordKind,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  { writable, neverEmpty }: WriteRules,
  fields: readonly string[] | null,
): RollbackRecord['changes'] {
  return changedFields(kind, before, after)
    .filter(
      (field) =>
        writable.has(field) &&
        !keptByCrm(before[field], neverEmpty.has(field)) &&
        (!fields || fields.includes(field)),
    )
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }));
}

/** A revision source that names Storico's own write (`restore:5`, `rollback:1`), as the preview tells it. */
function storicoWrite(source: string | null): LaterChanged['storicoWrite'] {
  const match = /^(restore|rollback):(\d+)$/.exec(source ?? '');
  return match ? { kind: match[1] as 'restore' | 'rollback', id: Number(match[2]) } : null;
}

/** `names`: the CRM users' names by id (crmUserNames), the request's own among them when one is known. */
function toRequest(view: RollbackView, names: ReadonlyMap<string, string>): RollbackRequest {
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
  };
}

const target = (id: number) => `rollback-request:${id}`;

/** Preparing, creating, reviewing, stopping and reading rollbacks of an agent's changes; the worker applies them. */
export class RollbacksService {
  constructor(private readonly deps: RollbacksDeps) {}

  async preview(scope: RollbackScope, caller: Caller): Promise<RollbackPreview> {
    const window = rollbackWindow(scope);
    const fields = await this.chosenFields(scope.object, scope.fields);
    const records = await recordsChangedInWindow(this.deps.db, kindOfObject(scope.object), {
      agent: scope.sfUserID,
      ...window,
    });
    const rules = await this.writeRules(scope.object);
    const kind = kindOfObject(scope.object);
    const snapshots = new Map(
      (
        await revisionsByIds(
          this.deps.db,
          kind,
          records.flatMap((r) => [r.latestRevisionId, ...(r.targetRevisionId ? [r.targetRevisionId] : [])]),
        )
      ).map((rev) => [rev.id, rev.json]),
    );
    const counts = new Map<string, number>();
    const changedAnywhere = new Set<string>();
    const sample: RollbackPreview['sample'] = [];
    for (const record of records) {
      if (record.targetRevisionId === null) continue;
      const before = snapshots.get(record.targetRevisionId)!;
      const after = snapshots.get(record.latestRevisionId)!;
      for (const { field } of rollbackChanges(kind, before, after, rules, null)) changedAnywhere.add(field);
      if (record.laterAt) continue;
      const changes = rollbackChanges(kind, before, after, rules, fields);
      for (const { field } of changes) counts.set(field, (counts.get(field) ?? 0) + 1);
      if (changes.length > 0 && sample.length < SAMPLE_SIZE) {
        sample.push({
          recordId: record.recordId,
          label: record.label,
          deleted: after.IsDeleted === true,
          changes,
        });
      }
    }
    const later = records.filter((r) => r.laterAt);
    const names = await crmUserNames(this.deps, [
      scope.sfUserID,
      ...later.flatMap((r) => (r.laterBy ? [r.laterBy] : [])),
    ]);
    await this.deps.audit.record({
      action: 'rollback.previewed',
      actor: caller.actor,
      ip: caller.ip,
      target: `sf-user:${scope.sfUserID}`,
      details: { object: scope.object, from: scope.from, to: scope.to, fields, records: records.length },
    });
    const order = snapshotFields(scope.object);
    return {
      sfUserID: scope.sfUserID,
      agentName: names.get(scope.sfUserID) ?? null,
      object: scope.object,
      from: scope.from,
      to: scope.to,
      fields,
      records: records.length,
      withoutEarlierVersion: records.filter((r) => r.targetRevisionId === null).length,
      changedFields: order.filter((f) => changedAnywhere.has(f)),
      fieldCounts: [...counts]
        .map(([field, count]) => ({ field, count }))
        .sort((a, b) => b.count - a.count || order.indexOf(a.field) - order.indexOf(b.field)),
      sample,
      laterChanged: later.map((r) => ({
        recordId: r.recordId,
        label: r.label,
        changedBy: r.laterBy,
        changedByName: r.laterBy ? (names.get(r.laterBy) ?? null) : null,
        changedAt: r.laterAt!.toISOString(),
        storicoWrite: storicoWrite(r.laterSource),
      })),
    };
  }

  /**
   * One PENDING request for every record the agent changed in the window, less the ones changed later by someone
   * else that are not ticked in `includeLaterChanged`; refused (409) while the window, or the alert it names, has a
   * pending or running one. Spends the creator's code. A caller's creates and reviews
   * run one at a time, so that a double submit is refused as the open rollback it made.
   */
  create(input: CreateRollback, code: string, caller: Caller): Promise<RollbackRequest> {
    return this.deps.oneAtATime.run(caller.userId, () => this.createNow(input, code, caller));
  }

  private async createNow(input: CreateRollback, code: string, caller: Caller): Promise<RollbackRequest> {
    const { db, audit, now } = this.deps;
    const window = rollbackWindow(input);
    const fields = await this.chosenFields(input.object, input.fields);
    const records = await recordsChangedInWindow(db, kindOfObject(input.object), {
      agent: input.sfUserID,
      ...window,
    });
    const included = this.included(records, input.includeLaterChanged ?? []);
    if (included.length === 0) throw conflict(ROLLBACK_EMPTY_MESSAGE, undefined, ErrorCode.ROLLBACK_EMPTY);
    if (input.alertId) await this.matchingAlert(input.alertId, { ...input, window });
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
    await spendCodeOrRefuse(this.deps, caller, code, {
      prefix: 'rollback',
      target: `sf-user:${input.sfUserID}`,
    });
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
            target: target(created),
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
    return this.get(id);
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
    return this.get(id);
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
    return this.get(id);
  }

  async get(id: number): Promise<RollbackRequest> {
    const [request] = await this.requests([await this.mustFind(id, null)]);
    return request!;
  }

  /** A request and a page of its records' outcomes; `creatorId` as in `list`: another's request is not found. */
  async detail(
    id: number,
    query: PageQuery & { outcome?: RollbackOutcome | 'pending' | undefined },
    creatorId: RollbackCreator,
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
    return { ...toRequest(rollback, names), outcomes: toPage(outcomes, total, { ...query, isPaged: true }) };
  }

  /** One status's requests: every one for a reviewer (`creatorId` null), else only those `creatorId` made. */
  async list(
    query: PageQuery & { status: RollbackStatus },
    creatorId: RollbackCreator,
  ): Promise<Page<RollbackRequest>> {
    const { rows, total } = await listRollbacks(this.deps.db, {
      status: query.status,
      creatorId,
      filter: query.filter,
      offset: query.page * query.size,
      limit: query.size,
    });
    return toPage(await this.requests(rows), total, { page: query.page, size: query.size, isPaged: true });
  }

  /** The requests with their CRM users' names, asked in one batch (an agent's, else the CRM's). */
  private async requests(views: readonly RollbackView[]): Promise<RollbackRequest[]> {
    const names = await crmUserNames(
      this.deps,
      views.map((view) => view.sfUserId),
    );
    return views.map((view) => toRequest(view, names));
  }

  /** The records rolled back: all but those changed later by someone else, unless ticked (which must be those). */
  private included(records: ScopeRecord[], ticked: readonly string[]): ScopeRecord[] {
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

  /** The chosen fields, each a snapshot field of the object (in snapshot order), or null for all. */
  private async chosenFields(
    object: CrmObject,
    fields: readonly string[] | undefined,
  ): Promise<string[] | null> {
    if (!fields) return null;
    const known = snapshotFields(object);
    const unknown = fields.find((f) => !known.includes(f) || NEVER_WRITTEN.has(f));
    if (unknown !== undefined) throw badRequest('body.fields', `${unknown} is not a field a rollback writes`);
    return known.filter((f) => fields.includes(f));
  }

  /** The fields the CRM lets Storico write; the catalogue's when the CRM cannot say. */
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
    const rules = await this.writeRules(rollback.object);
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

  /** What the CRM says its writes take, waiting for it at most a second (answerWithin): else every stored field. */
  private async writeRules(object: CrmObject): Promise<WriteRules> {
    const crm = this.deps.crm;
    const [fields, neverEmpty] = crm
      ? await Promise.all([
          answerWithin(crm.writableFields(object), null),
          answerWithin(crm.neverEmptyFields(object), null),
        ])
      : [null, null];
    return {
      writable: new Set((fields ?? snapshotFields(object)).filter((f) => !NEVER_WRITTEN.has(f))),
      neverEmpty: new Set(neverEmpty ?? []),
    };
  }

  /**
   * The alert a request names is one about its changes: the same agent and object, its window overlapping the
   * request's (a request linked to another burst would say so in the audit log and on the alert).
   */
  private async matchingAlert(
    id: number,
    request: { sfUserID: string; object: CrmObject; window: { from: Date; to: Date } },
  ): Promise<void> {
    const alert = await this.deps.db
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

  private async mustFind(id: number, creatorId: RollbackCreator): Promise<RollbackView> {
    const rollback = await findRollback(this.deps.db, id, creatorId);
    if (!rollback) throw notFound(`Rollback request ${id} not found`);
    return rollback;
  }
}
