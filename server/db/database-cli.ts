import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, embeddedDataDir, loadConfig, type Config } from '../config/config';
import { limitHeapGrowth } from '../config/heap-growth';
import { DataDirInUse, lockDataDir, type DataDirLock } from './data-dir-lock';
import { migrateToLatest, type DatabaseHandle } from './database';
import { embeddedDatabaseDir, openConfiguredDatabase } from './open-configured';

/**
 * Runs a command-line tool's work on the configured database, migrated to the latest schema, and closes it after.
 * The embedded database is opened only while no other process (the server, another tool) has it, and with
 * `existing` only if DATA_DIR holds one already: a tool that changes a user must not make a new, empty database.
 * A configuration error is printed and ends the tool with exit code 2; a refusal to open, with 1; otherwise the exit
 * code is `work`'s.
 */
export async function withConfiguredDatabase(
  tool: { name: string; existing?: boolean },
  work: (database: DatabaseHandle, config: Config) => Promise<number>,
): Promise<number> {
  const dataDir = embeddedDataDir();
  let lock: DataDirLock | undefined;
  if (dataDir !== undefined) {
    const database = embeddedDatabaseDir(dataDir);
    if (tool.existing && !existsSync(path.join(database, 'PG_VERSION'))) {
      console.error(
        `No Storico database found in ${database}: run the command with the server's DATA_DIR (or DATABASE_URL).`,
      );
      return 1;
    }
    try {
      lock = lockDataDir(dataDir, tool.name);
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      console.error(error.message);
      return 1;
    }
  }
  try {
    let config;
    try {
      config = loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        return 2;
      }
      throw error;
    }
    // A tool's heap grows as the server's does: `npm run import` holds a batch or two of snapshots at a time.
    limitHeapGrowth(config.heapGrowthPercent);
    const database = await openConfiguredDatabase(config);
    try {
      await migrateToLatest(database.db);
      return await work(database, config);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
