import { sql } from 'kysely';
import type { RollbackReason } from '../../contract/rollbacks';
import type { CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import type { SentWrite } from '../write-back/restore-apply';

/** A running rollback with work left, as the worker takes it. */
export type RunningRollback = {
  id: number;
  object: CrmObject;
  fields: string[] | null;
  /** The agent whose changes are rolled back. */
  agent: string;
  /** When the request was made: what Storico knew of each record then is what was previewed and approved. */
  createdAt: Date;
};

/** The oldest running rollback not paused for the CRM's API limit. */
export async function nextRunningRollback(db: Db, now: Date): Promise<RunningRollback | undefined> {
  const row = await db
    .selectFrom('rollback_requests')
    .select(['id', 'object', 'fields', 'sf_user_id', 'created_at'])
    .where('run', '=', 'running')
    .where((eb) => eb.or([eb('paused_until', 'is', null), eb('paused_until', '<=', now)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const fields = typeof row.fields === 'string' ? (JSON.parse(row.fields) as string[]) : row.fields;
  return {
    id: row.id,
    object: row.object,
    fields,
    agent: row.sf_user_id,
    createdAt: new Date(row.created_at),
  };
}

/**
 * The record's last change as Storico knew it at `asOf` (the `LastModifiedDate` of its latest revision saved by
 * then), or null when it knew none.
 */
export async function lastKnownChange(
  db: Db,
  kind: RecordKind,
  recordId: string,
  asOf: Date,
): Promise<string | null> {
  const { revisions, key } = recordKinds[kind];
  const { rows } = await sql<{ modified: string | null }>`
    select json->>'LastModifiedDate' as modified from ${sql.table(revisions)}
    where ${sql.ref(key)} = ${recordId} and saved_at <= ${asOf}
    order by saved_at desc, id desc limit 1`.execute(db);
  return rows[0]?.modified ?? null;
}

export async function isRunning(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('rollback_requests').select('run').where('id', '=', id).executeTakeFirst();
  return row?.run === 'running';
}

/** How many records still have no outcome, or one not known yet. */
export async function openRecords(db: Db, id: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*) as n from rollback_records
    where rollback_id = ${id} and (outcome is null or outcome = 'unknown')`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

export async function pauseRollback(db: Db, id: number, until: Date): Promise<void> {
  await db.updateTable('rollback_requests').set({ paused_until: until }).where('id', '=', id).execute();
}

/** A claimed record: where it is in the rollback, and the write sent for it before a crash, if any. */
export type ClaimedRecord = {
  position: number;
  recordId: string;
  targetRevisionId: number | null;
  sentWrite: SentRecordWrite | null;
};

/** The write sent for a record, with how the record was brought back first. */
export type SentRecordWrite = SentWrite & {
  returned: 'undeleted' | 'recreated' | null;
  newRecordId: string | null;
};

const parse = <T>(value: unknown): T | null =>
  value === null || value === undefined
    ? null
    : typeof value === 'string'
      ? (JSON.parse(value) as T)
      : (value as T);

/**
 * Claims up to `limit` records without an outcome, in order, that nobody holds (or whose holder's claim went stale):
 * two workers never hold the same record, and a dead worker's records are taken over.
 */
export async function claimBatch(
  db: Db,
  input: { id: number; token: string; now: Date; staleBefore: Date; limit: number },
): Promise<ClaimedRecord[]> {
  const { rows } = await sql<{
    position: number;
    record_id: string;
    target_revision_id: number | null;
    sent_write: unknown;
  }>`
    with picked as (
      select position from rollback_records
      where rollback_id = ${input.id} and outcome is null
        and (claim_token is null or claimed_at < ${input.staleBefore})
      order by position limit ${input.limit}
      for update skip locked
    )
    update rollback_records r set claim_token = ${input.token}, claimed_at = ${input.now}
    from picked where r.rollback_id = ${input.id} and r.position = picked.position
    returning r.position, r.record_id, r.target_revision_id, r.sent_write`.execute(db);
  return rows
    .map((row) => ({
      position: row.position,
      recordId: row.record_id,
      targetRevisionId: row.target_revision_id,
      sentWrite: parse<SentRecordWrite>(row.sent_write),
    }))
    .sort((a, b) => a.position - b.position);
}

/** Gives back the records of a claim that were not worked on (a stop, the CRM's API limit). */
export async function releaseClaim(db: Db, id: number, token: string): Promise<void> {
  await db
    .updateTable('rollback_records')
    .set({ claim_token: null, claimed_at: null })
    .where('rollback_id', '=', id)
    .where('claim_token', '=', token)
    .where('outcome', 'is', null)
    .execute();
}

/** Kept before the write is sent: a crash after it leaves the record to be checked by a read, not written again. */
export async function markSent(
  db: Db,
  input: { id: number; position: number; token: string; write: SentRecordWrite; at: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('rollback_records')
    .set({ sent_write: JSON.stringify(input.write), sent_at: input.at })
    .where('rollback_id', '=', input.id)
    .where('position', '=', input.position)
    .where('claim_token', '=', input.token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type RecordResult = {
  outcome: 'restored' | 'skipped' | 'refused' | 'unknown';
  message: string | null;
  reason: RollbackReason | null;
  written: string[];
  returned: 'undeleted' | 'recreated' | null;
  newRecordId: string | null;
  /** Who changed the record in the CRM after the request (a `changed-since` skip). */
  changedBy?: string | null;
};

/**
 * Records an outcome of a claimed record (`token`), or settles an `unknown` one (`token` null); answers whether
 * this call did it.
 */
export async function recordResult(
  db: Db,
  input: { id: number; position: number; token: string | null; result: RecordResult; at: Date },
): Promise<boolean> {
  const { result } = input;
  let query = db
    .updateTable('rollback_records')
    .set({
      outcome: result.outcome,
      message: result.message,
      reason: result.reason,
      written: JSON.stringify(result.written),
      returned: result.returned,
      new_record_id: result.newRecordId,
      changed_by: result.changedBy ?? null,
      claim_token: null,
      done_at: result.outcome === 'unknown' ? null : input.at,
    })
    .where('rollback_id', '=', input.id)
    .where('position', '=', input.position);
  query =
    input.token === null
      ? query.where('outcome', '=', 'unknown')
      : query.where('claim_token', '=', input.token).where('outcome', 'is', null);
  const done = await query.executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** Records whose write went unanswered, with the write sent and when. */
export async function unknownRecords(
  db: Db,
  id: number,
): Promise<Array<{ position: number; recordId: string; write: SentRecordWrite; since: Date }>> {
  const rows = await db
    .selectFrom('rollback_records')
    .select(['position', 'record_id', 'sent_write', 'sent_at'])
    .where('rollback_id', '=', id)
    .where('outcome', '=', 'unknown')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    position: row.position,
    recordId: row.record_id,
    write: parse<SentRecordWrite>(row.sent_write)!,
    since: row.sent_at ?? new Date(0),
  }));
}
