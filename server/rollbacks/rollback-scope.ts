import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';

/** A record the agent changed in the window, with what the rollback needs to know of it. */
export type ScopeRecord = {
  recordId: string;
  /** The contact's name or the case number. */
  label: string | null;
  /** The revision in effect just before the window; null when the record was created in it. */
  targetRevisionId: number | null;
  /** The record's latest revision: what it holds now as far as Storico knows. */
  latestRevisionId: number;
  /**
   * The latest change since the window opened (within it or after) by someone other than the agent, if any: the
   * rollback would undo it too, since it goes back to the version before the window.
   */
  laterBy: string | null;
  laterAt: Date | null;
  /** That change's revision source: `restore:{id}` or `rollback:{id}` when it was Storico's own write. */
  laterSource: string | null;
};

/**
 * The records `agent` changed (as `LastModifiedById`) within [from, to], first changed first. Storico's own writes
 * (restores, rollbacks) are never the agent's. One scan of the modifier index (migration 0005), then per record
 * one probe each of the (record, saved_at) index.
 */
export async function recordsChangedInWindow(
  db: Db,
  kind: RecordKind,
  window: { agent: string; from: Date; to: Date },
): Promise<ScopeRecord[]> {
  const { revisions, records, key, label } = recordKinds[kind];
  const r = sql.table(revisions);
  const k = sql.ref(`t.${key}`);
  const { rows } = await sql<{
    record_id: string;
    label: string | null;
    target_id: number | null;
    latest_id: number;
    later_by: string | null;
    later_at: Date | string | null;
    later_source: string | null;
  }>`
    with changed as (
      select c.${sql.ref(key)} as record_id, min(c.saved_at) as first_at
      from ${r} c
      where c.json->>'LastModifiedById' = ${window.agent} and c.saved_at between ${window.from} and ${window.to}
        and c.source not like 'restore:%' and c.source not like 'rollback:%'
      group by 1
    )
    select ch.record_id, rec.${sql.ref(label)} as label,
      (select t.id from ${r} t where ${k} = ch.record_id and t.saved_at < ${window.from}
        order by t.saved_at desc, t.id desc limit 1) as target_id,
      (select t.id from ${r} t where ${k} = ch.record_id order by t.saved_at desc, t.id desc limit 1) as latest_id,
      l.later_by, l.later_at, l.later_source
    from changed ch
    left join ${sql.table(records)} rec on rec.id = ch.record_id
    left join lateral (
      select t.json->>'LastModifiedById' as later_by, t.saved_at as later_at, t.source as later_source
      from ${r} t
      where ${k} = ch.record_id and t.saved_at >= ${window.from}
        and (t.json->>'LastModifiedById') is distinct from ${window.agent}
      order by t.saved_at desc, t.id desc limit 1
    ) l on true
    order by ch.first_at, ch.record_id`.execute(db);
  return rows.map((row) => ({
    recordId: row.record_id,
    label: row.label,
    targetRevisionId: row.target_id,
    latestRevisionId: row.latest_id,
    laterBy: row.later_at === null ? null : row.later_by,
    laterAt: row.later_at === null ? null : new Date(row.later_at),
    laterSource: row.later_at === null ? null : row.later_source,
  }));
}
