import path from 'node:path';
import type { Config } from '../config/config';
import { openDatabase, type DatabaseHandle } from './database';

/** Where in DATA_DIR the embedded database keeps its files. */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite kept in DATA_DIR; a new one starts as a copy of
 * `template` when given.
 */
export function openConfiguredDatabase(
  config: Config,
  options: { template?: Blob } = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(config.dataDir), ...options });
}
