import { sql } from 'kysely';
import type { RollbackOutcome, RollbackReason, RollbackRun, RollbackStatus } from '../../contract/rollbacks';
import type { CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { kindOfObject, recordKinds } from '../db/record-kinds';

/** A rollback request with its Storico users and its records' counts; the CRM user's name is the service's. */
export type RollbackView = {
  id: number;
  sfUserId: string;
  object: CrmObject;
  rangeFrom: string;
  rangeTo: string;
  fields: string[] | null;
  alertId: number | null;
  status: RollbackStatus;
  run: RollbackRun;
  createdAt: Date;
  approvedAt: Date | null;
  stoppedAt: Date | null;
  finishedAt: Date | null;
  creator: { id: number; username: string };
  reviewer: { id: number; username: string } | null;
  stopper: { id: number; username: string } | null;
  total: number;
  counts: Record<RollbackOutcome, number>;
};

type ViewRow = {
  id: number;
  sf_user_id: string;
  object: CrmObject;
  range_from: string;
  range_to: string;
  fields: string[] | string | null;
  alert_id: number | null;
  status: RollbackStatus;
  run: RollbackRun;
  created_at: Date | string;
  approved_at: Date | string | null;
  stopped_at: Date | string | null;
  finished_at: Date | string | null;
  user_creator_id: number;
  creator_username: string;
  user_reviewer_id: number | null;
  reviewer_username: string | null;
  stopped_by: number | null;
  stopper_username: string | null;
  total: number;
  restored: number;
  skipped: number;
  refused: number;
  unknown: number;
};

const at = (v: Date | string | null) => (v === null ? null : new Date(v));
const userRef = (id: number | null, username: string | null) =>
  id === null ? null : { id, username: username ?? '' };

const toView = (row: ViewRow): RollbackView => ({
  id: row.id,
  sfUserId: row.sf_user_id,
  object: row.object,
  rangeFrom: row.range_from,
  rangeTo: row.range_to,
  fields: typeof row.fields === 'string' ? (JSON.parse(row.fields) as string[]) : row.fields,
  alertId: row.alert_id,
  status: row.status,
  run: row.run,
  createdAt: new Date(row.created_at),
  approvedAt: at(row.approved_at),
  stoppedAt: at(row.stopped_at),
  finishedAt: at(row.finished_at),
  creator: { id: row.user_creator_id, username: row.creator_username },
  reviewer: userRef(row.user_reviewer_id, row.reviewer_username),
  stopper: userRef(row.stopped_by, row.stopper_username),
  total: row.total,
  counts: {
    restored: Number(row.restored),
    skipped: Number(row.skipped),
    refused: Number(row.refused),
    unknown: Number(row.unknown),
  },
});

const viewQuery = sql`
  select q.id, q.sf_user_id, q.object, q.range_from, q.range_to, q.fields, q.alert_id, q.status, q.run,
    q.created_at, q.approved_at, q.stopped_at, q.finished_at, q.user_creator_id, creator.username as creator_username,
    q.user_reviewer_id, reviewer.username as reviewer_username, q.stopped_by, stopper.username as stopper_username,
    q.total, c.restored, c.skipped, c.refused, c.unknown
  from rollback_requests q
  join users creator on creator.id = q.user_creator_id
  left join users reviewer on reviewer.id = q.user_reviewer_id
  left join users stopper on stopper.id = q.stopped_by
  cross join lateral (
    select count(*) filter (where r.outcome = 'restored') as restored,
      count(*) filter (where r.outcome = 'skipped') as skipped,
      count(*) filter (where r.outcome = 'refused') as refused,
      count(*) filter (where r.outcome = 'unknown') as unknown
    from rollback_records r where r.rollback_id = q.id
  ) c`;

/**
 * Whose requests a caller reads: `null`, every one (a reviewer); a user id, only the ones that user made (a
 * requester following their own). Another's request is then not found, as if it did not exist.
 */
export type RollbackCreator = number | null;

const ofCreator = (creatorId: RollbackCreator) =>
  creatorId === null ? sql`` : sql`and q.user_creator_id = ${creatorId}`;

export async function findRollback(
  db: Db,
  id: number,
  creatorId: RollbackCreator,
): Promise<RollbackView | undefined> {
  const { rows } = await sql<ViewRow>`${viewQuery} where q.id = ${id} ${ofCreator(creatorId)}`.execute(db);
  return rows[0] ? toView(rows[0]) : undefined;
}

/**
 * One status's rollbacks, newest first; `filter` matches the creator's username or the CRM user's name: an agent's
 * first and last name, anyone else's as last read from the CRM.
 */
export async function listRollbacks(
  db: Db,
  query: {
    status: RollbackStatus;
    creatorId: RollbackCreator;
    filter: string | undefined;
    offset: number;
    limit: number;
  },
): Promise<{ rows: RollbackView[]; total: number }> {
  const pattern = query.filter?.trim() ? containsPattern(query.filter.trim()) : null;
  const filter = pattern
    ? sql`and (lower(creator.username) like ${pattern}
        or q.sf_user_id in (select a.id from sf_users a
          where lower(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) like ${pattern})
        or q.sf_user_id in (select n.id from crm_user_names n where lower(n.name) like ${pattern}))`
    : sql``;
  const where = sql`where q.status = ${query.status} ${ofCreator(query.creatorId)} ${filter}`;
  const { rows } = await sql<ViewRow>`${viewQuery} ${where}
    order by q.created_at desc, q.id desc offset ${query.offset} limit ${query.limit}`.execute(db);
  const count = await sql<{ n: number }>`
    select count(*) as n from rollback_requests q
    join users creator on creator.id = q.user_creator_id
    ${where}`.execute(db);
  return { rows: rows.map(toView), total: Number(count.rows[0]?.n ?? 0) };
}

export type NewRollback = {
  sfUserId: string;
  object: CrmObject;
  rangeFrom: string;
  rangeTo: string;
  windowFrom: Date;
  windowTo: Date;
  fields: string[] | null;
  alertId: number | null;
  creatorId: number;
  createdAt: Date;
  records: Array<{ recordId: string; targetRevisionId: number | null; laterChanged: boolean }>;
};

/** Whether a rollback of this agent, object and window is pending or running (the `rollback_requests_open` key). */
export async function openRollbackExists(
  db: Db,
  key: { sfUserId: string; object: CrmObject; windowFrom: Date; windowTo: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('rollback_requests')
    .select('id')
    .where('sf_user_id', '=', key.sfUserId)
    .where('object', '=', key.object)
    .where('window_from', '=', key.windowFrom)
    .where('window_to', '=', key.windowTo)
    .where((eb) => eb.or([eb('status', '=', 'PENDING'), eb('run', '=', 'running')]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a rollback naming the alert is pending or running (the `rollback_requests_open_alert` key). */
export async function openAlertRollbackExists(db: Db, alertId: number): Promise<boolean> {
  const row = await db
    .selectFrom('rollback_requests')
    .select('id')
    .where('alert_id', '=', alertId)
    .where((eb) => eb.or([eb('status', '=', 'PENDING'), eb('run', '=', 'running')]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the request and its records (in `db`'s transaction); answers its id. */
export async function insertRollback(db: Db, input: NewRollback): Promise<number> {
  const { id } = await db
    .insertInto('rollback_requests')
    .values({
      sf_user_id: input.sfUserId,
      object: input.object,
      range_from: input.rangeFrom,
      range_to: input.rangeTo,
      window_from: input.windowFrom,
      window_to: input.windowTo,
      fields: input.fields ? JSON.stringify(input.fields) : null,
      alert_id: input.alertId,
      total: input.records.length,
      user_creator_id: input.creatorId,
      created_at: input.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const chunk = 1000;
  for (let i = 0; i < input.records.length; i += chunk) {
    await db
      .insertInto('rollback_records')
      .values(
        input.records.slice(i, i + chunk).map((r, j) => ({
          rollback_id: id,
          position: i + j,
          record_id: r.recordId,
          target_revision_id: r.targetRevisionId,
          later_changed: r.laterChanged,
        })),
      )
      .execute();
  }
  return id;
}

/** PENDING -> APPROVED (running) or REJECTED, once: answers whether this call decided it. */
export async function decideRollback(
  db: Db,
  input: { id: number; reviewerId: number; approved: boolean; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('rollback_requests')
    .set({
      status: input.approved ? 'APPROVED' : 'REJECTED',
      ...(input.approved ? { run: 'running' as const } : {}),
      user_reviewer_id: input.reviewerId,
      approved_at: input.at,
    })
    .where('id', '=', input.id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** running -> stopped, or -> finished; answers whether this call made the change. */
export async function endRun(
  db: Db,
  input: { id: number; run: 'stopped' | 'finished'; at: Date; by?: number },
): Promise<boolean> {
  const result = await db
    .updateTable('rollback_requests')
    .set(
      input.run === 'stopped'
        ? { run: 'stopped', stopped_at: input.at, stopped_by: input.by ?? null }
        : { run: 'finished', finished_at: input.at },
    )
    .where('id', '=', input.id)
    .where('run', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type RecordRow = {
  position: number;
  recordId: string;
  label: string | null;
  laterChanged: boolean;
  outcome: RollbackOutcome | null;
  message: string | null;
  reason: RollbackReason | null;
  written: string[];
  returned: 'undeleted' | 'recreated' | null;
  newRecordId: string | null;
  doneAt: Date | null;
  /** Who changed the record in the CRM after the request, when it was skipped for that. */
  changedBy: string | null;
  /** The revision the record goes back to (null: created in the window), and its latest one. */
  targetRevisionId: number | null;
  latestRevisionId: number | null;
};

/** A page of a rollback's records in the order they are applied; `outcome` 'pending' = none yet. */
export async function rollbackRecords(
  db: Db,
  rollback: { id: number; object: CrmObject },
  query: { outcome: RollbackOutcome | 'pending' | undefined; offset: number; limit: number },
): Promise<{ rows: RecordRow[]; total: number }> {
  const { records, label } = recordKinds[kindOfObject(rollback.object)];
  const outcome =
    query.outcome === undefined
      ? sql``
      : query.outcome === 'pending'
        ? sql`and r.outcome is null`
        : sql`and r.outcome = ${query.outcome}`;
  const { rows } = await sql<{
    position: number;
    record_id: string;
    label: string | null;
    later_changed: boolean;
    outcome: RollbackOutcome | null;
    message: string | null;
    reason: RollbackReason | null;
    written: string[] | string;
    returned: 'undeleted' | 'recreated' | null;
    new_record_id: string | null;
    done_at: Date | string | null;
    changed_by: string | null;
    target_revision_id: number | null;
    latest_revision_id: number | null;
  }>`
    select r.position, r.record_id, rec.${sql.ref(label)} as label, r.later_changed, r.outcome, r.message,
      r.reason, r.written, r.returned, r.new_record_id, r.done_at, r.changed_by, r.target_revision_id,
      rec.latest_revision_id
    from rollback_records r left join ${sql.table(records)} rec on rec.id = r.record_id
    where r.rollback_id = ${rollback.id} ${outcome}
    order by r.position offset ${query.offset} limit ${query.limit}`.execute(db);
  const count = await sql<{ n: number }>`
    select count(*) as n from rollback_records r where r.rollback_id = ${rollback.id} ${outcome}`.execute(db);
  return {
    rows: rows.map((row) => ({
      position: row.position,
      recordId: row.record_id,
      label: row.label,
      laterChanged: row.later_changed,
      outcome: row.outcome,
      message: row.message,
      reason: row.reason,
      written: typeof row.written === 'string' ? (JSON.parse(row.written) as string[]) : row.written,
      returned: row.returned,
      newRecordId: row.new_record_id,
      doneAt: at(row.done_at),
      changedBy: row.changed_by,
      targetRevisionId: row.target_revision_id,
      latestRevisionId: row.latest_revision_id,
    })),
    total: Number(count.rows[0]?.n ?? 0),
  };
}
