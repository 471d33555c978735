import { CRM_OBJECTS, type CrmConnector, type CrmObject } from '../crm/crm-connector';
import { parseSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { storeSnapshots } from '../revisions/revision-store';
import { upsertAgents } from './agents.repository';
import { silentLogger, type SyncLogger } from './sync-logger';
import { advanceWatermark, readWatermark, recordRun } from './sync-state.repository';

/**
 * Changes are asked for from this long before the watermark: a record saved just before the last run
 * but committed after it (or a CRM clock a little behind) is still seen. Re-read records are found equal.
 */
export const DEFAULT_OVERLAP_MS = 5 * 60_000;

export type SyncProgress = { step: 'User' | CrmObject; done: number; total: number };

export type SyncOptions = {
  overlapMs?: number;
  /** Checked between pages: an aborted run stops after the page it is storing, which stays stored. */
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
  logger?: SyncLogger;
};

export type SyncReport = {
  agents: number;
  objects: Record<CrmObject, { read: number; stored: number; pages: number }>;
};

export const describeProgress = (p: SyncProgress) =>
  p.step === 'User' ? `User ${p.done}` : `${p.step} ${p.done}/${p.total}`;

async function syncObject(
  db: Db,
  connector: CrmConnector,
  object: CrmObject,
  options: SyncOptions,
): Promise<SyncReport['objects'][CrmObject]> {
  const log = options.logger ?? silentLogger;
  const watermark = await readWatermark(db, object);
  const since = watermark ? new Date(watermark.getTime() - (options.overlapMs ?? DEFAULT_OVERLAP_MS)) : null;
  const report = { read: 0, stored: 0, pages: 0 };
  options.onProgress?.({ step: object, done: 0, total: 0 });
  for await (const page of connector.changedSince(object, since)) {
    options.signal?.throwIfAborted();
    if (page.records.length === 0) continue;
    const newest = Math.max(...page.records.map((r) => parseSfDateTime(r.SystemModstamp) ?? 0));
    // The page and the watermark move together: a run killed anywhere loses nothing and stores nothing twice.
    const results = await db.transaction().execute(async (trx) => {
      const stored = await storeSnapshots(trx, object, page.records, 'sync');
      if (newest > 0) await advanceWatermark(trx, object, new Date(newest));
      return stored;
    });
    report.pages++;
    report.read += page.records.length;
    report.stored += results.filter((r) => r.stored).length;
    options.onProgress?.({ step: object, done: report.read, total: page.totalSize });
    log.info({ object, read: report.read, total: page.totalSize, stored: report.stored }, 'sync progress');
  }
  await recordRun(db, object, null);
  return report;
}

/** One sync run: agents, then Accounts and Cases changed since each object's watermark. */
export async function runSync(
  db: Db,
  connector: CrmConnector,
  options: SyncOptions = {},
): Promise<SyncReport> {
  const log = options.logger ?? silentLogger;
  options.onProgress?.({ step: 'User', done: 0, total: 0 });
  const agents = await connector.listAgents();
  await upsertAgents(db, agents);
  options.onProgress?.({ step: 'User', done: agents.length, total: agents.length });
  log.info({ agents: agents.length }, 'sync: agents stored');
  const objects = {} as SyncReport['objects'];
  for (const object of CRM_OBJECTS) {
    options.signal?.throwIfAborted();
    try {
      objects[object] = await syncObject(db, connector, object, options);
    } catch (error) {
      await recordRun(db, object, (error as Error).message).catch(() => undefined);
      throw error;
    }
  }
  return { agents: agents.length, objects };
}
