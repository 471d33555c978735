import { CRM_OBJECTS, type CrmConnector, type CrmObject, type RelatedObject } from '../crm/crm-connector';
import { parseSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { ensurePartitionsFor } from '../store/revision-partitions';
import { storeOtherFields } from '../store/crm-fields.repository';
import { kindOfObject } from '../db/record-kinds';
import { storeSnapshots } from '../store/revision-store';
import { upsertCrmUsers } from './crm-users.repository';
import { storeConversions, syncConversions } from './conversion-sync';
import { syncDeletions } from './deletion-sync';
import { syncRelated, type RelatedReport } from './related-sync';
import { silentLogger, type SyncLogger } from '../config/logger';
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
  /**
   * At or above this fraction of the org's daily API requests the sync makes no query calls (SF_API_MAX_USAGE),
   * leaving the rest to restores and to the org's other integrations.
   */
  maxApiUsage?: number;
};

export type SyncReport = {
  agents: number;
  objects: Partial<Record<CrmObject, { read: number; stored: number; pages: number }>>;
  /** The cases' e-mails and comments (related-sync.ts), once the cases are synced. */
  related?: Partial<Record<RelatedObject, RelatedReport>>;
  /** The run stopped (or did not start) because API usage reached maxApiUsage. */
  paused?: boolean;
};

export const DEFAULT_MAX_API_USAGE = 0.8;

/** True when the org's last reported API usage is at or above `max`. */
export function apiUsageReached(connector: CrmConnector, max = DEFAULT_MAX_API_USAGE): boolean {
  const usage = connector.apiUsage();
  return usage !== null && usage.limit > 0 && usage.used / usage.limit >= max;
}

export const describeProgress = (p: SyncProgress) =>
  p.step === 'User' ? `User ${p.done}` : `${p.step} ${p.done}/${p.total}`;

async function syncObject(
  db: Db,
  connector: CrmConnector,
  object: CrmObject,
  options: SyncOptions,
): Promise<{ read: number; stored: number; pages: number; paused: boolean }> {
  const log = options.logger ?? silentLogger;
  const watermark = await readWatermark(db, object);
  const since = watermark ? new Date(watermark.getTime() - (options.overlapMs ?? DEFAULT_OVERLAP_MS)) : null;
  const report = { read: 0, stored: 0, pages: 0, paused: false };
  options.onProgress?.({ step: object, done: 0, total: 0 });
  for await (const page of connector.changedSince(object, since)) {
    options.signal?.throwIfAborted();
    if (page.records.length === 0) continue;
    const newest = Math.max(...page.records.map((r) => parseSfDateTime(r.SystemModstamp) ?? 0));
    await ensurePartitionsFor(db, object, page.records);
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
    // The next page would be another query call: none while usage is at the limit; the watermark keeps the place.
    if (apiUsageReached(connector, options.maxApiUsage)) {
      report.paused = true;
      break;
    }
  }
  await recordRun(db, object, null);
  return report;
}

/**
 * One sync run: agents, then Accounts and Cases changed since each object's watermark, each object's deletions, and
 * the contacts made business accounts; then the cases' e-mails and comments (related-sync.ts).
 */
export async function runSync(
  db: Db,
  connector: CrmConnector,
  options: SyncOptions = {},
): Promise<SyncReport> {
  const log = options.logger ?? silentLogger;
  // Once per run (so at most once per interval) the org is asked whether usage dropped; until it does, no queries.
  if (apiUsageReached(connector, options.maxApiUsage)) {
    await connector.checkLimits();
    if (apiUsageReached(connector, options.maxApiUsage)) {
      log.warn({ usage: connector.apiUsage() }, 'sync paused: CRM API usage at the limit set');
      return { agents: 0, objects: {}, paused: true };
    }
  }
  options.onProgress?.({ step: 'User', done: 0, total: 0 });
  // The org's schema may have changed since the last run (a field added, hidden or made read-only).
  await connector.refreshSchema();
  for (const object of CRM_OBJECTS)
    await storeOtherFields(db, kindOfObject(object), await connector.otherFields(object));
  const agents = await connector.listAgents();
  await upsertCrmUsers(db, agents);
  options.onProgress?.({ step: 'User', done: agents.length, total: agents.length });
  log.info({ agents: agents.length }, 'sync: agents stored');
  const objects = {} as SyncReport['objects'];
  for (const object of CRM_OBJECTS) {
    options.signal?.throwIfAborted();
    try {
      const { paused, ...report } = await syncObject(db, connector, object, options);
      objects[object] = report;
      if (paused) {
        log.warn({ object, usage: connector.apiUsage() }, 'sync paused: CRM API usage at the limit set');
        return { agents: agents.length, objects, paused: true };
      }
      // After the changes: a record changed and then deleted since the last run gets its last change first.
      const deletions = await syncDeletions(db, connector, object, options.overlapMs ?? DEFAULT_OVERLAP_MS);
      if (deletions.purgedLog)
        log.warn(
          { object },
          'sync: the CRM purged its recycle bin since the last run; the records it no longer has are stored as deleted, dated by this run',
        );
      if (deletions.rechecked)
        log.info({ object }, 'sync: every record checked against the CRM after an import');
      if (deletions.deleted > 0)
        log.info({ object, deleted: deletions.deleted, stored: deletions.stored }, 'sync: deletions stored');
      if (object === 'Account') {
        const converted =
          (await storeConversions(db, connector, deletions.outOfScope)) +
          (await syncConversions(db, connector, options.overlapMs ?? DEFAULT_OVERLAP_MS));
        if (converted > 0) log.info({ object, converted }, 'sync: contacts made business accounts stored');
      }
    } catch (error) {
      await recordRun(db, object, (error as Error).message).catch(() => undefined);
      throw error;
    }
  }
  const related = await syncRelated(db, connector, {
    overlapMs: options.overlapMs ?? DEFAULT_OVERLAP_MS,
    capReached: () => apiUsageReached(connector, options.maxApiUsage),
    signal: options.signal,
  });
  for (const [object, r] of Object.entries(related.reports))
    if (r.stored > 0 || r.deleted > 0) log.info({ object, ...r }, 'sync: case e-mails and comments stored');
  if (related.paused) {
    log.warn({ usage: connector.apiUsage() }, 'sync paused: CRM API usage at the limit set');
    return { agents: agents.length, objects, related: related.reports, paused: true };
  }
  return { agents: agents.length, objects, related: related.reports };
}
