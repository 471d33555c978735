import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../server/app/app';
import { openSessions, type SessionService } from '../../server/identity/sessions';
import { loadConfig, type Config } from '../../server/config/config';
import type { DatabaseHandle } from '../../server/db/database';
import { ReadinessState } from '../../server/http/readiness';
import { ensureRoles } from '../../server/users/bootstrap';
import { createTestDatabase, type TestDbKind } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  sessions: SessionService;
  readiness: ReadinessState;
  /** The app's clock (sessions, one-time codes, locks). */
  now: () => Date;
  close(): Promise<void>;
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DEMO: '1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'storico-test-')),
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-for-hs256',
    SECRETS_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'silent',
    SANDBOX_CRM_PORT: '0',
    ...env,
  });
}

/** The real app on a freshly migrated database of the given kind, ready for `inject`. */
export async function createTestApp(
  kind: TestDbKind,
  options: { env?: Record<string, string>; deps?: Partial<AppDeps>; now?: () => Date } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  const config = testConfig(options.env);
  await ensureRoles(database.db, config.productCode);
  const served = await appOn(database, config, options);
  return {
    ...served,
    close: async () => {
      await served.close();
      await database.close();
    },
  };
}

/**
 * One instance of the app on `database` (with roles), as the server builds it; `close` leaves the database open, so
 * several instances can share one.
 */
export async function appOn(
  database: DatabaseHandle,
  config: Config,
  options: { deps?: Partial<AppDeps>; now?: () => Date } = {},
): Promise<TestApp> {
  const now = options.now ?? (() => new Date());
  const readiness = new ReadinessState();
  readiness.databaseReady();
  readiness.syncStatus('disabled');
  const { sessions, close: stopSessionChanges } = await openSessions(database, config.jwtSecret, now);
  const app = await buildApp({
    config,
    db: database.db,
    readiness,
    sessions,
    now,
    logger: false,
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    sessions,
    readiness,
    now,
    close: async () => {
      await app.close();
      await stopSessionChanges();
    },
  };
}
