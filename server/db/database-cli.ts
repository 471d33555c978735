import { ConfigError, loadConfig, type Config } from '../config';
import { limitHeapGrowth } from '../heap-growth';
import { migrateToLatest, type DatabaseHandle } from './database';
import { openConfiguredDatabase } from './open-configured';

/**
 * Runs a command-line tool's work on the configured database, migrated to the latest schema, and closes it after.
 * A configuration error is printed and ends the tool with exit code 2; otherwise the exit code is `work`'s.
 */
export async function withConfiguredDatabase(
  work: (database: DatabaseHandle, config: Config) => Promise<number>,
): Promise<number> {
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
}
