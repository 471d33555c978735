import { sql } from 'kysely';
import type { CrmObject, CrmRecord } from '../crm/crm-connector';
import { parseSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import {
  addQuarterPartition,
  defaultPartition,
  inReach,
  partitionName,
  quarterOf,
  type Quarter,
} from '../db/partitions';
import { kindOfObject, type RecordKind } from '../db/record-kinds';

/**
 * Revisions are range-partitioned by `saved_at`, one partition a calendar quarter in UTC (decision record 024):
 * a search, a comparison and a history read the partitions of their dates only, and a table of ten million rows
 * becomes a dozen of under a million. A default partition holds what no quarter partition covers yet; partitions
 * are made before a sync page or an import batch is stored (`ensurePartitionsFor`) and at start
 * (`maintainPartitions`), which also moves rows that reached the default partition into quarters of their own.
 */

/**
 * `addQuarterPartition` in a transaction of its own under an advisory lock, so two instances do not race. Must not
 * run inside another transaction: attaching waits for every transaction that uses the table.
 */
export function createQuarterPartition(db: Db, kind: RecordKind, quarter: Quarter) {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('storico:revision-partitions'))`.execute(trx);
    return addQuarterPartition(trx, kind, quarter);
  });
}

/** The quarters known to have a partition, per database handle: most stores need no catalogue query. */
const made = new WeakMap<Db, Set<string>>();

/** Makes the partitions for revisions saved at `times` (ms), those out of reach left to the default partition. */
export async function ensurePartitions(db: Db, kind: RecordKind, times: Iterable<number>): Promise<void> {
  // Inside a transaction a partition cannot be attached; the default partition takes the rows meanwhile.
  if (db.isTransaction) return;
  const known = made.get(db) ?? new Set<string>();
  made.set(db, known);
  const now = Date.now();
  const wanted = new Map<string, Quarter>();
  for (const at of times) {
    const quarter = quarterOf(at);
    const name = partitionName(kind, quarter);
    if (!known.has(name) && inReach(quarter, now)) wanted.set(name, quarter);
  }
  const filled: string[] = [];
  for (const [name, quarter] of wanted) {
    const outcome = await createQuarterPartition(db, kind, quarter);
    if (outcome !== 'unpartitioned') known.add(name);
    if (outcome === 'moved') filled.push(name);
  }
  // Rows moved out leave the default partition's indexes full of dead entries, and a new table has no statistics:
  // PGlite runs no autovacuum, and PostgreSQL's would come later.
  if (filled.length > 0) {
    await sql`vacuum analyze ${sql.table(defaultPartition(kind))}`.execute(db);
    for (const name of filled) await sql`analyze ${sql.table(name)}`.execute(db);
  }
}

/** `ensurePartitions` for the CRM snapshots about to be stored (their SystemModstamp is the revision's time). */
export function ensurePartitionsFor(db: Db, object: CrmObject, snapshots: readonly CrmRecord[]) {
  const times: number[] = [];
  for (const s of snapshots) {
    const at = parseSfDateTime(s?.SystemModstamp);
    if (at !== undefined) times.push(at);
  }
  return ensurePartitions(db, kindOfObject(object), times);
}

/**
 * At start: the partitions of this quarter and the next, and quarters for every row that reached the default
 * partition (a restore or a page stored inside a transaction at the turn of a quarter, an import of old dates).
 */
export async function maintainPartitions(db: Db, now = new Date()): Promise<void> {
  for (const kind of ['account', 'case'] as const) {
    const stray = await sql<{ at: Date }>`
      select min(saved_at) as at from ${sql.table(defaultPartition(kind))}
      group by date_trunc('quarter', saved_at at time zone 'UTC')`.execute(db);
    const soon = new Date(now);
    soon.setUTCMonth(soon.getUTCMonth() + 3);
    await ensurePartitions(db, kind, [
      now.getTime(),
      soon.getTime(),
      ...stray.rows.map((r) => new Date(r.at).getTime()),
    ]);
  }
}
