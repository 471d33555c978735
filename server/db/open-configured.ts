import path from 'node:path';
import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './database';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite kept in DATA_DIR. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
}
