import { sql } from 'kysely';
import type { Db } from '../db/database';

/** A sync_state row: a CRM object (User, Account, Case) or a one-off step such as the demo history import. */
export type SyncStateKey = string;

export async function readWatermark(db: Db, key: SyncStateKey): Promise<Date | null> {
  const row = await db
    .selectFrom('sync_state')
    .select('watermark')
    .where('object', '=', key)
    .executeTakeFirst();
  return row?.watermark ? new Date(row.watermark) : null;
}

/** Moves the watermark forward only: a page of older changes never moves it back. */
export async function advanceWatermark(db: Db, key: SyncStateKey, to: Date): Promise<void> {
  const now = new Date();
  await db
    .insertInto('sync_state')
    .values({ object: key, watermark: to, updated_at: now })
    .onConflict((oc) =>
      oc.column('object').doUpdateSet({
        watermark: sql<Date>`greatest(sync_state.watermark, excluded.watermark)`,
        updated_at: now,
      }),
    )
    .execute();
}

/** Notes when a run (or step) last finished and how: `error` null means it succeeded. */
export async function recordRun(db: Db, key: SyncStateKey, error: string | null): Promise<void> {
  const now = new Date();
  await db
    .insertInto('sync_state')
    .values({ object: key, last_run_at: now, last_error: error, updated_at: now })
    .onConflict((oc) =>
      oc.column('object').doUpdateSet({ last_run_at: now, last_error: error, updated_at: now }),
    )
    .execute();
}

/** When the step last succeeded, or null. */
export async function lastSuccess(db: Db, key: SyncStateKey): Promise<Date | null> {
  const row = await db
    .selectFrom('sync_state')
    .select(['last_run_at', 'last_error'])
    .where('object', '=', key)
    .executeTakeFirst();
  return row?.last_run_at && row.last_error === null ? new Date(row.last_run_at) : null;
}

/** The row that keeps the CRM sync loop's last start, shared by every instance. */
const SYNC_LOOP = 'SyncLoop';

export type LoopRun = { instance: string; startedAt: Date };

export async function lastLoopRun(db: Db): Promise<LoopRun | null> {
  const row = await db
    .selectFrom('sync_state')
    .select(['instance', 'last_run_at'])
    .where('object', '=', SYNC_LOOP)
    .executeTakeFirst();
  return row?.last_run_at && row.instance
    ? { instance: row.instance, startedAt: new Date(row.last_run_at) }
    : null;
}

/** Takes the next run for `instance`; call it only under the sync lock. */
export async function recordLoopStart(db: Db, run: LoopRun): Promise<void> {
  await db
    .insertInto('sync_state')
    .values({
      object: SYNC_LOOP,
      last_run_at: run.startedAt,
      instance: run.instance,
      updated_at: run.startedAt,
    })
    .onConflict((oc) =>
      oc
        .column('object')
        .doUpdateSet({ last_run_at: run.startedAt, instance: run.instance, updated_at: run.startedAt }),
    )
    .execute();
}
