/**
 * Does the embedded database stall the server? On demo-sized data, `npm run import` of BENCH_IMPORT_LINES
 * (default 100,000) revisions runs while a contact search is asked again and again through the real app; the
 * benchmark prints the search's percentiles and the event loop's delay during the import, with the database in
 * its own thread (as the server opens DATA_DIR) and, for comparison, on the server's thread.
 * Goals: search p99 under 50 ms and event loop delay p99 under 20 ms while the import runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { migrateToLatest, openDatabase } from '../server/db/database';
import { EMBEDDED_SERVING, importSnapshots } from '../server/sync/snapshot-import';
import { ensureRoles } from '../server/users/bootstrap';
import { DEMO_VOLUME, bulkAgentId, loadBulkRevisions } from '../tests/support/bulk-revisions';
import { benchApp, benchConfig } from './bench-app';
import { formatSummary, summarize } from './stats';

const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 100_000);
/** As the server imports while it answers requests (the demo history); `BENCH_BATCH` and `BENCH_PAUSE_MS` change it. */
const BATCH = Number(process.env.BENCH_BATCH ?? EMBEDDED_SERVING.batchSize);
const PAUSE = Number(process.env.BENCH_PAUSE_MS ?? EMBEDDED_SERVING.pauseMs);

/** An NDJSON backup of LINES contact snapshots: 10,000 contacts, each saved LINES / 10,000 times. */
function backupFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'storico-stall-')), 'backup.ndjson');
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const contact = i % 10_000;
    const at = new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString().replace('Z', '+0000');
    const record: Record<string, unknown> = {
      Id: `001ST${String(contact).padStart(10, '0')}`,
      OwnerId: bulkAgentId(1 + (contact % DEMO_VOLUME.agents)),
      Name: `Cliente Import ${contact}`,
      PersonEmail: `import${contact}@example.it`,
      Phone: `+39 06 ${1_000_000 + i}`,
      Description: `Nota ${i} `.repeat(8),
      BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia' },
      SystemModstamp: at,
      LastModifiedDate: at,
    };
    for (let f = 0; f < 30; f++) record[`Field_${f}__c`] = `valore ${(i + f) % 97}`;
    lines.push(JSON.stringify({ type: 'Account', record }));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function run(thread: boolean, file: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storico-stall-db-'));
  const database = await openDatabase({ kind: 'pglite', dataDir, thread });
  try {
    await migrateToLatest(database.db);
    await loadBulkRevisions(database.db, DEMO_VOLUME);
    const config = benchConfig();
    await ensureRoles(database.db, config.productCode);
    const { app, headers } = await benchApp(database, config);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    const samples: number[] = [];
    let importing = true;
    const started = performance.now();
    loop.enable();
    const imported = importSnapshots(database.db, file, { batchSize: BATCH, pauseMs: PAUSE }).finally(() => {
      importing = false;
    });
    for (let i = 0; importing; i++) {
      const at = performance.now();
      const url = `/api/v3/sf-user/${bulkAgentId(1 + (i % DEMO_VOLUME.agents))}/sf-account?dateFrom=2025-01-01&dateTo=2025-01-31`;
      const res = await app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      samples.push(performance.now() - at);
    }
    loop.disable();
    const report = await imported;
    const seconds = (performance.now() - started) / 1000;
    const label = thread ? 'own thread' : 'server thread';
    console.log(
      `${label}: ${report.stored} revisions imported in ${seconds.toFixed(1)} s (${Math.round(report.stored / seconds)}/s)`,
    );
    const search = summarize(samples);
    console.log(formatSummary(`${label}: contact search during import`, search));
    const delay = {
      p50: loop.percentile(50) / 1e6,
      p99: loop.percentile(99) / 1e6,
      max: loop.max / 1e6,
    };
    console.log(
      `${label}: event loop delay during import`.padEnd(40) +
        `  p50 ${delay.p50.toFixed(2)} ms  p99 ${delay.p99.toFixed(2)} ms  max ${delay.max.toFixed(2)} ms`,
    );
    await app.close();
    return { search, delay };
  } finally {
    await database.close();
  }
}

const file = backupFile();
const own = await run(true, file);
const inline = await run(false, file);
console.log(
  `\nsearch p99 during import: ${own.search.p99.toFixed(1)} ms in its own thread (goal < 50), ` +
    `${inline.search.p99.toFixed(1)} ms on the server thread (${(inline.search.p99 / own.search.p99).toFixed(1)}x)`,
);
console.log(
  `event loop delay p99 during import: ${own.delay.p99.toFixed(1)} ms in its own thread (goal < 20), ` +
    `${inline.delay.p99.toFixed(1)} ms on the server thread`,
);
