import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { appRoot } from '../config/app-root';
import { ConfigError, loadConfig } from '../config/config';
import { lockDataDir } from '../db/data-dir-lock';
import { pgliteTemplate } from '../db/pglite-template';
import { limitHeapGrowth } from '../config/heap-growth';
import { ReadinessState } from '../http/readiness';
import { openWhenReachable } from '../db/open-when-reachable';
import { HandOverServer } from '../http/hand-over-server';
import { redactedLogger } from '../http/log-redaction';
import type { Background } from './background';
import { REQUEST_GRACE_MS, stopOnSignals } from './shutdown';
import { buildStartingApp } from './starting-app';

const distDir = path.join(appRoot(), 'dist');

type Closable = { close(): Promise<void> };
/** What has started so far, for the stop on SIGTERM or SIGINT. */
const running: {
  signals?: { readonly stopping: boolean };
  background?: Background;
  app?: FastifyInstance;
  crm?: Closable;
  stopSessionChanges?: () => Promise<void>;
  database?: Closable;
} = {};

/**
 * Listen first: the sign-in page is served within seconds of `npm start`, while the database opens (a new embedded
 * one takes its initdb), migrates, and the demo CRM and its history load in the background; /readyz tells when the
 * data is there. The rest of the server is imported only then, so its loading does not delay the first answer.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  limitHeapGrowth(config.heapGrowthPercent);
  // Before it listens: while another server or a tool has the embedded database open, this one does not start.
  const dataDirLock = config.databaseUrl ? undefined : lockDataDir(config.dataDir, 'the server');
  const readiness = new ReadinessState();
  const socket = new HandOverServer();
  const logger = redactedLogger({ level: config.logLevel });

  const startingSlot = socket.slot();
  const starting = await buildStartingApp({
    distDir,
    readiness,
    secureTransport: config.secureTransport,
    logger,
    serverFactory: startingSlot.serverFactory,
  });
  await starting.ready();

  // Stopped in this order: no new requests; those under way and the background work finish (each at a safe point);
  // then the app, the CRM, the session listener and the database close.
  running.signals = stopOnSignals(
    async () => {
      await Promise.all([socket.close(REQUEST_GRACE_MS), running.background?.stop()]);
      await running.app?.close();
      await running.crm?.close();
      await running.stopSessionChanges?.();
      await running.database?.close();
      dataDirLock?.release();
    },
    () => running.app?.log ?? starting.log,
  );

  startingSlot.activate();
  await socket.listen(config.port, config.host);
  starting.log.info(
    { url: `http://localhost:${config.port}`, demo: config.demo },
    'Storico is listening; opening the database',
  );

  const [
    { buildAppAndServices },
    { startBackground },
    { openSessions },
    { migrateToLatest },
    { openConfiguredDatabase },
    crmRuntime,
    users,
    { Metrics },
    partitions,
  ] = await Promise.all([
    import('./app'),
    import('./background'),
    import('../identity/sessions'),
    import('../db/database'),
    import('../db/open-configured'),
    import('../sync/crm-runtime'),
    import('../users/bootstrap'),
    import('../metrics/metrics'),
    import('../store/revision-partitions'),
  ]);

  // A new embedded database starts from the migrated copy `npm start` prepared, not from an initdb. PostgreSQL may
  // come up after Storico: the server keeps serving the sign-in page and /readyz (503) while it waits.
  const database = await openWhenReachable(
    async () => {
      const opened = await openConfiguredDatabase(config, {
        template: config.databaseUrl ? undefined : pgliteTemplate(),
      });
      try {
        await migrateToLatest(opened.db);
        return opened;
      } catch (error) {
        await opened.close().catch(() => undefined);
        throw error;
      }
    },
    (error, delayMs) => {
      starting.log.warn({ reason: error.message, retryInMs: delayMs }, 'the database does not answer');
      readiness.databaseWaiting(
        `The database does not answer (${error.message}): retrying in ${delayMs / 1000} s`,
      );
    },
  );
  running.database = database;
  await partitions.maintainPartitions(database.db);
  await users.bootstrapIdentity(database.db, config);
  readiness.databaseReady();
  const crm = await crmRuntime.prepareCrm(config, database);
  running.crm = crm;

  const metrics = config.metricsToken ? new Metrics() : undefined;
  if (database.pool) metrics?.watchPool(database.pool);
  const { sessions, close: stopSessionChanges } = await openSessions(database, config.jwtSecret);
  running.stopSessionChanges = stopSessionChanges;
  metrics?.watchSessions(sessions);
  const appSlot = socket.slot();
  const { app, services } = await buildAppAndServices({
    config,
    db: database.db,
    readiness,
    sessions,
    distDir,
    crm: crm.connector,
    metrics,
    logger,
    serverFactory: appSlot.serverFactory,
  });
  running.app = app;
  await app.ready();
  appSlot.activate();
  await starting.close();

  running.background = startBackground({
    config,
    database,
    crm,
    services,
    readiness,
    logger: app.log,
    metrics,
  });
  app.log.info({ database: database.kind, demo: config.demo }, 'Storico is ready to sign in');
}

// A setting found wrong, at start or once the demo CRM is there (SANDBOX_CRM_BURST), stops the server with its
// message alone; so does a database that refuses Storico (a wrong password, a missing database).
await main().catch((error: unknown) => {
  // A start cut short by SIGTERM or SIGINT: the stop ends the process.
  if (running.signals?.stopping) return;
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof Error && typeof code === 'string')
    console.error(`Storico cannot start: ${error.message} (${code})`);
  else throw error;
  process.exit(1);
});
