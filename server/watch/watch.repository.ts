import { sql } from 'kysely';
import type { CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject, recordKinds } from '../db/record-kinds';
import type { Snapshot } from '../db/tables/crm.table';

/**
 * A revision counts when the sync stored it (a change or a deletion) within this long of the change: a first sync
 * of an old org, an import and a backlog caught up after days raise no alert.
 */
export const FRESH_CHANGE = '24 hours';

const tables = (object: CrmObject) => recordKinds[kindOfObject(object)];

/** A counted revision: stored by the sync, soon after it happened. */
const counted = sql`r.source in ('sync', 'delete') and r.saved_at >= r.created_at - interval '24 hours'`;

/** An agent who made counted changes of one object since the last run, and the span of those changes. */
export type FreshGroup = { agent: string; from: Date; to: Date };

/** Who made counted changes stored after `since` (or within the last day), and the newest time one was stored. */
export async function freshChangesSince(
  db: Db,
  object: CrmObject,
  since: Date | null,
): Promise<{ groups: FreshGroup[]; newest: Date | null }> {
  const { revisions } = tables(object);
  const after = since ? sql`${since}::timestamptz` : sql`now() - interval '25 hours'`;
  const rows = await sql<{ agent: string; min_at: Date; max_at: Date; stored: Date }>`
    select r.json->>'LastModifiedById' as agent, min(r.saved_at) as min_at, max(r.saved_at) as max_at,
      max(r.created_at) as stored
    from ${sql.table(revisions)} r
    where r.created_at > ${after} and ${counted} and r.json->>'LastModifiedById' is not null
    group by 1`.execute(db);
  let newest: Date | null = null;
  const groups = rows.rows.map((row) => {
    const stored = new Date(row.stored);
    if (!newest || stored > newest) newest = stored;
    return { agent: row.agent, from: new Date(row.min_at), to: new Date(row.max_at) };
  });
  return { groups, newest };
}

/** The agent's counted revisions of `object` saved within [from, to], oldest first. */
export async function agentChanges(
  db: Db,
  object: CrmObject,
  agent: string,
  from: Date,
  to: Date,
): Promise<Array<{ recordId: string; savedAt: Date; deleted: boolean }>> {
  const { revisions, key } = tables(object);
  const rows = await sql<{ record_id: string; saved_at: Date; source: string }>`
    select r.${sql.ref(key)} as record_id, r.saved_at, r.source
    from ${sql.table(revisions)} r
    where r.json->>'LastModifiedById' = ${agent} and r.saved_at between ${from} and ${to} and ${counted}
    order by r.saved_at, r.id`.execute(db);
  return rows.rows.map((r) => ({
    recordId: r.record_id,
    savedAt: new Date(r.saved_at),
    deleted: r.source === 'delete',
  }));
}

/**
 * The records the agent changed in the 30 days up to `until`, whatever stored them (an imported history is the
 * agent's usual work too); restores are Storico's own writes.
 */
export async function agentBaseline(db: Db, object: CrmObject, agent: string, until: Date): Promise<number> {
  const { revisions, key } = tables(object);
  const row = await sql<{ n: number }>`
    select count(distinct r.${sql.ref(key)}) as n from ${sql.table(revisions)} r
    where r.json->>'LastModifiedById' = ${agent}
      and r.saved_at > ${until}::timestamptz - interval '30 days' and r.saved_at <= ${until}
      and r.source not like 'restore:%' and r.source not like 'rollback:%'`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Distinct records changed and deleted by the agent within [from, to] (counted revisions only). */
export async function windowCounts(
  db: Db,
  object: CrmObject,
  agent: string,
  from: Date,
  to: Date,
): Promise<{ changed: number; deleted: number }> {
  const { revisions, key } = tables(object);
  const row = await sql<{ changed: number; deleted: number }>`
    select count(distinct r.${sql.ref(key)}) filter (where r.source <> 'delete') as changed,
      count(distinct r.${sql.ref(key)}) filter (where r.source = 'delete') as deleted
    from ${sql.table(revisions)} r
    where r.json->>'LastModifiedById' = ${agent} and r.saved_at between ${from} and ${to} and ${counted}`.execute(
    db,
  );
  return { changed: Number(row.rows[0]?.changed ?? 0), deleted: Number(row.rows[0]?.deleted ?? 0) };
}

/** Up to `limit` changes of the window (newest first), each with the revision of the record just before it. */
export async function windowChangePairs(
  db: Db,
  object: CrmObject,
  agent: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<Array<{ before: Snapshot | null; after: Snapshot }>> {
  const { revisions, key } = tables(object);
  const rows = await sql<{ after: Snapshot; before: Snapshot | null }>`
    select r.json as after, p.json as before
    from ${sql.table(revisions)} r
    left join lateral (
      select q.json from ${sql.table(revisions)} q
      where q.${sql.ref(key)} = r.${sql.ref(key)} and (q.saved_at, q.id) < (r.saved_at, r.id)
      order by q.saved_at desc, q.id desc limit 1
    ) p on true
    where r.json->>'LastModifiedById' = ${agent} and r.saved_at between ${from} and ${to} and ${counted}
      and r.source <> 'delete'
    order by r.saved_at desc, r.id desc
    limit ${limit}`.execute(db);
  const parse = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Snapshot) : (v as Snapshot));
  return rows.rows.map((r) => ({
    after: parse(r.after),
    before: r.before === null ? null : parse(r.before),
  }));
}
