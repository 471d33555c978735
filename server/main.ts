import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { buildApp } from './app';
import { SessionService } from './auth/sessions';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './db/database';
import { ReadinessState } from './health/readiness';
import { bootstrapIdentity } from './users/bootstrap';

const distDir = fileURLToPath(new URL('../dist', import.meta.url));

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}

async function main(): Promise<void> {
  const config = readConfig();
  const readiness = new ReadinessState();
  const database = await openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  await bootstrapIdentity(database.db, config);
  readiness.databaseReady();
  readiness.syncStatus('disabled');

  const sessions = new SessionService(database.db, config.jwtSecret);
  const app = await buildApp({ config, db: database.db, readiness, sessions, distDir });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      app.log.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: `http://localhost:${config.port}`, database: database.kind, demo: config.demo },
    'Storico is listening',
  );
}

await main();
