import { sql } from 'kysely';
import { recordKinds, type RecordKind } from './record-kinds';

/** The columns `lifeJoin` and `lifeColumns` add to a row, which `lifeOf` reads. */
export type LifeColumns = {
  life_source: string | null;
  life_saved_at: Date | string | null;
  life_merged_into: string | null;
  life_merged_into_known: boolean;
  recreated_as: string | null;
  recreated_from: string | null;
};

/**
 * Joins each record row (`alias`, of sf_accounts / sf_cases) to its newest revision, found by id and time so that
 * one partition is read. Search and `recordLives` use it, so a search page gets its rows' lives in its own statement.
 */
export function lifeJoin(kind: RecordKind, alias: string) {
  const { revisions } = recordKinds[kind];
  const a = sql.raw(alias);
  return sql`left join ${sql.table(revisions)} life on life.id = ${a}.latest_revision_id
    and life.saved_at = ${a}.latest_saved_at`;
}

export function lifeColumns(kind: RecordKind, alias: string) {
  const { records } = recordKinds[kind];
  const a = sql.raw(alias);
  return sql`life.source as life_source, life.saved_at as life_saved_at, ${a}.recreated_as, ${a}.recreated_from,
    nullif(life.json->>'MasterRecordId', '') as life_merged_into,
    exists (select 1 from ${sql.table(records)} m
      where m.id = life.json->>'MasterRecordId' and m.latest_revision_id is not null) as life_merged_into_known`;
}
