import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CrmObject, CrmRecord } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject, recordKinds } from '../db/record-kinds';
import {
  ensureReferencedRows,
  prepare,
  refreshSearchRows,
  type Prepared,
  type RevisionSource,
} from './revision-store';

/**
 * Rows are streamed here with COPY and committed before the batch's transaction reads them, so the COPY needs
 * no transaction of Kysely's; each batch has its own tag and removes its rows in that transaction. Unlogged: a
 * crash loses only rows of batches that were never stored, and the import is rerun (it is idempotent).
 */
const STAGING = 'revision_import_staging';

const createStaging = `create unlogged table if not exists ${STAGING} (
  batch text not null, ord integer not null, record_id text not null, owner_id text,
  saved_at timestamptz not null, hash text not null, json jsonb not null)`;

/** COPY's text format: backslash, tab and line breaks escaped; null as \N. */
const field = (value: string | null) =>
  value === null
    ? '\\N'
    : value.replace(/[\\\t\n\r]/g, (c) => ({ '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? '\\\\');

const ownerOf = (p: Prepared) =>
  typeof p.snapshot.OwnerId === 'string' && p.snapshot.OwnerId !== '' ? p.snapshot.OwnerId : null;

async function copyToStaging(pool: pg.Pool, batch: string, prepared: Prepared[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(createStaging);
    const lines = prepared.map(
      (p, ord) =>
        [batch, String(ord), p.recordId, ownerOf(p), new Date(p.savedAt).toISOString(), p.hash]
          .map(field)
          .join('\t') +
        '\t' +
        field(JSON.stringify(p.snapshot)) +
        '\n',
    );
    await pipeline(
      Readable.from(lines),
      client.query(
        copyFrom(`copy ${STAGING} (batch, ord, record_id, owner_id, saved_at, hash, json) from stdin`),
      ),
    );
  } finally {
    client.release();
  }
}

/**
 * The revision store's rule in one INSERT ... SELECT: a snapshot is stored unless it equals (by hash) the revision
 * just before it in time, be that a stored one or an earlier snapshot of the same batch; the unique (record,
 * saved_at, hash) key skips what is stored already. The stored one is looked up only for a record that has
 * revisions (its newest one's time is on its row), and for a snapshot newer than that only from that time on: one
 * partition, instead of a probe of every quarter for each line of an import.
 */
function insertFromStaging(db: Db, object: CrmObject, batch: string, source: RevisionSource) {
  const { revisions, key, records } = recordKinds[kindOfObject(object)];
  return sql<{ id: number; record_id: string; saved_at: Date; hash: string }>`
    insert into ${sql.table(revisions)} (${sql.ref(key)}, owner_id, saved_at, json, hash, source)
    select s.record_id, s.owner_id, s.saved_at, s.json, s.hash, ${source}
    from (select s.*, lag(s.hash) over w as prev_hash, lag(s.saved_at) over w as prev_at
          from ${sql.table(STAGING)} s where s.batch = ${batch}
          window w as (partition by s.record_id order by s.saved_at, s.ord)) s
    join ${sql.table(records)} x on x.id = s.record_id
    left join lateral (
      select r.hash, r.saved_at from ${sql.table(revisions)} r
      where x.latest_saved_at is not null and r.${sql.ref(key)} = s.record_id and r.saved_at <= s.saved_at
        and r.saved_at >= (case when s.saved_at >= x.latest_saved_at then x.latest_saved_at
          else '-infinity'::timestamptz end)
      order by r.saved_at desc, r.id desc limit 1) e on true
    where s.hash is distinct from (case when s.prev_at is not null and (e.saved_at is null or s.prev_at >= e.saved_at)
      then s.prev_hash else e.hash end)
    order by s.saved_at, s.ord
    on conflict (${sql.ref(key)}, saved_at, hash) do nothing
    returning id, ${sql.ref(key)} as record_id, saved_at, hash`.execute(db);
}

/**
 * `storeSnapshots` for bulk imports into PostgreSQL: the snapshots go to a staging table with `COPY FROM STDIN`,
 * then one transaction creates the rows they refer to, inserts the new revisions in one statement and points
 * sf_accounts / sf_cases at the newest. Hashes and stored snapshots are the revision store's own (`prepare`).
 */
export async function copySnapshots(
  db: Db,
  pool: pg.Pool,
  object: CrmObject,
  snapshots: CrmRecord[],
  source: RevisionSource,
): Promise<{ stored: number; unchanged: number }> {
  const prepared = snapshots.map(prepare);
  if (prepared.length === 0) return { stored: 0, unchanged: 0 };
  const batch = randomUUID();
  await copyToStaging(pool, batch, prepared);
  try {
    const inserted = await db.transaction().execute(async (trx) => {
      await ensureReferencedRows(trx, object, prepared);
      const { rows } = await insertFromStaging(trx, object, batch, source);
      const byKey = new Map(prepared.map((p) => [`${p.recordId}|${p.savedAt}|${p.hash}`, p]));
      const newest = new Map<string, { p: Prepared; revisionId: number }>();
      for (const row of rows) {
        const p = byKey.get(`${row.record_id}|${new Date(row.saved_at).getTime()}|${row.hash}`)!;
        const current = newest.get(p.recordId);
        if (!current || current.p.savedAt <= p.savedAt) newest.set(p.recordId, { p, revisionId: row.id });
      }
      await refreshSearchRows(trx, object, [...newest.values()]);
      await sql`delete from ${sql.table(STAGING)} where batch = ${batch}`.execute(trx);
      return rows.length;
    });
    return { stored: inserted, unchanged: prepared.length - inserted };
  } catch (error) {
    await sql`delete from ${sql.table(STAGING)} where batch = ${batch}`.execute(db);
    throw error;
  }
}
