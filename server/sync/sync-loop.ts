import { CrmError, type CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import type { ReadinessState } from '../http/readiness';
import { describeProgress, runSync, type SyncReport } from './crm-sync';
import { withSyncLock } from './sync-lock';
import { silentLogger, type SyncLogger } from '../config/logger';
import { lastLoopRun, recordLoopStart } from './sync-state.repository';
import { defaultInstanceId } from './instance-id';

export type SyncLoopOptions = {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  connector: CrmConnector;
  /** Seconds between runs; 0 = only the run at start. */
  intervalSeconds: number;
  readiness?: ReadinessState;
  logger?: SyncLogger;
  overlapMs?: number;
  /** SF_API_MAX_USAGE: see SyncOptions.maxApiUsage. */
  maxApiUsage?: number;
  /** Told of every run that ran here: its report, or null when it failed (the metrics count them). */
  onRun?: (run: { report: SyncReport | null; ms: number }) => void;
  /** INSTANCE_ID: who takes a run, kept with its start so /readyz can say which instance synced last. */
  instanceId?: string;
};

export type SyncLoop = {
  /** Settles when the first run has finished, well or not. */
  firstRun: Promise<void>;
  stop(): Promise<void>;
};

/** Until the first run succeeds, a failed one is tried again this often even when no interval is set. */
const FIRST_RUN_RETRY_S = 60;

/** A run started this much less than an interval ago still counts as this interval's: timers drift a little. */
const INTERVAL_SLACK_MS = 2000;

/**
 * Syncs at start and then every `intervalSeconds`, one run at a time; stop() waits for the page being stored. Several
 * instances on one PostgreSQL sync once per interval between them: under the advisory lock, a run starts only when
 * the last start kept in the database is an interval old, and records its own start and instance.
 */
export function startSyncLoop(options: SyncLoopOptions): SyncLoop {
  const log = options.logger ?? silentLogger;
  const instanceId = options.instanceId ?? defaultInstanceId();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let succeededOnce = false;

  const runOnce = async (): Promise<void> => {
    const started = Date.now();
    try {
      const outcome = await withSyncLock(options.db, options.dbKind, async () => {
        const last = await lastLoopRun(options.db);
        const intervalMs = options.intervalSeconds * 1000;
        // PGlite serves one process: nothing to share, and a restart syncs at once.
        if (
          options.dbKind === 'postgres' &&
          intervalMs > 0 &&
          last &&
          last.instance !== instanceId &&
          started - last.startedAt.getTime() < intervalMs - INTERVAL_SLACK_MS
        ) {
          options.readiness?.lastSync(last);
          return null;
        }
        const run = { instance: instanceId, startedAt: new Date(started) };
        await recordLoopStart(options.db, run);
        options.readiness?.lastSync(run);
        return runSync(options.db, options.connector, {
          signal: controller.signal,
          overlapMs: options.overlapMs,
          maxApiUsage: options.maxApiUsage,
          logger: log,
          onProgress: (p) => options.readiness?.syncStatus('running', describeProgress(p)),
        });
      });
      if (!outcome.ran) {
        log.info({}, 'sync skipped: another instance is syncing');
        // /readyz names the instance that holds the run, as it does once it has run.
        const holder = await lastLoopRun(options.db);
        if (holder) options.readiness?.lastSync(holder);
      } else if (outcome.result === null) {
        log.info({}, 'sync skipped: another instance synced within this interval');
      } else {
        const report: SyncReport = outcome.result;
        log.info({ ...report, ms: Date.now() - started }, 'sync finished');
        options.onRun?.({ report, ms: Date.now() - started });
        if (report.paused) {
          options.readiness?.syncStatus('limited', 'CRM API usage at the limit set: sync paused');
          return;
        }
      }
      succeededOnce = true;
      options.readiness?.syncStatus('ok');
    } catch (error) {
      if (controller.signal.aborted) {
        log.info({}, 'sync stopped');
        return;
      }
      if (error instanceof CrmError && error.errorCode === 'REQUEST_LIMIT_EXCEEDED') {
        // Not a fault of Storico or of the CRM: the org's daily API requests are used up. No retry loop.
        log.warn({ err: error }, 'sync stopped: the CRM API request limit is exceeded');
        options.readiness?.syncStatus('limited', 'CRM API request limit exceeded (REQUEST_LIMIT_EXCEEDED)');
        return;
      }
      log.error({ err: error }, 'sync failed');
      options.onRun?.({ report: null, ms: Date.now() - started });
      options.readiness?.syncStatus('failed', (error as Error).message);
    }
  };

  const schedule = () => {
    if (controller.signal.aborted) return;
    const seconds =
      options.intervalSeconds > 0 ? options.intervalSeconds : succeededOnce ? 0 : FIRST_RUN_RETRY_S;
    if (seconds === 0) return;
    timer = setTimeout(() => {
      current = runOnce().then(schedule);
    }, seconds * 1000);
  };

  current = runOnce().then(schedule);
  const firstRun = current;

  return {
    firstRun,
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await current;
    },
  };
}
