import { sql } from 'kysely';
import { LIVE_RECORD, type RecordLife } from '../../contract/search';
import type { Db } from '../db/database';
import { lifeColumns, type LifeColumns } from '../db/record-life-columns';
import { recordKinds, type RecordKind } from '../db/record-kinds';

/**
 * A record's life from `lifeColumns`: deleted when its newest revision is a `delete` one (then `mergedInto` is that
 * snapshot's MasterRecordId), converted to a business account since a `convert` one that no contact's revision
 * followed (a deletion may have), and the ids a re-create linked it to.
 */
export function lifeOf(row: LifeColumns): RecordLife {
  const deleted = row.life_deleted && row.life_saved_at !== null;
  return {
    deletedAt: deleted ? new Date(row.life_saved_at!).toISOString() : null,
    mergedInto: deleted ? row.life_merged_into : null,
    mergedIntoKnown: deleted && row.life_merged_into !== null && row.life_merged_into_label !== null,
    mergedIntoLabel: (deleted && row.life_merged_into !== null && row.life_merged_into_label) || null,
    recreatedAs: row.recreated_as,
    recreatedFrom: row.recreated_from,
    convertedAt: row.life_converted_at === null ? null : new Date(row.life_converted_at).toISOString(),
  };
}

/** The life of each record named (those Storico does not know are left out). */
export async function recordLives(
  db: Db,
  kind: RecordKind,
  recordIds: readonly string[],
): Promise<Map<string, RecordLife>> {
  if (recordIds.length === 0) return new Map();
  const { records } = recordKinds[kind];
  const { rows } = await sql<LifeColumns & { id: string }>`
    select s.id, ${lifeColumns(kind, 's')}
    from ${sql.table(records)} s
    where s.id = any(cast(${[...recordIds]} as text[]))`.execute(db);
  return new Map(rows.map((row) => [row.id, lifeOf(row)]));
}

/** One record's life (a live record's when Storico does not know it). */
export async function recordLife(db: Db, kind: RecordKind, recordId: string): Promise<RecordLife> {
  return (await recordLives(db, kind, [recordId])).get(recordId) ?? LIVE_RECORD;
}

/**
 * The record a restore of `recordId` writes to: itself, or the record that replaced it when Storico re-created
 * it (followed through every later re-create).
 */
export async function liveSuccessor(db: Db, kind: RecordKind, recordId: string): Promise<string> {
  const { records } = recordKinds[kind];
  let id = recordId;
  for (let hops = 0; hops < 20; hops++) {
    const { rows } = await sql<{ recreated_as: string | null }>`
      select recreated_as from ${sql.table(records)} where id = ${id}`.execute(db);
    const next = rows[0]?.recreated_as;
    if (!next) return id;
    id = next;
  }
  return id;
}

/** A claim on the re-create of a purged record; `takenOver` is the start of a stale claim it replaced. */
export type RecreateClaim = { takenOver: Date | null };

/**
 * Claims the re-create of a purged record: a claim for exactly one caller until `staleBefore` passes (a process
 * that died mid-create, or a create whose answer was lost), null for the others and once the record has a
 * successor. A claim that replaces a stale one says since when that one was held: its create may have happened.
 */
export async function claimRecreate(
  db: Db,
  kind: RecordKind,
  recordId: string,
  at: { now: Date; staleBefore: Date },
): Promise<RecreateClaim | null> {
  const { records } = recordKinds[kind];
  // The subquery reads the row as it was before this statement; a concurrent claim is seen by the WHERE, which
  // PostgreSQL checks again on the row's new version once the other transaction is done.
  const { rows } = await sql<{ taken_over: Date | null }>`
    update ${sql.table(records)} r set recreating_since = ${at.now}
    from (select recreating_since as taken_over from ${sql.table(records)} where id = ${recordId}) before
    where r.id = ${recordId} and r.recreated_as is null
      and (r.recreating_since is null or r.recreating_since < ${at.staleBefore})
    returning before.taken_over`.execute(db);
  const row = rows[0];
  return row ? { takenOver: row.taken_over === null ? null : new Date(row.taken_over) } : null;
}

/** Gives a claim back: free, or held since `since` as the stale claim it replaced was (still to be looked into). */
export async function releaseRecreate(
  db: Db,
  kind: RecordKind,
  recordId: string,
  since: Date | null = null,
): Promise<void> {
  const { records } = recordKinds[kind];
  await sql`update ${sql.table(records)} set recreating_since = ${since} where id = ${recordId}`.execute(db);
}

/** Links a purged record with the one created in its place (whose row is made when still unknown). */
export async function linkRecreated(db: Db, kind: RecordKind, oldId: string, newId: string): Promise<void> {
  const { records } = recordKinds[kind];
  await sql`insert into ${sql.table(records)} (id, updated_at) values (${newId}, now())
    on conflict (id) do nothing`.execute(db);
  await sql`update ${sql.table(records)} set recreated_as = ${newId}, recreating_since = null
    where id = ${oldId}`.execute(db);
  await sql`update ${sql.table(records)} set recreated_from = ${oldId} where id = ${newId}`.execute(db);
}

/** Which of `ids` Storico holds as live records of their kind: known, neither deleted nor made a business account. */
export async function liveRecordsAmong(db: Db, kind: RecordKind, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: string }>`
    select s.id from ${sql.table(recordKinds[kind].records)} s
    where s.id = any(cast(${[...ids]} as text[])) and s.latest_revision_id is not null
      and not s.latest_deleted and s.converted_at is null`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * Which of `ids` Storico holds (has a revision of), each with whether it holds it as made a business account: a
 * `convert` revision no contact's revision followed, a deletion since or not.
 */
export async function heldRecordsAmong(
  db: Db,
  kind: RecordKind,
  ids: readonly string[],
): Promise<Map<string, { converted: boolean }>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; converted: boolean }>`
    select s.id, s.converted_at is not null as converted from ${sql.table(recordKinds[kind].records)} s
    where s.id = any(cast(${[...ids]} as text[])) and s.latest_revision_id is not null`.execute(db);
  return new Map(rows.map((row) => [row.id, { converted: row.converted }]));
}

/** The ids of the records Storico holds as live (its newest revision of each is not a deletion). */
export async function liveRecordIds(db: Db, kind: RecordKind): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select s.id from ${sql.table(recordKinds[kind].records)} s
    where not s.latest_deleted and s.latest_revision_id is not null`.execute(db);
  return rows.map((row) => row.id);
}
