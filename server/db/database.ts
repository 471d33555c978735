import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { listenOnPostgres, type ChannelListener, type Unlisten } from './channel';
import type { Database } from './tables/database';
import { migrationProvider } from './migrations/index';
import { PGliteThread } from './pglite-thread';
import { preparingPGlite, preparingPool } from './prepared-statements';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the pool behind `db`, for COPY streams and the pool's metrics. */
  pool?: pg.Pool;
  /** PGlite only: the whole data directory as a tarball, to open copies of a migrated database quickly. */
  dumpDataDir?: () => Promise<Blob>;
  /** LISTENs on a notification channel (sql-notify) until the answer is called or the database is closed. */
  listen(channel: string, listener: ChannelListener): Promise<Unlisten>;
};

/** PGlite is one session in this process: once it listens, it hears every notification until it closes. */
async function listenOnPglite(
  subscribe: (notify: (payload: string) => void) => Promise<unknown>,
  listener: ChannelListener,
): Promise<Unlisten> {
  await subscribe((payload) => listener.notify(payload));
  listener.listening(true);
  return () => {
    listener.listening(false);
    return Promise.resolve();
  };
}

const INT8 = 20;
const DATE = 1082;

// Counts arrive as int8 (pglite-worker.mjs parses them the same way); every count here fits a JS number. Dates stay 'YYYY-MM-DD' strings: a calendar day has no time zone.
const pgliteParsers = {
  [INT8]: (value: string) => Number(value),
  [DATE]: (value: string) => value,
};
pg.types.setTypeParser(INT8, (value) => Number(value));
pg.types.setTypeParser(DATE, (value) => value);

export type OpenOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir: string;
      /** Used only when dataDir holds no database yet. */
      template?: Blob;
      /** Run the database in its own worker thread (the default for a data dir: the server's database). */
      thread?: boolean;
    }
  | { kind: 'pglite'; memory: true; loadDataDir?: Blob };

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    // No JIT: compiling a plan takes tens of milliseconds, more than any of Storico's statements runs; the import's
    // batch statement, whose estimated cost passes jit_above_cost, paid it on every batch (6,302 against 5,036
    // revisions/s at 1M) (https://www.postgresql.org/docs/current/jit-decision.html). `options` in DATABASE_URL
    // takes precedence.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(new URL(options.url).searchParams.has('options') ? {} : { options: '-c jit=off' }),
    });
    // A connection the server drops (restart, failover, pg_terminate_backend) must not crash the process. pg emits
    // 'error' on a client that has no query running, and the pool listens only while the client is idle: one held
    // between statements (the sync's advisory lock, a transaction) would throw it as an uncaught exception. The
    // statement in flight fails with the error, and the pool discards a client that is no longer queryable.
    pool.on('connect', (client) =>
      client.on('error', (error) =>
        console.error(JSON.stringify({ level: 50, msg: 'database connection lost', err: error.message })),
      ),
    );
    pool.on('error', () => undefined); // the client's own listener has logged it
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return {
      db,
      kind: 'postgres',
      pool,
      close: () => db.destroy(),
      listen: (channel, listener) => listenOnPostgres(options.url, channel, listener),
    };
  }
  let client: PGlite;
  if ('dataDir' in options) {
    // The embedded database holds password hashes, sessions and the audit log: its directory is the owner's alone,
    // as PostgreSQL requires of its own (PGlite writes its files with the process's umask).
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(options.dataDir, 0o700);
    const isNew = !existsSync(path.join(options.dataDir, 'PG_VERSION'));
    const template = isNew ? options.template : undefined;
    if (options.thread !== false) {
      if (isNew) {
        // Making a data dir (initdb, or unpacking the template) grows the thread's WebAssembly memory to about
        // 750 MB, which it never gives back; a thread that opens the made one holds about 250 MB. So the first
        // thread makes it and stops (after a query: a thread closed before its first answer never stops).
        const maker = await PGliteThread.open(path.resolve(options.dataDir), template);
        await maker.query('select 1');
        await maker.close();
      }
      const thread = await PGliteThread.open(path.resolve(options.dataDir));
      const db = new Kysely<Database>({ dialect: new PGliteDialect(preparingPGlite(thread.asPGlite())) });
      return {
        db,
        kind: 'pglite',
        close: () => db.destroy(),
        dumpDataDir: () => thread.dumpDataDir(),
        listen: (channel, listener) => listenOnPglite((notify) => thread.listen(channel, notify), listener),
      };
    }
    client = new PGlite(path.resolve(options.dataDir), {
      parsers: pgliteParsers,
      ...(template ? { loadDataDir: template } : {}),
    });
  } else {
    client = new PGlite({
      parsers: pgliteParsers,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(preparingPGlite(client)) });
  return {
    db,
    kind: 'pglite',
    // Destroying Kysely closes the PGlite instance, which flushes it to DATA_DIR.
    close: () => db.destroy(),
    dumpDataDir: async () => (await client.dumpDataDir('none')) as Blob,
    listen: (channel, listener) => listenOnPglite((notify) => client.listen(channel, notify), listener),
  };
}

/** Brings the schema up to date; fails with the migration's own error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
