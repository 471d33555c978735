import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordKinds as TABLES, type RecordKind } from '../db/record-kinds';
import { lifeColumns, type LifeColumns } from '../db/record-life-columns';
import { deletedContactJoin, deletedContactOf, type DeletedContactColumns } from '../db/case-contact-columns';
import { compiledStatement, type Placeholders } from '../db/compiled-statements';
import { inEffectRevisions, type InEffectRevisionColumns } from '../db/versions-in-effect';
import type { DeletedContact } from '../../contract/revisions';
import type { RecordLife } from '../../contract/search';
import { lifeOf } from './record-life.repository';
import type { DayRange } from '../db/rome-days';
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
type RecordRows = LifeColumns & DeletedContactColumns & Partial<RevisionRow>;

/** What is known of a record now, beside its revisions: its life, and a case's deleted contact. */
export type RecordNow = { life: RecordLife; deletedContact: DeletedContact | null };

const recordNow = (row: LifeColumns & DeletedContactColumns): RecordNow => ({
  life: lifeOf(row),
  deletedContact: deletedContactOf(row),
});

const nowAndRevisions = (rows: RecordRows[]) => ({
  now: recordNow(rows[0]!),
  revisions: rows.filter((row) => row.id != null).map((row) => toStoredRevision(row as RevisionRow)),
});

type InEffectRow = LifeColumns &
  DeletedContactColumns &
  InEffectRevisionColumns<'b'> &
  InEffectRevisionColumns<'f'> &
  InEffectRevisionColumns<'l'>;

/** The revision of one end of an `InEffectRow`, if it found one. */
function endOf(row: InEffectRow, end: 'b' | 'f' | 'l', recordId: string): StoredRevision | null {
  const id = row[`${end}_id`];
  if (id == null) return null;
  return toStoredRevision({
    id,
    record_id: recordId,
    saved_at: row[`${end}_saved_at`]!,
    source: row[`${end}_source`]!,
    json: row[`${end}_json`] as Snapshot | string,
  });
}

const inRangeStatement = compiledStatement(
  (kind: RecordKind) => kind,
  (kind, { recordId, range }: Placeholders<{ recordId: string; range: DayRange }>) => {
    const inEffect = inEffectRevisions(kind, sql`s`, range);
    const contact = deletedContactJoin(kind, 's');
    return sql<InEffectRow>`
      select ${lifeColumns(kind, 's')}, ${contact.columns}, ${inEffect.columns}
      from ${sql.table(TABLES[kind].records)} s ${contact.joins} ${inEffect.joins}
      where s.id = ${recordId}`;
  },
);

/**
 * The versions in effect at both ends of the range (server/db/versions-in-effect.ts), as revisions, with what is
 * known of the record now: one round trip. Null when Storico does not know the record; no revisions when it has
 * none up to the range's end.
 */
export async function recordInRange(
  db: Db,
  kind: RecordKind,
  recordId: string,
  range: DayRange,
): Promise<{
  now: RecordNow;
  earlier: StoredRevision | null;
  later: StoredRevision | null;
} | null> {
  const [row] = await inRangeStatement(db, kind, { recordId, range });
  if (!row) return null;
  return {
    now: recordNow(row),
    earlier: endOf(row, 'b', recordId) ?? endOf(row, 'f', recordId),
    later: endOf(row, 'l', recordId) ?? endOf(row, 'b', recordId),
  };
}

const byIdsStatement = compiledStatement(
  (kind: RecordKind) => kind,
  (kind, { ids }: Placeholders<{ ids: number[] }>) => sql<RevisionRow>`
    select ${revisionColumns(kind)} from ${sql.table(TABLES[kind].revisions)} r
    where r.id = any(cast(${ids} as integer[]))`,
);

export async function revisionsByIds(
  db: Db,
  kind: RecordKind,
  ids: readonly number[],
): Promise<StoredRevision[]> {
  if (ids.length === 0) return [];
  return (await byIdsStatement(db, kind, { ids: [...ids] })).map(toStoredRevision);
}

const historyStatement = compiledStatement(
  (kind: RecordKind) => kind,
  (
    kind,
    { recordId, window }: Placeholders<{ recordId: string; window: { offset: number; limit: number } }>,
  ) => {
    const { records, revisions, key } = TABLES[kind];
    const contact = deletedContactJoin(kind, 's');
    return sql<RecordRows & { total: number | string }>`
      select ${lifeColumns(kind, 's')}, ${contact.columns}, t.total, ${revisionColumns(kind)}
      from ${sql.table(records)} s ${contact.joins}
      cross join lateral (select count(*) as total from ${sql.table(revisions)} c
        where c.${sql.ref(key)} = s.id) t
      left join lateral (select * from ${sql.table(revisions)} h where h.${sql.ref(key)} = s.id
        order by h.saved_at desc, h.id desc offset ${window.offset} limit ${window.limit}) r on true
      where s.id = ${recordId}
      order by r.saved_at desc, r.id desc`;
  },
);

/**
 * A record's revisions, newest first, their total and what is known of the record now: one round trip; null when
 * unknown.
 */
export async function recordHistory(
  db: Db,
  kind: RecordKind,
  recordId: string,
  window: { offset: number; limit: number },
): Promise<{ now: RecordNow; revisions: StoredRevision[]; total: number } | null> {
  const rows = await historyStatement(db, kind, { recordId, window });
  if (rows.length === 0) return null;
  return { ...nowAndRevisions(rows), total: Number(rows[0]!.total) };
}

/** Each record's newest revision snapshot. */
export async function latestSnapshots(
  db: Db,
  kind: RecordKind,
  recordIds: readonly string[],
): Promise<Map<string, Snapshot>> {
  const t = TABLES[kind];
  const key = sql.ref(`r.${TABLES[kind].key}`);
  const { rows } = await sql<{ record_id: string; json: Snapshot | string }>`
    select ids.id as record_id, latest.json
    from unnest(cast(${[...recordIds]} as text[])) as ids(id)
    cross join lateral (
      select r.json from ${sql.table(t.revisions)} r where ${key} = ids.id
      order by r.saved_at desc, r.id desc limit 1
    ) latest`.execute(db);
  return new Map(
    rows.map((row) => [
      row.record_id,
      typeof row.json === 'string' ? (JSON.parse(row.json) as Snapshot) : row.json,
    ]),
  );
}
