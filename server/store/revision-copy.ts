import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { CrmObject } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { kindOfObject, recordKinds } from '../db/record-kinds';
import type { Database } from '../db/tables/database';
import {
  ensureReferencedRows,
  refreshSearchRows,
  storedJson,
  type Prepared,
  type RevisionSource,
} from './revision-store';

/**
 * Snapshots of records that already have revisions go through this table, which lives as long as the connection
 * and is emptied at every commit: the dedup against the stored revisions is one INSERT ... SELECT from it.
 */
const STAGING = 'revision_import_staging';

const createStaging = `create temporary table if not exists ${STAGING} (
  ord integer not null, record_id text not null, owner_id text,
  saved_at timestamptz not null, hash text not null, json jsonb not null) on commit delete rows`;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** COPY's text format: backslash, tab and line breaks escaped; null as \N. Most values have none of them. */
const field = (value: string | null) =>
  value === null ? '\\N' : SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : value;

/**
 * A revision's stored JSON as a COPY field. JSON.stringify's text has no raw tab or line break (it escapes them):
 * backslashes only. A text as read may have tabs or line breaks between its tokens (`includes` finds them faster
 * than the pattern).
 */
const jsonField = (p: Prepared) => {
  const json = storedJson(p);
  if (p.text !== undefined && (json.includes('\t') || json.includes('\n') || json.includes('\r')))
    return field(json);
  return json.includes('\\') ? json.replaceAll('\\', '\\\\') : json;
};

const ownerOf = (p: Prepared) =>
  typeof p.snapshot.OwnerId === 'string' && p.snapshot.OwnerId !== '' ? p.snapshot.OwnerId : null;

/** Lines go to the socket a few hundred at a time: one write each costs more than the COPY itself. */
const LINES_PER_WRITE = 500;

/**
 * `COPY table (columns) FROM STDIN` of `count` rows in COPY's text format, `lineAt(i)` writing row i. The rows are
 * written as the socket takes them, one chunk ahead, so PostgreSQL stores a chunk while the next one is written.
 */
async function copyLines(
  client: pg.PoolClient,
  table: string,
  columns: string,
  count: number,
  lineAt: (i: number) => string,
) {
  if (count === 0) return;
  // Each line is encoded on its own and the bytes joined: encoding the lines joined into one text cost about ten
  // times as much, as V8 first copies the joined pieces into one flat text.
  function* chunks() {
    for (let start = 0; start < count; start += LINES_PER_WRITE) {
      const lines: Buffer[] = [];
      for (let i = start; i < Math.min(count, start + LINES_PER_WRITE); i++)
        lines.push(Buffer.from(lineAt(i)));
      yield Buffer.concat(lines);
    }
  }
  await pipeline(
    Readable.from(chunks(), { highWaterMark: 1 }),
    client.query(copyFrom(`copy ${table} (${columns}) from stdin`)),
  );
}

const copyLine = (values: Array<string | null>, p: Prepared) =>
  values.map(field).join('\t') + '\t' + jsonField(p) + '\n';

/** A record's newest stored revision, as its row (locked for the batch) names it; null time: it has none. */
type NewestStored = {
  id: string;
  latest_revision_id: number | null;
  saved_at: Date | null;
  hash: string | null;
};

/**
 * The revision store's rule worked out here for the records whose snapshots are all newer than their newest stored
 * revision (all of a record's snapshots, for one with none): in time order, a snapshot is kept unless it equals (by
 * hash) the one just before it, the stored one first. Such a snapshot cannot be stored already, so it needs no
 * dedup against the table. The others' snapshots (an older one among them) are `staged` for the INSERT ... SELECT.
 */
function splitByNewest(
  prepared: Prepared[],
  stored: NewestStored[],
): { direct: Prepared[]; staged: Prepared[] } {
  const newest = new Map(stored.map((row) => [row.id, row]));
  const byRecord = new Map<string, Prepared[]>();
  for (const p of prepared) {
    const lines = byRecord.get(p.recordId);
    if (lines) lines.push(p);
    else byRecord.set(p.recordId, [p]);
  }
  const direct: Prepared[] = [];
  const staged: Prepared[] = [];
  for (const [recordId, lines] of byRecord) {
    const row = newest.get(recordId);
    const hasRevision = row?.latest_revision_id != null;
    const after = row?.saved_at ? row.saved_at.getTime() : null;
    if (hasRevision && (after === null || row.hash === null || lines.some((p) => p.savedAt <= after))) {
      staged.push(...lines);
      continue;
    }
    let before = hasRevision ? row.hash : null;
    for (const p of lines.sort((a, b) => a.savedAt - b.savedAt || a.index - b.index)) {
      if (p.hash !== before) direct.push(p);
      before = p.hash;
    }
  }
  direct.sort((a, b) => a.savedAt - b.savedAt || a.index - b.index);
  return { direct, staged };
}

/**
 * The revision store's rule in one INSERT ... SELECT: a snapshot is stored unless it equals (by hash) the revision
 * just before it in time, be that a stored one or an earlier snapshot of the same batch; the unique (record,
 * saved_at, hash) key skips what is stored already. The stored one is looked up from the record's newest
 * revision's time on (it is on the record's row) when the snapshot is newer: one partition, instead of a probe of
 * every quarter for each line of an import.
 */
function insertFromStaging(db: Db, object: CrmObject, source: RevisionSource) {
  const { revisions, key, records } = recordKinds[kindOfObject(object)];
  return sql<{ id: number; record_id: string; saved_at: Date; hash: string }>`
    insert into ${sql.table(revisions)} (${sql.ref(key)}, owner_id, saved_at, json, hash, source)
    select s.record_id, s.owner_id, s.saved_at, s.json, s.hash, ${source}
    from (select s.*, lag(s.hash) over w as prev_hash, lag(s.saved_at) over w as prev_at
          from ${sql.table(STAGING)} s
          window w as (partition by s.record_id order by s.saved_at, s.ord)) s
    join ${sql.table(records)} x on x.id = s.record_id
    left join lateral (
      select r.hash, r.saved_at from ${sql.table(revisions)} r
      where r.${sql.ref(key)} = s.record_id and r.saved_at <= s.saved_at
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
 * Bulk stores into PostgreSQL for `npm run import`, on one connection of the pool, a transaction a batch. The
 * batch's records whose snapshots are all newer than their newest stored revision (read from their rows, locked so
 * that no other writer stores one meanwhile), as in an import in time order, get theirs with a plain
 * `COPY FROM STDIN` straight into the revisions, ids drawn from the sequence beforehand; the others are copied into
 * the staging table and inserted with the dedup rule.
 * Hashes and stored texts are the revision store's own (`prepare`, `storedJson`), so either path stores what the
 * sync would of the same snapshots.
 */
export class RevisionCopier {
  private constructor(
    private readonly client: pg.PoolClient,
    private readonly db: Db,
  ) {}

  static async open(pool: pg.Pool): Promise<RevisionCopier> {
    const client = await pool.connect();
    // Kysely on this one connection, so the batch's statements share its transaction; the pool gets it back on
    // `release`.
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: {
          connect: async () => ({ query: client.query.bind(client), release: () => {} }),
          end: async () => {},
        },
      }),
    });
    await client.query(createStaging);
    return new RevisionCopier(client, db);
  }

  async store(
    object: CrmObject,
    prepared: Prepared[],
    source: RevisionSource,
  ): Promise<{ stored: number; unchanged: number }> {
    if (prepared.length === 0) return { stored: 0, unchanged: 0 };
    await this.client.query('begin');
    try {
      const stored = await this.storeInTransaction(object, prepared, source);
      await this.client.query('commit');
      return { stored, unchanged: prepared.length - stored };
    } catch (error) {
      await this.client.query('rollback');
      throw error;
    }
  }

  private async storeInTransaction(object: CrmObject, prepared: Prepared[], source: RevisionSource) {
    const { db } = this;
    const { records, revisions, key } = recordKinds[kindOfObject(object)];
    await ensureReferencedRows(db, object, prepared);
    const ids = [...new Set(prepared.map((p) => p.recordId))];
    // Locked, so that no other writer stores a revision of these records meanwhile.
    const { rows: stored } = await sql<NewestStored>`
      select x.id, x.latest_revision_id, x.latest_saved_at as saved_at, r.hash
      from ${sql.table(records)} x
      left join ${sql.table(revisions)} r on r.id = x.latest_revision_id and r.saved_at = x.latest_saved_at
      where x.id = any(${ids}) order by x.id for update of x`.execute(db);
    const { direct, staged: known } = splitByNewest(prepared, stored);

    const { rows: drawn } = await sql<{ id: number }>`
      select nextval(${`${revisions}_id_seq`}::regclass) as id
      from generate_series(1, ${direct.length})`.execute(db);
    const newest = new Map<string, { p: Prepared; revisionId: number }>();
    await copyLines(
      this.client,
      revisions,
      `id, ${key}, owner_id, saved_at, hash, source, json`,
      direct.length,
      (i) => {
        const p = direct[i]!;
        const id = Number(drawn[i]!.id);
        newest.set(p.recordId, { p, revisionId: id });
        return copyLine(
          [String(id), p.recordId, ownerOf(p), new Date(p.savedAt).toISOString(), p.hash, source],
          p,
        );
      },
    );

    let inserted = 0;
    if (known.length > 0) {
      await copyLines(
        this.client,
        STAGING,
        'ord, record_id, owner_id, saved_at, hash, json',
        known.length,
        (ord) => {
          const p = known[ord]!;
          return copyLine(
            [String(ord), p.recordId, ownerOf(p), new Date(p.savedAt).toISOString(), p.hash],
            p,
          );
        },
      );
      const { rows } = await insertFromStaging(db, object, source);
      inserted = rows.length;
      const byKey = new Map(known.map((p) => [`${p.recordId}|${p.savedAt}|${p.hash}`, p]));
      for (const row of rows) {
        const p = byKey.get(`${row.record_id}|${new Date(row.saved_at).getTime()}|${row.hash}`)!;
        const current = newest.get(p.recordId);
        if (!current || current.p.savedAt <= p.savedAt) newest.set(p.recordId, { p, revisionId: row.id });
      }
      // Emptied at commit anyway; a second object's batch in this transaction must not see these rows.
      await sql`delete from ${sql.table(STAGING)}`.execute(db);
    }
    await refreshSearchRows(db, object, [...newest.values()], source);
    return direct.length + inserted;
  }

  release(): void {
    this.client.release();
  }
}
