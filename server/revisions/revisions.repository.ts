import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordKinds as TABLES, type RecordKind } from '../db/record-kinds';
import { inEffectColumns } from '../db/versions-in-effect';
import type { DayRange } from './rome-days';
import type { Snapshot } from './snapshot-diff';

export type StoredRevision = { id: number; recordId: string; savedAt: Date; source: string; json: Snapshot };

type RevisionRow = {
  id: number;
  record_id: string;
  saved_at: Date | string;
  source: string;
  json: Snapshot | string;
};

const toStoredRevision = (row: RevisionRow): StoredRevision => ({
  id: row.id,
  recordId: row.record_id,
  savedAt: new Date(row.saved_at),
  source: row.source,
  json: typeof row.json === 'string' ? (JSON.parse(row.json) as Snapshot) : row.json,
});

const revisionColumns = (kind: RecordKind) =>
  sql`r.id, r.${sql.ref(TABLES[kind].key)} as record_id, r.saved_at, r.source, r.json`;

export async function recordExists(db: Db, kind: RecordKind, id: string): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one from ${sql.table(TABLES[kind].records)} where id = ${id}`.execute(db);
  return rows.length > 0;
}

/** The version in effect at each end of a range, per record; null when the record has nothing up to dateTo. */
export type InEffect = { earlier: number | null; later: number | null };

/** Each record's versions in effect at both ends of the range (server/db/versions-in-effect.ts). */
export async function versionsInEffect(
  db: Db,
  kind: RecordKind,
  recordIds: readonly string[],
  range: DayRange,
): Promise<Map<string, InEffect>> {
  if (recordIds.length === 0) return new Map();
  const { rows } = await sql<{ record_id: string; earlier_id: number | null; later_id: number | null }>`
    select ids.id as record_id, ${inEffectColumns(kind, sql<string>`ids.id`, range)}
    from unnest(cast(${[...recordIds]} as text[])) as ids(id)`.execute(db);
  return new Map(rows.map((row) => [row.record_id, { earlier: row.earlier_id, later: row.later_id }]));
}

export async function revisionsByIds(
  db: Db,
  kind: RecordKind,
  ids: readonly number[],
): Promise<StoredRevision[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<RevisionRow>`
    select ${revisionColumns(kind)} from ${sql.table(TABLES[kind].revisions)} r
    where r.id = any(cast(${[...ids]} as integer[]))`.execute(db);
  return rows.map(toStoredRevision);
}

/** A record's revisions, newest first. */
export async function revisionHistory(
  db: Db,
  kind: RecordKind,
  recordId: string,
  window: { offset: number; limit: number },
): Promise<{ rows: StoredRevision[]; total: number }> {
  const revisions = sql.table(TABLES[kind].revisions);
  const key = sql.ref(`r.${TABLES[kind].key}`);
  const { rows } = await sql<RevisionRow>`
    select ${revisionColumns(kind)} from ${revisions} r where ${key} = ${recordId}
    order by r.saved_at desc, r.id desc offset ${window.offset} limit ${window.limit}`.execute(db);
  const count = await sql<{ total: number }>`
    select count(*) as total from ${revisions} r where ${key} = ${recordId}`.execute(db);
  return { rows: rows.map(toStoredRevision), total: Number(count.rows[0]?.total ?? 0) };
}
