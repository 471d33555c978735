import type { Migration, MigrationProvider } from 'kysely';
import { initialSchema } from './0001-initial-schema';

/** Migrations are listed here rather than read from disk, so they work the same under tsx, vitest and a bundle. */
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
