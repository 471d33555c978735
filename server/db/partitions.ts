import { sql, type QueryExecutorProvider } from 'kysely';
import { recordKinds, type RecordKind } from './record-kinds';

/**
 * Revisions are range-partitioned by `saved_at`, one partition a calendar quarter in UTC (decision record 024).
 * What a partition is and how one is made; when they are made is `server/store/revision-partitions.ts`.
 */

/** Quarters are made from this many years back; older rows (bad dates in an import) stay in the default. */
export const OLDEST_YEARS = 10;
/** …and up to this many quarters ahead of now; rows dated later stay in the default. */
const QUARTERS_AHEAD = 4;

export type Quarter = { name: string; from: Date; to: Date };

/** The UTC calendar quarter holding the instant `at` (ms since the epoch). */
export function quarterOf(at: number): Quarter {
  const day = new Date(at);
  const year = day.getUTCFullYear();
  const index = Math.floor(day.getUTCMonth() / 3);
  return {
    name: `${year}q${index + 1}`,
    from: new Date(Date.UTC(year, index * 3, 1)),
    to: new Date(Date.UTC(year, index * 3 + 3, 1)),
  };
}

/** Every quarter from the one holding `from` to the one holding `to`, in order. */
export function quartersBetween(from: number, to: number): Quarter[] {
  const quarters: Quarter[] = [];
  for (let q = quarterOf(from); q.from.getTime() <= to; q = quarterOf(q.to.getTime())) quarters.push(q);
  return quarters;
}

export const partitionName = (kind: RecordKind, quarter: Quarter) =>
  `${recordKinds[kind].revisions}_${quarter.name}`;
export const defaultPartition = (kind: RecordKind) => `${recordKinds[kind].revisions}_default`;

/** The quarters a partition may be made for at `now`: the others' rows stay in the default partition. */
export function inReach(quarter: Quarter, now: number): boolean {
  const oldest = new Date(now);
  oldest.setUTCFullYear(oldest.getUTCFullYear() - OLDEST_YEARS);
  const newest = quarterOf(now).from;
  newest.setUTCMonth(newest.getUTCMonth() + 3 * QUARTERS_AHEAD);
  return quarter.to > oldest && quarter.from <= newest;
}

/**
 * Makes the quarter's partition unless it exists: the rows the default partition holds for that quarter move into
 * the new table before it is attached, which builds its indexes and checks its range (`moved` when there were any). Runs in the caller's
 * transaction (a migration's, or `createQuarterPartition`'s).
 */
export async function addQuarterPartition(
  db: QueryExecutorProvider,
  kind: RecordKind,
  quarter: Quarter,
): Promise<'made' | 'moved' | 'there' | 'unpartitioned'> {
  const table = recordKinds[kind].revisions;
  const name = partitionName(kind, quarter);
  const { rows } = await sql<{ part: string | null; fallback: string | null }>`
    select to_regclass(${name})::text as part, to_regclass(${defaultPartition(kind)})::text as fallback`.execute(
    db,
  );
  // Before migration 0011 the table is a plain one.
  if (!rows[0]?.fallback) return 'unpartitioned';
  if (rows[0].part) return 'there';
  const from = quarter.from.toISOString();
  const to = quarter.to.toISOString();
  await sql`create table ${sql.table(name)} (like ${sql.table(table)} including defaults)`.execute(db);
  const moved = await sql`with moved as (
      delete from ${sql.table(defaultPartition(kind))} where saved_at >= ${from}::timestamptz
        and saved_at < ${to}::timestamptz returning *)
    insert into ${sql.table(name)} select * from moved`.execute(db);
  await sql`alter table ${sql.table(table)} attach partition ${sql.table(name)}
    for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(db);
  return Number(moved.numAffectedRows ?? 0) > 0 ? 'moved' : 'made';
}
