import type { SyncLogger } from '../config/logger';
import type { BatchReport } from './rollback-runner';

export type RollbackWorkerOptions = {
  runBatch: () => Promise<BatchReport | null>;
  /** ROLLBACK_PAUSE_MS: the pause between two batches, so a rollback leaves the CRM and the database room. */
  pauseMs: number;
  /** ROLLBACK_IDLE_S: how often an idle worker looks for approved rollbacks (an approval here wakes it at once). */
  idleMs: number;
  logger: SyncLogger;
};

export type RollbackWorker = {
  /** An approval in this process: look for work now. */
  wake(): void;
  /** Waits for the record being written, then stops. */
  stop(): Promise<void>;
};

/**
 * The background loop of the server process that applies approved rollbacks batch by batch. Every instance runs
 * one; the claims in the database keep them off each other's records.
 */
export function startRollbackWorker(options: RollbackWorkerOptions): RollbackWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  // A wake-up during a batch is not lost: the next sleep ends at once.
  let woken = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) resolve();
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => {
      woken = false;
    });

  const loop = (async () => {
    while (!stopped) {
      let report: BatchReport | null = null;
      try {
        report = await options.runBatch();
        if (report && (report.applied > 0 || report.finished || report.paused))
          options.logger.info({ ...report }, 'rollback batch');
      } catch (error) {
        options.logger.error({ err: error }, 'rollback batch failed');
      }
      if (stopped) break;
      await sleep(report && !report.paused && report.applied > 0 ? options.pauseMs : options.idleMs);
    }
  })();

  return {
    wake() {
      woken = true;
      clearTimeout(timer);
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakeUp?.();
      await loop;
    },
  };
}
