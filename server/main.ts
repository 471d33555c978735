import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { SessionService } from './auth/sessions';
import { ConfigError, loadConfig, type Config } from './config';
import { migrateToLatest } from './db/database';
import { openConfiguredDatabase } from './db/open-configured';
import { ReadinessState } from './health/readiness';
import { prepareCrm } from './sync/crm-runtime';
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

async function main(): Promise<void> {
  const config = readConfig();
  const readiness = new ReadinessState();
  const database = await openConfiguredDatabase(config);
  await migrateToLatest(database.db);
  await bootstrapIdentity(database.db, config);
  readiness.databaseReady();
  const crm = await prepareCrm(config, database);

  const sessions = new SessionService(database.db, config.jwtSecret);
  const app = await buildApp({ config, db: database.db, readiness, sessions, distDir, crm: crm.connector });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await crm.stop();
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
  crm.start({ readiness, logger: app.log });
}

await main();
