import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config';
import {
  applyDemoLifeEvents,
  currentState,
  generateDemoData,
  startSandboxCrm,
  type DemoCounts,
  type SandboxCrm,
} from '../../sandbox-crm';
import { runSandboxBurst } from '../crm/sandbox-burst';
import { SalesforceConnector } from '../crm/salesforce/salesforce-connector';
import type { DatabaseHandle } from '../db/database';
import type { ReadinessState } from '../http/readiness';
import { writeDemoHistory } from './demo-history';
import { EMBEDDED_SERVING, importSnapshots } from './snapshot-import';
import type { SyncLogger } from '../config/logger';
import { lastSuccess, recordRun } from './sync-state.repository';

/** The sync_state row that says the demo history was imported. */
const DEMO_HISTORY = 'DemoHistory';

/** The CRM the server syncs from and writes to, ready to connect; nothing runs until the background starts. */
export type PreparedCrm = {
  connector: SalesforceConnector;
  /** The demo's sandbox CRM, listening; none outside demo mode. */
  sandbox: SandboxCrm | undefined;
  /** The demo's earlier versions, written on the first demo start, still to import. */
  historyFile: string | undefined;
  /** What was prepared, for the log line the background writes at start. */
  prepared: string;
  /** Stops the sandbox CRM. */
  close(): Promise<void>;
};

/** Starts the demo's sandbox CRM with the demo data; on the first start its earlier versions go to DATA_DIR. */
async function startDemoCrm(
  config: Config & { sandboxCrm: NonNullable<Config['sandboxCrm']> },
  database: DatabaseHandle,
  demoCounts: Partial<DemoCounts> | undefined,
) {
  const started = Date.now();
  mkdirSync(config.dataDir, { recursive: true });
  const data = generateDemoData({ counts: demoCounts });
  let historyFile: string | undefined;
  if ((await lastSuccess(database.db, DEMO_HISTORY)) === null) {
    historyFile = path.join(config.dataDir, 'demo-history.ndjson');
    await writeDemoHistory(data, historyFile);
  }
  const changeLog = path.join(config.dataDir, 'sandbox-crm-changes.ndjson');
  const firstStart = !existsSync(changeLog);
  const sandbox = await startSandboxCrm({
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
  let prepared = `sandbox CRM ready in ${Date.now() - started} ms`;
  if (config.sandboxCrm.burst) {
    // SANDBOX_CRM_BURST: a mass change the first sync stores, so the demo shows an alert.
    const { edited } = runSandboxBurst(sandbox.records, config.sandboxCrm.burst);
    prepared += `; ${config.sandboxCrm.burst.username} edited ${edited.length} contacts at once`;
  }
  return { sandbox, historyFile, prepared };
}

/**
 * The CRM the server syncs from. In demo mode that is the sandbox CRM, started here with the demo data;
 * on the first demo start the earlier versions of that data are written to DATA_DIR for import.
 */
export async function prepareCrm(
  config: Config,
  database: DatabaseHandle,
  options: { demoCounts?: Partial<DemoCounts> } = {},
): Promise<PreparedCrm> {
  const { sandboxCrm } = config;
  const demo = sandboxCrm
    ? await startDemoCrm({ ...config, sandboxCrm }, database, options.demoCounts)
    : null;
  const connector = new SalesforceConnector({
    ...config.crm,
    loginUrl: demo?.sandbox.url ?? config.crm.loginUrl,
    readTimeoutMs: config.crmTimeouts.readMs,
    writeTimeoutMs: config.crmTimeouts.writeMs,
    batchSize: config.sfQueryBatchSize,
    recreateKeyField: config.sfRecreateKeyField,
  });
  return {
    connector,
    sandbox: demo?.sandbox,
    historyFile: demo?.historyFile,
    prepared: demo?.prepared ?? '',
    close: async () => {
      await demo?.sandbox.close();
    },
  };
}

/** Imports the demo history written by `prepareCrm`, telling its progress on /readyz and in the log. */
export async function importDemoHistory(
  database: DatabaseHandle,
  file: string,
  options: { readiness: ReadinessState; logger: SyncLogger; signal: AbortSignal },
): Promise<void> {
  const { readiness, logger: log } = options;
  const started = Date.now();
  let reported = -1;
  readiness.syncStatus('running', 'Import 0%');
  const report = await importSnapshots(database.db, file, {
    ...(database.kind === 'pglite' ? EMBEDDED_SERVING : {}),
    signal: options.signal,
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
}
