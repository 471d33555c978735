/** The pieces every benchmark needs: a scratch PostgreSQL database, and the real app with a signed-in caller. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { USER_RANA } from '../contract/roles';
import { buildApp } from '../server/app/app';
import { openSessions } from '../server/identity/sessions';
import { loadConfig, type Config } from '../server/config/config';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { limitHeapGrowth } from '../server/config/heap-growth';
import { ReadinessState } from '../server/http/readiness';
import { findRoleByName } from '../server/identity/roles.repository';
import { insertUser } from '../server/identity/users.repository';

/** A demo-mode configuration with fixed secrets, no logs and the environment's heap growth; `env` adds to it. */
export const benchConfig = (env: Record<string, string> = {}): Config =>
  loadConfig({
    DEMO: '1',
    DATA_DIR: '/tmp/storico-bench',
    JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-for-hs256',
    SECRETS_KEY: '0'.repeat(64),
    LOG_LEVEL: 'silent',
    HEAP_GROWTH_PERCENT: process.env.HEAP_GROWTH_PERCENT ?? '',
    ...env,
  });

/**
 * Lets this process's heap grow as the server's does (`HEAP_GROWTH_PERCENT` from the environment, else its
 * default; server/config/heap-growth.ts), so that what a benchmark measures of memory and pauses is the server's. Answers
 * the percent (0: V8's own). `benchApp` does it with its configuration's.
 */
export function growHeapAsTheServer(config = benchConfig()): number {
  limitHeapGrowth(config.heapGrowthPercent);
  return config.heapGrowthPercent;
}

/** A new database on the PostgreSQL server of `adminUrl`, dropped again on close. */
export async function scratchPostgres(
  adminUrl: string,
  prefix = 'storico_bench',
): Promise<DatabaseHandle & { url: string; keep: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    /** Closes the connections and leaves the database in place. */
    keep: () => handle.close(),
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The real app on a migrated database with roles, and the headers of a signed-in USER_RANA. */
export async function benchApp(
  database: DatabaseHandle,
  config: Config,
): Promise<{ app: FastifyInstance; headers: { authorization: string } }> {
  growHeapAsTheServer(config);
  // As the server checks sessions: from memory while the database's announcements of their changes are heard.
  const { sessions, close } = await openSessions(database, config.jwtSecret);
  const readiness = new ReadinessState();
  readiness.databaseReady();
  readiness.syncStatus('disabled');
  const app = await buildApp({ config, db: database.db, readiness, sessions, logger: false });
  app.addHook('onClose', close);
  await app.ready();
  const role = await findRoleByName(database.db, USER_RANA);
  const username = `bench-${randomBytes(4).toString('hex')}`;
  const userId = await insertUser(database.db, {
    username,
    email: `${username}@example.test`,
    password_hash: 'not-used',
    role_id: role!.id,
    updated_at: new Date(),
  });
  const token = await sessions.issue({ id: userId, username, role: USER_RANA }, null);
  return { app, headers: { authorization: `Bearer ${token}` } };
}
