import type { Config } from '../config/config';
import type { DatabaseHandle } from '../db/database';
import type { ReadinessState } from '../http/readiness';
import type { Metrics } from '../metrics/metrics';
import { settleUnknownOutcomes, type OutcomeCheckDeps } from '../restores/outcome-check';
import { startRetention } from '../store/retention';
import { startRollbackWorker, type RollbackWorker } from '../rollbacks/rollback-worker';
import type { Services } from './services';
import { importDemoHistory, type PreparedCrm } from '../sync/crm-runtime';
import { withSyncLock } from '../sync/sync-lock';
import { startSyncLoop, type SyncLoop } from '../sync/sync-loop';
import type { SyncLogger } from '../config/logger';
import { runMassChangeWatch } from '../watch/mass-change-watch';

/** What the background work takes of the app's services: the same audit log, mailer and rollback runner. */
export type BackgroundServices = Pick<Services, 'audit' | 'mailer' | 'restoreMail'> &
  Partial<Pick<Services, 'rollbackRunner' | 'rollbackWakeUp'>>;

export type BackgroundDeps = {
  config: Config;
  database: DatabaseHandle;
  crm: PreparedCrm;
  services: BackgroundServices;
  readiness: ReadinessState;
  logger: SyncLogger;
  metrics?: Metrics | undefined;
};

export type Background = {
  /** Stops the import or sync in progress (after the batch being stored), then the watch, settlement and workers. */
  stop(): Promise<void>;
};

export type AfterSyncSettlement = {
  /** The readiness to give the sync loop (the one given): its runs' ends start the settlement. */
  readiness: ReadinessState;
  /** Settles once the settlement started by the last run so far has finished. */
  idle(): Promise<void>;
};

/**
 * After each successful sync, the restores whose CRM write went unanswered are settled by reading their records,
 * one settlement at a time.
 */
export function settleAfterEverySync(
  readiness: ReadinessState,
  deps: OutcomeCheckDeps,
  log: SyncLogger,
): AfterSyncSettlement {
  let settling: Promise<void> = Promise.resolve();
  const settle = () => {
    settling = settling
      .then(async () => {
        for (const kind of ['account', 'case'] as const) await settleUnknownOutcomes(deps, kind);
      })
      .catch((error: unknown) => log.error({ err: error }, 'checking restores of unknown outcome failed'));
  };
  readiness.onSyncSettled((status) => {
    if (status === 'ok') settle();
  });
  return { readiness, idle: () => settling };
}

/** After every sync run (one at a time), the mass-change watch looks at what the run stored. */
function watchAfterEverySync(deps: BackgroundDeps): { idle(): Promise<void> } {
  const { config, database, crm, services, readiness, logger } = deps;
  const watchDeps = {
    db: database.db,
    thresholds: config.watch,
    audit: services.audit,
    productCode: config.productCode,
    mailer: services.mailer,
    publicUrl: config.publicUrl,
    crm: crm.connector,
    maxApiUsage: config.sfApiMaxUsage,
    logger,
  };
  let watching: Promise<void> = Promise.resolve();
  readiness.onSyncSettled(() => {
    watching = watching
      // Under the sync's lock: on PostgreSQL one instance watches at a time, as one syncs at a time.
      .then(() => withSyncLock(database.db, database.kind, () => runMassChangeWatch(watchDeps)))
      .then(
        (outcome) => {
          const report = outcome.ran ? outcome.result : { raised: [], extended: [] };
          if (report.raised.length + report.extended.length > 0) logger.info(report, 'mass-change watch');
        },
        (error: unknown) => logger.error({ err: error }, 'mass-change watch failed'),
      );
  });
  return { idle: () => watching };
}

/** The worker that applies approved rollbacks batch by batch; an approval in this process wakes it. */
function rollbackWorkerOf(deps: BackgroundDeps): RollbackWorker | undefined {
  const runner = deps.services.rollbackRunner;
  if (!runner) return undefined;
  const worker = startRollbackWorker({
    runBatch: () => runner.runBatch(),
    pauseMs: deps.config.rollback.pauseMs,
    idleMs: deps.config.rollback.idleMs,
    logger: deps.logger,
  });
  if (deps.services.rollbackWakeUp) deps.services.rollbackWakeUp.wake = () => worker.wake();
  return worker;
}

/**
 * Everything the server does besides answering requests, wired in one place from the app's own services: the
 * demo history import, the sync loop, the mass-change watch and the outcome check after each sync, the rollback
 * worker and the retention of revisions.
 */
export function startBackground(deps: BackgroundDeps): Background {
  const { config, database, crm, services, readiness, logger, metrics } = deps;
  readiness.watchCrm(crm.connector, config.sfApiMaxUsage);
  metrics?.watchCrm(crm.connector);
  crm.connector.useLogger(logger);
  if (crm.sandbox) logger.info({ url: crm.sandbox.url }, crm.prepared);

  const controller = new AbortController();
  const watch = watchAfterEverySync(deps);
  const rollbacks = rollbackWorkerOf(deps);
  const retention = config.retentionMonths
    ? startRetention({ db: database.db, months: config.retentionMonths, logger })
    : undefined;
  let loop: SyncLoop | undefined;
  let settlement: AfterSyncSettlement | undefined;
  const syncing = (async () => {
    if (crm.historyFile) {
      // A failed import is tried again at the next start; the sync runs either way.
      await importDemoHistory(database, crm.historyFile, {
        readiness,
        logger,
        signal: controller.signal,
      }).catch((error: unknown) => {
        if (!controller.signal.aborted) logger.error({ err: error }, 'demo history import failed');
      });
    }
    if (controller.signal.aborted) return;
    const outcomeCheck = {
      db: database.db,
      crm: crm.connector,
      audit: services.audit,
      now: () => new Date(),
      waitMs: config.restoreOutcomeWaitMs,
      mail: services.restoreMail,
    };
    settlement = settleAfterEverySync(readiness, outcomeCheck, logger);
    loop = startSyncLoop({
      db: database.db,
      dbKind: database.kind,
      connector: crm.connector,
      intervalSeconds: config.syncIntervalSeconds,
      maxApiUsage: config.sfApiMaxUsage,
      ...(config.instanceId ? { instanceId: config.instanceId } : {}),
      readiness,
      logger,
      onRun: metrics?.observeSync,
    });
  })();

  return {
    async stop() {
      controller.abort();
      await syncing;
      await loop?.stop();
      await watch.idle();
      await settlement?.idle();
      await rollbacks?.stop();
      await retention?.stop();
      await services.restoreMail?.idle();
    },
  };
}
