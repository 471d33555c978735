/**
 * A first sync of a large org with bounded memory: a sandbox CRM (its own process) holds BENCH_SYNC_ACCOUNTS
 * (default 100,000) person accounts and BENCH_SYNC_CASES (default 0) cases, BENCH_SYNC_FIELDS (default 0) custom fields
 * more on each, with values; Storico's sync reads them through the
 * connector page by page, each page stored in one transaction. The benchmark samples this process's resident memory
 * (the server's, the embedded database's thread included) every 100 ms and prints its peak, the run's time and
 * records per second, the fields of a snapshot and the bytes each revision takes on disk (table, indexes and
 * TOAST). Goal: RSS under 300 MB. PGlite in its own thread, as the server opens DATA_DIR; PostgreSQL
 * instead with BENCH_DATABASE_URL. The heap grows as the server lets it (`HEAP_GROWTH_PERCENT`, heap-growth.ts);
 * NODE_OPTIONS (a heap limit, say) applies to this process only, not to the sandbox CRM.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { defaultQueryBatchSize } from '../server/config/config';
import { SalesforceConnector } from '../server/crm/salesforce/salesforce-connector';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../server/db/database';
import { runSync } from '../server/sync/crm-sync';
import { sql } from 'kysely';
import { growHeapAsTheServer, scratchPostgres } from './bench-app';

const ACCOUNTS = Number(process.env.BENCH_SYNC_ACCOUNTS ?? 100_000);
const CASES = Number(process.env.BENCH_SYNC_CASES ?? 0);
/** Custom fields more on each record (the sandbox's --fields): an org with 300-field records is BENCH_SYNC_FIELDS=230. */
const FIELDS = Number(process.env.BENCH_SYNC_FIELDS ?? 0);
const RSS_GOAL_MB = 300;
const MB = 1024 * 1024;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The sandbox CRM as `npm run crm:sandbox` starts it, with the org's size; answers once it listens. */
async function startSandbox(port: number) {
  const root = path.join(import.meta.dirname, '..');
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      path.join(root, 'scripts/crm-sandbox.ts'),
      '--port',
      String(port),
      '--users',
      '200',
      '--accounts',
      String(ACCOUNTS),
      '--cases',
      String(CASES),
      '--fields',
      String(FIELDS),
    ],
    // Without NODE_OPTIONS: a heap limit given to Storico (see docs/scale.md) is not the CRM's.
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'warn' } },
  );
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox CRM exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the sandbox CRM did not start within 10 minutes');
    const answered = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (answered) return child;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function database(): Promise<{ handle: DatabaseHandle; label: string }> {
  if (process.env.BENCH_DATABASE_URL)
    return { handle: await scratchPostgres(process.env.BENCH_DATABASE_URL), label: 'PostgreSQL' };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storico-sync-memory-'));
  return { handle: await openDatabase({ kind: 'pglite', dataDir }), label: 'PGlite (own thread)' };
}

/** The fields of a stored snapshot and the bytes a revision takes on disk, heap, TOAST and indexes together. */
async function revisionBytes({ db }: DatabaseHandle): Promise<string> {
  const { rows } = await sql<{ revisions: string; bytes: string; fields: number | null }>`
    select (select count(*) from revision_accounts) + (select count(*) from revision_cases) as revisions,
      (select coalesce(sum(pg_total_relation_size(c.oid)), 0) from pg_class c
        where c.relkind in ('r', 'p') and (c.relname like 'revision_accounts%' or c.relname like 'revision_cases%'))
        as bytes,
      (select count(*)::int from jsonb_object_keys((select json from revision_accounts limit 1))) as fields`.execute(
    db,
  );
  const { revisions, bytes, fields } = rows[0]!;
  const perRevision = Number(revisions) > 0 ? Number(bytes) / Number(revisions) : 0;
  return `${revisions} revisions of ${fields ?? 0}-field snapshots: ${(Number(bytes) / MB).toFixed(0)} MB, ${Math.round(perRevision)} bytes a revision`;
}

const growth = growHeapAsTheServer();
const port = await freePort();
console.log(`starting a sandbox CRM with ${ACCOUNTS} accounts and ${CASES} cases…`);
const sandbox = await startSandbox(port);
const { handle, label } = await database();
try {
  await migrateToLatest(handle.db);
  const connector = new SalesforceConnector({
    loginUrl: `http://127.0.0.1:${port}`,
    clientId: 'sandbox',
    clientSecret: 'sandbox',
    batchSize: defaultQueryBatchSize(handle.kind),
  });
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  let heapAtPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    if (rss > peak) [peak, heapAtPeak] = [rss, heapUsed];
  }, 100);
  const started = performance.now();
  const report = await runSync(handle.db, connector);
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = process.memoryUsage();
  if (after.rss > peak) [peak, heapAtPeak] = [after.rss, after.heapUsed];

  const read = Object.values(report.objects).reduce((sum, o) => sum + (o?.read ?? 0), 0);
  const pages = Object.values(report.objects).reduce((sum, o) => sum + (o?.pages ?? 0), 0);
  console.log(
    `${label}: first sync of ${read} records in ${pages} pages, ${seconds.toFixed(1)} s (${Math.round(read / seconds)} records/s)`,
  );
  console.log(await revisionBytes(handle));
  console.log(
    `RSS: ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during the sync ` +
      `(goal under ${RSS_GOAL_MB} MB: ${(peak / MB / RSS_GOAL_MB).toFixed(2)}x), JavaScript heap in use at the peak ` +
      `${(heapAtPeak / MB).toFixed(0)} MB, heap limit ${(getHeapStatistics().heap_size_limit / MB).toFixed(0)} MB, ` +
      `heap growth ${growth ? `${growth}%` : "V8's own"}`,
  );
} finally {
  await handle.close();
  sandbox.kill();
}
