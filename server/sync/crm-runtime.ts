import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { AuditService } from '../audit/audit.service';
import type { Config } from '../config';
import type { CrmConnector } from '../crm/crm-connector';
import { SalesforceConnector } from '../crm/salesforce/salesforce-connector';
import {
  applyDemoLifeEvents,
  currentState,
  generateDemoData,
  startSandboxCrm,
  type DemoCounts,
  type SandboxCrm,
} from '../../sandbox-crm';
import { writeDemoHistory } from './demo-history';
import { runSandboxBurst } from '../crm/sandbox-burst';
import type { DatabaseHandle } from '../db/database';
import type { ReadinessState } from '../health/readiness';
import type { Metrics } from '../metrics/metrics';
import { withSyncLock } from './sync-lock';
import { startSyncLoop, type SyncLoop } from './sync-loop';
import type { SyncLogger } from './sync-logger';
import { EMBEDDED_SERVING, importSnapshots } from './snapshot-import';
import { lastSuccess, recordRun } from './sync-state.repository';
import { mailerFromConfig } from '../mail/mailer';
import { runMassChangeWatch } from '../watch/mass-change-watch';
import { settleUnknownOutcomes, type OutcomeCheckDeps } from '../restores/outcome-check';
import { restoreMailOf } from '../restores/restore-mail';

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

/** The sync_state row that says the demo history was imported. */
const DEMO_HISTORY = 'DemoHistory';

export type CrmRuntime = {
  connector: CrmConnector;
  sandbox: SandboxCrm | undefined;
  /** In the background: imports the demo history when still due, then syncs at start and every interval. */
  start(deps: { readiness: ReadinessState; logger: SyncLogger; metrics?: Metrics | undefined }): void;
  /** Stops the import or sync in progress (after the batch being stored) and the sandbox CRM. */
  stop(): Promise<void>;
};

/**
 * The CRM the server syncs from. In demo mode that is the sandbox CRM, started here with the demo data;
 * on the first demo start the earlier versions of that data are written to DATA_DIR for import.
 */
export async function prepareCrm(
  config: Config,
  database: DatabaseHandle,
  options: { demoCounts?: Partial<DemoCounts> } = {},
): Promise<CrmRuntime> {
  let sandbox: SandboxCrm | undefined;
  let historyFile: string | undefined;
  let prepared = '';
  if (config.sandboxCrm) {
    const started = Date.now();
    mkdirSync(config.dataDir, { recursive: true });
    const data = generateDemoData({ counts: options.demoCounts });
    if ((await lastSuccess(database.db, DEMO_HISTORY)) === null) {
      historyFile = path.join(config.dataDir, 'demo-history.ndjson');
      await writeDemoHistory(data, historyFile);
    }
    const changeLog = path.join(config.dataDir, 'sandbox-crm-changes.ndjson');
    const firstStart = !existsSync(changeLog);
    sandbox = await startSandboxCrm({
      state: currentState(data),
      port: config.sandboxCrm.port,
      editsEverySeconds: config.sandboxCrm.editsEverySeconds,
      recycleBinDays: config.sandboxCrm.recycleBinDays,
      // The demo org has the re-create key field when Storico is told to use one, as a real org must.
      externalIdField: config.sfRecreateKeyField,
      changeLog,
    });
    // Kept in the change log like any change: made once, on the first start of this data directory.
    if (firstStart) applyDemoLifeEvents(sandbox.records, sandbox.integrationUserId);
    prepared = `sandbox CRM ready in ${Date.now() - started} ms`;
    if (config.sandboxCrm.burst) {
      // SANDBOX_CRM_BURST: a mass change the first sync stores, so the demo shows an alert.
      const { edited } = runSandboxBurst(sandbox.records, config.sandboxCrm.burst);
      prepared += `; ${config.sandboxCrm.burst.username} edited ${edited.length} contacts at once`;
    }
  }
  const connector = new SalesforceConnector({
    loginUrl: sandbox?.url ?? config.crm.loginUrl,
    clientId: config.crm.clientId,
    clientSecret: config.crm.clientSecret,
    readTimeoutMs: config.crmTimeouts.readMs,
    writeTimeoutMs: config.crmTimeouts.writeMs,
    batchSize: config.sfQueryBatchSize,
    recreateKeyField: config.sfRecreateKeyField,
  });

  const controller = new AbortController();
  let loop: SyncLoop | undefined;
  let background: Promise<void> = Promise.resolve();
  let watching: Promise<void> = Promise.resolve();
  const mailer = mailerFromConfig(config);
  let settlement: AfterSyncSettlement | undefined;

  const importHistory = async (file: string, readiness: ReadinessState, log: SyncLogger) => {
    const started = Date.now();
    let reported = -1;
    readiness.syncStatus('running', 'Import 0%');
    const report = await importSnapshots(database.db, file, {
      ...(database.kind === 'pglite' ? EMBEDDED_SERVING : {}),
      signal: controller.signal,
      onProgress: (p) => {
        const percent = Math.floor((p.bytesRead / Math.max(p.totalBytes, 1)) * 100);
        readiness.syncStatus('running', `Import ${percent}%`);
        if (percent >= reported + 10) {
          reported = percent;
          log.info({ percent, lines: p.lines, stored: p.stored }, 'demo history import progress');
        }
      },
    });
    const error =
      report.errors.length > 0
        ? `${report.errors.length} bad lines, first: line ${report.errors[0]!.line}`
        : null;
    await recordRun(database.db, DEMO_HISTORY, error);
    const { errors, ...counts } = report;
    log.info({ ...counts, badLines: errors.length, ms: Date.now() - started }, 'demo history imported');
  };

  return {
    connector,
    sandbox,
    start({ readiness, logger, metrics }) {
      readiness.watchCrm(connector, config.sfApiMaxUsage);
      metrics?.watchCrm(connector);
      connector.useLogger(logger);
      if (sandbox) logger.info({ url: sandbox.url }, prepared);
      // After every sync run (one at a time), the mass-change watch looks at what the run stored.
      const watchDeps = {
        db: database.db,
        thresholds: config.watch,
        audit: new AuditService(database.db),
        productCode: config.productCode,
        mailer,
        publicUrl: config.publicUrl,
        crm: connector,
        logger,
      };
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
      background = (async () => {
        if (historyFile) {
          // A failed import is tried again at the next start; the sync runs either way.
          await importHistory(historyFile, readiness, logger).catch((error: unknown) => {
            if (!controller.signal.aborted) logger.error({ err: error }, 'demo history import failed');
          });
        }
        if (controller.signal.aborted) return;
        settlement = settleAfterEverySync(
          readiness,
          {
            db: database.db,
            crm: connector,
            audit: watchDeps.audit,
            now: () => new Date(),
            waitMs: config.restoreOutcomeWaitMs,
            mail: restoreMailOf({
              db: database.db,
              mailer,
              publicUrl: config.publicUrl,
              productCode: config.productCode,
              logger,
            }),
          },
          logger,
        );
        loop = startSyncLoop({
          db: database.db,
          dbKind: database.kind,
          connector,
          intervalSeconds: config.syncIntervalSeconds,
          maxApiUsage: config.sfApiMaxUsage,
          ...(config.instanceId ? { instanceId: config.instanceId } : {}),
          readiness,
          logger,
          onRun: metrics?.observeSync,
        });
      })();
    },
    async stop() {
      controller.abort();
      await background;
      await loop?.stop();
      await watching;
      mailer?.close();
      await settlement?.idle();
      await sandbox?.close();
    },
  };
}
