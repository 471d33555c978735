import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordKinds as TABLES, type RecordKind } from '../db/record-kinds';
import { lifeColumns, lifeJoin, type LifeColumns } from '../db/record-life-columns';
import { prepared } from '../db/prepared-statements';
import { inEffectColumns } from '../db/versions-in-effect';
import type { RecordLife } from '../../contract/search';
import { lifeOf } from './record-life.repository';
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

/** A record Storico knows, its life and some of its revisions, read in one statement. */
type RecordRows = LifeColumns & Partial<RevisionRow>;

const lifeAndRevisions = (rows: RecordRows[]) => ({
  life: lifeOf(rows[0]!),
  revisions: rows.filter((row) => row.id != null).map((row) => toStoredRevision(row as RevisionRow)),
});

/**
 * The versions in effect at both ends of the range (server/db/versions-in-effect.ts), as revisions, with the
 * record's life: one round trip. Null when Storico does not know the record; no revisions when it has none up to
 * the range's end.
 */
export async function recordInRange(
  db: Db,
  kind: RecordKind,
  recordId: string,
  range: DayRange,
): Promise<{
  life: RecordLife;
  earlier: number | null;
  later: number | null;
  revisions: StoredRevision[];
} | null> {
  const { records, revisions, key } = TABLES[kind];
  const { rows } = await prepared(sql<RecordRows & { earlier_id: number | null; later_id: number | null }>`
    select ${lifeColumns(kind, 's')}, e.earlier_id, e.later_id, ${revisionColumns(kind)}
    from ${sql.table(records)} s ${lifeJoin(kind, 's')}
    cross join lateral (select ${inEffectColumns(kind, sql<string>`s.id`, range)}) e
    left join ${sql.table(revisions)} r on r.${sql.ref(key)} = s.id and r.id in (e.earlier_id, e.later_id)
    where s.id = ${recordId}`).execute(db);
  if (rows.length === 0) return null;
  return { ...lifeAndRevisions(rows), earlier: rows[0]!.earlier_id, later: rows[0]!.later_id };
}

export async function revisionsByIds(
  db: Db,
  kind: RecordKind,
  ids: readonly number[],
): Promise<StoredRevision[]> {
  if (ids.length === 0) return [];
  const { rows } = await prepared(sql<RevisionRow>`
    select ${revisionColumns(kind)} from ${sql.table(TABLES[kind].revisions)} r
    where r.id = any(cast(${[...ids]} as integer[]))`).execute(db);
  return rows.map(toStoredRevision);
}

/** A record's revisions, newest first, their total and the record's life: one round trip; null when unknown. */
export async function recordHistory(
  db: Db,
  kind: RecordKind,
  recordId: string,
  window: { offset: number; limit: number },
): Promise<{ life: RecordLife; revisions: StoredRevision[]; total: number } | null> {
  const { records, revisions, key } = TABLES[kind];
  const { rows } = await prepared(sql<RecordRows & { total: number | string }>`
    select ${lifeColumns(kind, 's')}, t.total, ${revisionColumns(kind)}
    from ${sql.table(records)} s ${lifeJoin(kind, 's')}
    cross join lateral (select count(*) as total from ${sql.table(revisions)} c
      where c.${sql.ref(key)} = s.id) t
    left join lateral (select * from ${sql.table(revisions)} h where h.${sql.ref(key)} = s.id
      order by h.saved_at desc, h.id desc offset ${window.offset} limit ${window.limit}) r on true
    where s.id = ${recordId}
    order by r.saved_at desc, r.id desc`).execute(db);
  if (rows.length === 0) return null;
  return { ...lifeAndRevisions(rows), total: Number(rows[0]!.total) };
}
