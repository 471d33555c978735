import { chmodSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../server/db/database';

/** Runs `work` while a 5 ms timer ticks on this thread; answers how often it ticked meanwhile. */
async function ticksDuring(work: () => Promise<unknown>): Promise<{ ticks: number; ms: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ticks, ms: performance.now() - started };
}

/** A statement that keeps the database busy for a good fraction of a second. */
const busy = sql`select count(*) from generate_series(1, 4000000) as n where n % 7 = 3`;

describe('the embedded database kept in a data dir', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storico-pglite-thread-'));
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(database.db);
  });
  afterAll(() => database.close());

  it('answers queries from its own thread, while this thread goes on answering', async () => {
    const { ticks, ms } = await ticksDuring(() => busy.execute(database.db));
    expect(ms).toBeGreaterThan(50);
    // On this thread the timer could not fire at all until the statement ended.
    expect(ticks).toBeGreaterThan(0);
  });

  it("reports PostgreSQL's error code and constraint, and keeps working", async () => {
    await sql`create table thread_probe (id int primary key, at timestamptz, doc jsonb)`.execute(database.db);
    const at = new Date('2025-03-01T10:00:00.000Z');
    await sql`insert into thread_probe values (1, ${at}, ${JSON.stringify({ a: [1, 2] })})`.execute(
      database.db,
    );
    const duplicate = sql`insert into thread_probe values (1, now(), null)`.execute(database.db);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', constraint: 'thread_probe_pkey' });
    const { rows } = await sql<{ id: number; at: Date; doc: unknown; n: number }>`
      select id, at, doc, count(*) over () as n from thread_probe`.execute(database.db);
    expect(rows).toEqual([{ id: 1, at, doc: { a: [1, 2] }, n: 1 }]);
  });

  it('rolls back a failed transaction as a whole', async () => {
    await sql`create table thread_tx (id int primary key)`.execute(database.db);
    const failing = database.db.transaction().execute(async (trx) => {
      await sql`insert into thread_tx values (1)`.execute(trx);
      await sql`insert into thread_tx values (1)`.execute(trx);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    const { rows } = await sql<{ n: number }>`select count(*) as n from thread_tx`.execute(database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('tells its listener of a notification before the answer of the statement that committed it', async () => {
    const heard: string[] = [];
    const states: boolean[] = [];
    const unlisten = await database.listen('thread_channel', {
      notify: (payload) => heard.push(payload),
      listening: (on) => states.push(on),
    });
    expect(states).toEqual([true]);
    await sql`select pg_notify('thread_channel', 'one')`.execute(database.db);
    expect(heard).toEqual(['one']);
    await database.db.transaction().execute(async (trx) => {
      await sql`select pg_notify('thread_channel', 'two')`.execute(trx);
      expect(heard).toEqual(['one']);
    });
    expect(heard).toEqual(['one', 'two']);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`select pg_notify('thread_channel', 'rolled back')`.execute(trx);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    await sql`select 1`.execute(database.db);
    expect(heard).toEqual(['one', 'two']);
    await unlisten();
    expect(states).toEqual([true, false]);
  });

  it('keeps what it stored across a restart, and copies itself into a new data dir', async () => {
    await sql`create table thread_kept (v text)`.execute(database.db);
    await sql`insert into thread_kept values ('kept')`.execute(database.db);
    const tar = await database.dumpDataDir!();
    await database.close();
    database = await openDatabase({ kind: 'pglite', dataDir });
    expect((await sql<{ v: string }>`select v from thread_kept`.execute(database.db)).rows).toEqual([
      { v: 'kept' },
    ]);

    const copyDir = mkdtempSync(path.join(tmpdir(), 'storico-pglite-copy-'));
    chmodSync(copyDir, 0o755);
    const copy = await openDatabase({ kind: 'pglite', dataDir: copyDir, template: tar });
    try {
      // Password hashes, sessions and the audit log: the directory is the server's user's alone, as PostgreSQL's.
      expect(statSync(copyDir).mode & 0o777).toBe(0o700);
      expect((await sql<{ v: string }>`select v from thread_kept`.execute(copy.db)).rows).toEqual([
        { v: 'kept' },
      ]);
    } finally {
      await copy.close();
    }
  });
});
