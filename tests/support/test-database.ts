import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from '../../server/db/database';
import { migrationProvider } from '../../server/db/migrations/index';
import { pgliteTemplate, preparePgliteTemplateIfStale } from '../../server/db/pglite-template';

export type TestDbKind = 'pglite' | 'postgres';

/** The databases every database suite runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDbKinds = (): TestDbKind[] =>
  process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let migratedPglite: Promise<Blob> | undefined;

/**
 * A migrated PGlite copied from the snapshot `npm start` also starts from (server/db/pglite-template.ts), made once
 * for all test files and runs until a migration changes: an initdb and the migrations cost seconds, a copy a fraction.
 */
async function freshPglite(): Promise<DatabaseHandle> {
  migratedPglite ??= (async () => {
    await preparePgliteTemplateIfStale();
    const template = pgliteTemplate();
    if (!template) throw new Error('the migrated PGlite template was not written');
    return template;
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

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../server/db/migrations');

/** Names the template by the migrations' sources, so that a changed or added migration makes a new one. */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  return `storico_template_${hash.digest('hex').slice(0, 12)}`;
}

let migratedTemplate: Promise<string> | undefined;

/**
 * A migrated PostgreSQL database that every test database of this run is copied from (`CREATE DATABASE … TEMPLATE`,
 * a file copy, instead of running every migration again). Test workers build it once between them, under an
 * advisory lock: built under another name and renamed when complete, so that a run killed midway leaves no
 * half-migrated template; older templates are dropped.
 */
function postgresTemplate(adminUrl: string): Promise<string> {
  migratedTemplate ??= (async () => {
    const name = templateName();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`select pg_advisory_lock(hashtext('storico_test_template'))`);
      const existing = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'storico\\_template\\_%'`,
      );
      if (existing.rows.some((row) => row.datname === name)) return name;
      for (const { datname } of existing.rows) await dropWhenClosed(admin, datname);
      const building = `${name}_building`;
      await admin.query(`create database ${building}`);
      const handle = await openDatabase({
        kind: 'postgres',
        url: withDatabase(adminUrl, building),
        poolSize: 1,
      });
      await migrateToLatest(handle.db);
      await handle.close();
      await renameWhenClosed(admin, building, name);
      return name;
    } finally {
      await admin
        .query(`select pg_advisory_unlock(hashtext('storico_test_template'))`)
        .catch(() => undefined);
      await admin.end();
    }
  })();
  return migratedTemplate;
}

/** As `dropWhenClosed`: the pool's sockets may still be closing when `end()` resolves. */
async function renameWhenClosed(admin: pg.Client, from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`alter database ${from} rename to ${to}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * A new, migrated PostgreSQL database copied from the run's template, for servers of a test's own to open: its URL,
 * and `drop` once they have closed their connections.
 */
export async function createTestPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await postgresTemplate(adminUrl);
  const name = `storico_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropWhenClosed(dropper, name);
      await dropper.end();
    },
  };
}

/** A new, migrated PostgreSQL database of its own, copied from the run's template, dropped again on close. */
async function freshPostgres(adminUrl: string): Promise<DatabaseHandle> {
  const created = await createTestPostgres(adminUrl);
  const handle = await openDatabase({ kind: 'postgres', url: created.url, poolSize: 25 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await created.drop();
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
