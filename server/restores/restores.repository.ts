import { sql } from 'kysely';
import type { RestoreStatus } from '../../contract/restores';
import type { Db } from '../db/database';
import { containsPattern } from '../db/like';
import { recordKinds as TABLES, type RecordKind } from '../db/record-kinds';
import type { Snapshot } from '../store/snapshot-diff';

/** The ids of restore_statuses and restore_types, fixed by the initial migration. */
export const STATUS_ID: Record<RestoreStatus, number> = { PENDING: 1, APPROVED: 2, REJECTED: 3 };

/**
 * The unique index that allows one open request per revision: a PENDING one, or an APPROVED one that restored
 * every field (one limited to some fields leaves the others open to a new request, migration 0009).
 */
export const openRequestIndex = (kind: RecordKind): string => TABLES[kind].openIndex;

/** A request with everything the contract shows: its users, type, status, record and target snapshot. */
export type RequestView = {
  id: number;
  createdAt: Date;
  approvedAt: Date | null;
  differences: string[];
  dateFrom: string;
  dateTo: string;
  sfUserId: string | null;
  typeId: number;
  type: string;
  statusId: number;
  status: string;
  creatorId: number;
  creatorUsername: string;
  reviewerId: number | null;
  reviewerUsername: string | null;
  recordId: string;
  recordLabel: string | null;
  revisionId: number;
  target: Snapshot;
  outcome: 'undeleted' | 'recreated' | null;
  newRecordId: string | null;
  /** Set while the CRM's answer to the restore's write is unknown (migration 0007). */
  outcomeUnknownSince: Date | null;
  /** The snapshot fields the restore writes; null: every field that differs (migration 0009). */
  fields: string[] | null;
  /** A case's e-mails and comments that came back with it out of the recycle bin (migration 0024). */
  relatedRestored: number;
};

type ViewRow = {
  id: number;
  created_at: Date | string;
  approved_at: Date | string | null;
  differences: string[] | string;
  date_from: string;
  date_to: string;
  sf_user_id: string | null;
  restore_type_id: number;
  restore_type: string;
  status_id: number;
  status: string;
  user_creator_id: number;
  creator_username: string;
  user_reviewer_id: number | null;
  reviewer_username: string | null;
  record_id: string;
  record_label: string | null;
  revision_id: number;
  json: Snapshot | string;
  outcome: 'undeleted' | 'recreated' | null;
  new_record_id: string | null;
  outcome_unknown_since: Date | string | null;
  fields: string[] | string | null;
  related_restored: number;
};

const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const toView = (row: ViewRow): RequestView => ({
  id: row.id,
  createdAt: new Date(row.created_at),
  approvedAt: row.approved_at === null ? null : new Date(row.approved_at),
  differences: fromJson(row.differences),
  dateFrom: row.date_from,
  dateTo: row.date_to,
  sfUserId: row.sf_user_id,
  typeId: row.restore_type_id,
  type: row.restore_type,
  statusId: row.status_id,
  status: row.status,
  creatorId: row.user_creator_id,
  creatorUsername: row.creator_username,
  reviewerId: row.user_reviewer_id,
  reviewerUsername: row.reviewer_username,
  recordId: row.record_id,
  recordLabel: row.record_label,
  revisionId: row.revision_id,
  target: fromJson(row.json),
  outcome: row.outcome,
  newRecordId: row.new_record_id,
  outcomeUnknownSince: row.outcome_unknown_since === null ? null : new Date(row.outcome_unknown_since),
  fields: row.fields === null ? null : fromJson(row.fields),
  relatedRestored: Number(row.related_restored ?? 0),
});

function viewQuery(kind: RecordKind) {
  const t = TABLES[kind];
  return sql`
    select q.id, q.created_at, q.approved_at, q.differences, q.date_from, q.date_to, q.sf_user_id,
      q.restore_type_id, ty.type as restore_type, q.status_id, st.status,
      q.user_creator_id, creator.username as creator_username,
      q.user_reviewer_id, reviewer.username as reviewer_username,
      q.${sql.ref(t.key)} as record_id, rec.${sql.ref(t.label)} as record_label,
      q.${sql.ref(t.revisionColumn)} as revision_id, rev.json, q.outcome, q.new_record_id,
      q.outcome_unknown_since, q.fields, q.related_restored
    from ${sql.table(t.requests)} q
    join restore_types ty on ty.id = q.restore_type_id
    join restore_statuses st on st.id = q.status_id
    join users creator on creator.id = q.user_creator_id
    left join users reviewer on reviewer.id = q.user_reviewer_id
    join ${sql.table(t.revisions)} rev on rev.id = q.${sql.ref(t.revisionColumn)}
    left join ${sql.table(t.records)} rec on rec.id = q.${sql.ref(t.key)}`;
}

/** Matches the record's name or case number, or the creator's username. */
const filterClause = (kind: RecordKind, filter: string | undefined) => {
  if (!filter?.trim()) return sql`true`;
  const pattern = containsPattern(filter.trim());
  return sql`(lower(coalesce(rec.${sql.ref(TABLES[kind].label)}, '')) like ${pattern}
    or lower(creator.username) like ${pattern})`;
};

export async function findRequests(db: Db, kind: RecordKind, ids: readonly number[]): Promise<RequestView[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<ViewRow>`${viewQuery(kind)}
    where q.id = any(cast(${[...ids]} as integer[])) order by q.id`.execute(db);
  return rows.map(toView);
}

export async function findRequest(db: Db, kind: RecordKind, id: number): Promise<RequestView | undefined> {
  return (await findRequests(db, kind, [id]))[0];
}

/** Requests of one status, newest first; served by the (status_id, created_at desc) index. */
export async function listRequests(
  db: Db,
  kind: RecordKind,
  query: { statusId: number; filter?: string; offset: number; limit: number },
): Promise<{ rows: RequestView[]; total: number }> {
  const where = sql`q.status_id = ${query.statusId} and ${filterClause(kind, query.filter)}`;
  const { rows } = await sql<ViewRow>`${viewQuery(kind)} where ${where}
    order by q.created_at desc, q.id desc offset ${query.offset} limit ${query.limit}`.execute(db);
  const t = TABLES[kind];
  const count = await sql<{ total: number }>`
    select count(*) as total from ${sql.table(t.requests)} q
    join users creator on creator.id = q.user_creator_id
    left join ${sql.table(t.records)} rec on rec.id = q.${sql.ref(t.key)}
    where ${where}`.execute(db);
  return { rows: rows.map(toView), total: Number(count.rows[0]?.total ?? 0) };
}

/** Of these revisions, those an open request already targets (see openRequestIndex). */
export async function revisionsWithOpenRequests(
  db: Db,
  kind: RecordKind,
  revisionIds: readonly number[],
): Promise<number[]> {
  const t = TABLES[kind];
  const { rows } = await sql<{ revision_id: number }>`
    select ${sql.ref(t.revisionColumn)} as revision_id from ${sql.table(t.requests)}
    where ${sql.ref(t.revisionColumn)} = any(cast(${[...revisionIds]} as integer[]))
      and (status_id = ${STATUS_ID.PENDING} or (status_id = ${STATUS_ID.APPROVED} and fields is null))`.execute(
    db,
  );
  return rows.map((r) => r.revision_id);
}

export async function agentExists(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('sf_users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export type NewRequest = {
  revisionId: number;
  recordId: string;
  sfUserId: string | null;
  dateFrom: string;
  dateTo: string;
  typeId: number;
  creatorId: number;
  differences: string[];
  /** The snapshot fields to write; null: every field that differs. */
  fields: string[] | null;
  createdAt: Date;
  /** A forced restore is claimed as it is created: nobody may review it while it is being applied. */
  claim: { token: string; since: Date } | null;
};

/** Inserts PENDING requests, in order; a revision with an open request makes the unique index refuse all. */
export async function insertRequests(db: Db, kind: RecordKind, requests: NewRequest[]): Promise<number[]> {
  const t = TABLES[kind];
  const values = requests.map(
    (r) => sql`(${r.revisionId}, ${r.recordId}, ${r.sfUserId}, ${r.dateFrom}, ${r.dateTo}, ${r.typeId},
      ${STATUS_ID.PENDING}, ${r.creatorId}, cast(${JSON.stringify(r.differences)} as jsonb), ${r.createdAt},
      ${r.claim?.token ?? null}, ${r.claim?.since ?? null},
      cast(${r.fields === null ? null : JSON.stringify(r.fields)} as jsonb))`,
  );
  const { rows } = await sql<{ id: number }>`
    insert into ${sql.table(t.requests)} (${sql.ref(t.revisionColumn)}, ${sql.ref(t.key)}, sf_user_id,
      date_from, date_to, restore_type_id, status_id, user_creator_id, differences, created_at,
      applying_token, applying_since, fields)
    values ${sql.join(values)} returning id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * PENDING, not being applied by someone else (a claim older than `staleBefore` was abandoned) and not waiting
 * for the outcome of an unanswered write.
 */
const reviewable = (staleBefore: Date) =>
  sql`status_id = ${STATUS_ID.PENDING} and outcome_unknown_since is null
    and (applying_token is null or applying_since < ${staleBefore})`;

/** Takes the request for applying it; false when it was reviewed, or is being applied, by someone else. */
export async function claimRequest(
  db: Db,
  kind: RecordKind,
  id: number,
  claim: { token: string; since: Date; staleBefore: Date },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(TABLES[kind].requests)} set applying_token = ${claim.token}, applying_since = ${claim.since}
    where id = ${id} and ${reviewable(claim.staleBefore)} returning id`.execute(db);
  return rows.length > 0;
}

/** Gives a claimed request back, unchanged, after a failed restore. */
export async function releaseClaim(db: Db, kind: RecordKind, token: string): Promise<void> {
  await sql`
    update ${sql.table(TABLES[kind].requests)} set applying_token = null, applying_since = null
    where applying_token = ${token}`.execute(db);
}

/** Forced restores that were claimed at creation and not applied: a failed forced restore leaves nothing. */
export async function deleteUnapplied(db: Db, kind: RecordKind, token: string): Promise<void> {
  await sql`
    delete from ${sql.table(TABLES[kind].requests)}
    where applying_token = ${token} and status_id = ${STATUS_ID.PENDING}`.execute(db);
}

/** Records a rejection; false when the request was reviewed, or is being applied, by someone else. */
export async function rejectRequest(
  db: Db,
  kind: RecordKind,
  review: { id: number; reviewerId: number; at: Date; staleBefore: Date },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(TABLES[kind].requests)}
    set status_id = ${STATUS_ID.REJECTED}, user_reviewer_id = ${review.reviewerId}, approved_at = ${review.at},
      applying_token = null, applying_since = null
    where id = ${review.id} and ${reviewable(review.staleBefore)} returning id`.execute(db);
  return rows.length > 0;
}

/** Marks a claimed request applied; false when the claim was taken over meanwhile. */
export async function completeRequest(
  db: Db,
  kind: RecordKind,
  done: { id: number; token: string; reviewerId: number; at: Date; appliedRevisionId: number },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(TABLES[kind].requests)}
    set status_id = ${STATUS_ID.APPROVED}, user_reviewer_id = ${done.reviewerId}, approved_at = ${done.at},
      applied_revision_id = ${done.appliedRevisionId}, applying_token = null, applying_since = null
    where id = ${done.id} and applying_token = ${done.token} and status_id = ${STATUS_ID.PENDING}
    returning id`.execute(db);
  return rows.length > 0;
}

/** The fields a pending request's target differs in from the record's newer version, now compared with it. */
export async function compareAgain(
  db: Db,
  kind: RecordKind,
  id: number,
  differences: string[],
): Promise<void> {
  await sql`update ${sql.table(TABLES[kind].requests)}
    set differences = cast(${JSON.stringify(differences)} as jsonb)
    where id = ${id} and status_id = ${STATUS_ID.PENDING}`.execute(db);
}

/** How an applied restore brought back a record deleted in the CRM (migration 0003). */
export async function recordOutcome(
  db: Db,
  kind: RecordKind,
  id: number,
  outcome: { outcome: 'undeleted' | 'recreated' | null; newRecordId: string | null },
): Promise<void> {
  await sql`update ${sql.table(TABLES[kind].requests)}
    set outcome = ${outcome.outcome}, new_record_id = ${outcome.newRecordId} where id = ${id}`.execute(db);
}

/**
 * The claimed request's write went unanswered: the claim is given up and the request marked, with the reviewer
 * who approved it and the write sent, until a read of the record settles it. False when the claim was lost.
 */
export async function markOutcomeUnknown(
  db: Db,
  kind: RecordKind,
  mark: { id: number; token: string; reviewerId: number; at: Date; write: Record<string, unknown> },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(TABLES[kind].requests)}
    set outcome_unknown_since = ${mark.at}, outcome_unknown_write = cast(${JSON.stringify(mark.write)} as jsonb),
      user_reviewer_id = ${mark.reviewerId}, applying_token = null, applying_since = null
    where id = ${mark.id} and applying_token = ${mark.token} and status_id = ${STATUS_ID.PENDING}
    returning id`.execute(db);
  return rows.length > 0;
}

export type MarkedRequest = {
  id: number;
  since: Date;
  /** The write sent, and how the restore had brought its record back before it (undeleted, re-created). */
  write: {
    recordId: string;
    fields: Record<string, unknown>;
    outcome?: 'undeleted' | 'recreated' | null;
    newRecordId?: string | null;
  };
  reviewerId: number;
};

/** Requests waiting for the outcome of their write, oldest first (the partial index holds only those). */
export async function markedRequests(
  db: Db,
  kind: RecordKind,
  ids?: readonly number[],
): Promise<MarkedRequest[]> {
  const only = ids ? sql`and id = any(cast(${[...ids]} as integer[]))` : sql``;
  const { rows } = await sql<{
    id: number;
    since: Date | string;
    write: MarkedRequest['write'] | string;
    reviewer_id: number;
  }>`
    select id, outcome_unknown_since as since, outcome_unknown_write as write, user_reviewer_id as reviewer_id
    from ${sql.table(TABLES[kind].requests)}
    where outcome_unknown_since is not null and status_id = ${STATUS_ID.PENDING} ${only}
    order by outcome_unknown_since limit 50`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    since: new Date(r.since),
    write: fromJson(r.write),
    reviewerId: r.reviewer_id,
  }));
}

/** The marked write was found in the CRM: APPROVED as of the approval. False when settled meanwhile. */
export async function settleApplied(
  db: Db,
  kind: RecordKind,
  settled: { id: number; since: Date; appliedRevisionId: number },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(TABLES[kind].requests)}
    set status_id = ${STATUS_ID.APPROVED}, approved_at = ${settled.since},
      applied_revision_id = ${settled.appliedRevisionId}, outcome_unknown_since = null, outcome_unknown_write = null
    where id = ${settled.id} and outcome_unknown_since = ${settled.since} and status_id = ${STATUS_ID.PENDING}
    returning id`.execute(db);
  return rows.length > 0;
}

/** The marked write is not in the CRM: the request is approvable again. False when settled meanwhile. */
export async function settleNotApplied(
  db: Db,
  kind: RecordKind,
  settled: { id: number; since: Date },
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    update ${sql.table(TABLES[kind].requests)}
    set user_reviewer_id = null, outcome_unknown_since = null, outcome_unknown_write = null
    where id = ${settled.id} and outcome_unknown_since = ${settled.since} and status_id = ${STATUS_ID.PENDING}
    returning id`.execute(db);
  return rows.length > 0;
}

/** How many of the case's e-mails and comments came back with it (migration 0024). */
export async function recordRelatedRestored(db: Db, id: number, count: number): Promise<void> {
  await sql`update restore_case_requests set related_restored = ${count} where id = ${id}`.execute(db);
}
