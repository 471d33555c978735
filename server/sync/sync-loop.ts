import { CrmError, type CrmConnector } from '../crm/crm-connector';
import type { Db } from '../db/database';
import type { ReadinessState } from '../health/readiness';
import { describeProgress, runSync, type SyncReport } from './crm-sync';
import { withSyncLock } from './sync-lock';
import { silentLogger, type SyncLogger } from './sync-logger';

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
};

export type SyncLoop = {
  /** Settles when the first run has finished, well or not. */
  firstRun: Promise<void>;
  stop(): Promise<void>;
};

/** Until the first run succeeds, a failed one is tried again this often even when no interval is set. */
const FIRST_RUN_RETRY_S = 60;

/** Syncs at start and then every `intervalSeconds`, one run at a time; stop() waits for the page being stored. */
export function startSyncLoop(options: SyncLoopOptions): SyncLoop {
  const log = options.logger ?? silentLogger;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  let succeededOnce = false;

  const runOnce = async (): Promise<void> => {
    const started = Date.now();
    try {
      const outcome = await withSyncLock(options.db, options.dbKind, () =>
        runSync(options.db, options.connector, {
          signal: controller.signal,
          overlapMs: options.overlapMs,
          maxApiUsage: options.maxApiUsage,
          logger: log,
          onProgress: (p) => options.readiness?.syncStatus('running', describeProgress(p)),
        }),
      );
      if (!outcome.ran) {
        log.info({}, 'sync skipped: another instance is syncing');
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
