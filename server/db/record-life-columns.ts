import { sql } from 'kysely';
import { recordKinds, type RecordKind } from './record-kinds';

/** The columns `lifeColumns` adds to a row, which `lifeOf` reads. */
export type LifeColumns = {
  life_deleted: boolean;
  life_saved_at: Date | string | null;
  life_converted_at: Date | string | null;
  life_merged_into: string | null;
  /** The survivor's name or case number when Storico keeps revisions of it ('' when it has none), else null. */
  life_merged_into_label: string | null;
  recreated_as: string | null;
  recreated_from: string | null;
};

/**
 * The life of each record row (`alias`, of sf_accounts / sf_cases), kept on the row beside its newest revision
 * (migration 0013), so a search page gets its rows' lives in its own statement without reading their revisions.
 */
export function lifeColumns(kind: RecordKind, alias: string) {
  const { records, label } = recordKinds[kind];
  const a = sql.raw(alias);
  return sql`${a}.latest_deleted as life_deleted, ${a}.latest_saved_at as life_saved_at,
    ${a}.converted_at as life_converted_at,
    ${a}.recreated_as, ${a}.recreated_from, ${a}.latest_merged_into as life_merged_into,
    (select coalesce(m.${sql.raw(label)}, '') from ${sql.table(records)} m
      where m.id = ${a}.latest_merged_into and m.latest_revision_id is not null) as life_merged_into_label`;
}
