import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import type { SyncLogger } from '../config/logger';
import { holdForPruning } from './revisions-named';

/** Rows deleted per statement, so a first prune of years of history holds no lock for long. */
const BATCH = 5_000;
const DAY_MS = 86_400_000;

/** The instant `months` calendar months before `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Deletes one batch of a kind's revisions saved before `cutoff`, keeping (docs/product.md#retention) each
 * record's version in effect at the cutoff (its latest revision before it: what a comparison from the cutoff
 * on starts from), every revision a restore request targets or wrote, which the audit log's restore entries
 * name, and every revision a rollback goes back to or wrote.
 */
async function pruneBatch(db: Db, kind: RecordKind, cutoff: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await holdForPruning(trx);
    return deleteBatch(trx, kind, cutoff);
  });
}

async function deleteBatch(db: Db, kind: RecordKind, cutoff: Date): Promise<number> {
  const { revisions, key, requests, revisionColumn, crmObject } = recordKinds[kind];
  const result = await sql`
    delete from ${sql.table(revisions)} where id in (
      select r.id from ${sql.table(revisions)} r
      where r.saved_at < ${cutoff}
        and r.id <> (select k.id from ${sql.table(revisions)} k
          where k.${sql.ref(key)} = r.${sql.ref(key)} and k.saved_at < ${cutoff}
          order by k.saved_at desc, k.id desc limit 1)
        and not exists (select 1 from ${sql.table(requests)} q
          where q.${sql.ref(revisionColumn)} = r.id or q.applied_revision_id = r.id)
        and r.source not like 'rollback:%'
        and not exists (select 1 from rollback_records b join rollback_requests rq on rq.id = b.rollback_id
          where b.target_revision_id = r.id and rq.object = ${crmObject})
      limit ${BATCH})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Prunes both kinds down to what must be kept; answers how many revisions went. */
export async function pruneRevisions(db: Db, cutoff: Date): Promise<Record<RecordKind, number>> {
  const pruned: Record<RecordKind, number> = { account: 0, case: 0 };
  for (const kind of ['account', 'case'] as const) {
    for (;;) {
      const deleted = await pruneBatch(db, kind, cutoff);
      pruned[kind] += deleted;
      if (deleted < BATCH) break;
    }
  }
  return pruned;
}

/** RETENTION_MONTHS: prunes at start and once a day; stop() waits for a prune under way. */
export function startRetention(options: { db: Db; months: number; logger: SyncLogger; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = (async () => {
      const cutoff = retentionCutoff(now(), options.months);
      try {
        const pruned = await pruneRevisions(options.db, cutoff);
        options.logger.info({ ...pruned, cutoff: cutoff.toISOString() }, 'old revisions pruned');
      } catch (error) {
        options.logger.error({ err: error }, 'pruning old revisions failed');
      }
    })();
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
