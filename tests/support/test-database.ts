import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { migrationProvider } from '../../server/db/migrations/index';

export type TestDbKind = 'pglite' | 'postgres';

/** The databases every database suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDbKinds = (): TestDbKind[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let migratedPglite: Promise<Blob> | undefined;

/** A migrated PGlite copied from one snapshot per worker: a fresh initdb costs seconds, a copy a fraction. */
async function freshPglite(): Promise<DatabaseHandle> {
  migratedPglite ??= (async () => {
    const template = await openDatabase({ kind: 'pglite', memory: true });
    await migrateToLatest(template.db);
    const blob = await template.dumpDataDir!();
    await template.close();
    return blob;
  })();
  return openDatabase({ kind: 'pglite', memory: true, loadDataDir: await migratedPglite });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * The pool resolves `end()` before its sockets have closed; dropping `with (force)` at once terminates those
 * backends, and the pool re-emits that as an uncaught error. So wait for them to go, and force only as a last resort.
 */
async function dropWhenClosed(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await admin.query(`drop database if exists ${name} with (force)`);
}

/** A new, migrated PostgreSQL database of its own, dropped again on close. */
async function freshPostgres(adminUrl: string): Promise<DatabaseHandle> {
  const name = `storico_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(adminUrl, name), poolSize: 25 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropWhenClosed(dropper, name);
      await dropper.end();
    },
  };
}

export async function createTestDatabase(kind: TestDbKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return freshPglite();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return freshPostgres(url);
}

/**
 * Empties the database and migrates it up to `migration` only, so a test can store rows as the code of that time did
 * and then check what the later migrations make of them.
 */
export async function migratedUpTo(db: Db, migration: string): Promise<void> {
  await sql`drop table if exists kysely_migration, kysely_migration_lock cascade`.execute(db);
  await sql`drop schema public cascade`.execute(db);
  await sql`create schema public`.execute(db);
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(migration);
  if (error) throw error;
}

/** Runs the migrations up to `migration`, or undoes those after it, on the database as it is; answers their names. */
export async function migrateTo(db: Db, migration: string): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateTo(migration);
  if (error) throw error;
  return (results ?? []).map((r) => r.migrationName);
}
