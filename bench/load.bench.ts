/**
 * Contact search and filtered case search under load: 20 connections for 10 s each (autocannon) on the demo data
 * (20 agents, 2,000 contacts, 5,000 cases, ~35,000 revisions), through the real app listening on a port. Goal:
 * p99 under 100 ms, no error. PGlite (the demo's database) always; PostgreSQL too with BENCH_DATABASE_URL.
 * `BENCH_LOAD_S` and `BENCH_CONNECTIONS` change the duration and the connections.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../server/db/database';
import { ensureRoles } from '../server/users/bootstrap';
import { DEMO_VOLUME, bulkAgentId, loadBulkRevisions } from '../tests/support/bulk-revisions';
import { benchApp, benchConfig, scratchPostgres } from './bench-app';

const SECONDS = Number(process.env.BENCH_LOAD_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const GOAL_P99_MS = 100;

/** One URL per agent and month, so the load spreads over the data as a team's would. */
function urls(kind: 'sf-account' | 'sf-case', extra: string): string[] {
  const list: string[] = [];
  for (let agent = 1; agent <= DEMO_VOLUME.agents; agent++)
    for (const month of ['2024-03', '2024-11', '2025-05', '2025-12', '2026-06'])
      list.push(
        `/api/v3/sf-user/${bulkAgentId(agent)}/${kind}?dateFrom=${month}-01&dateTo=${month}-28${extra}`,
      );
  return list;
}

async function load(
  database: DatabaseHandle,
  label: string,
): Promise<Array<{ label: string; p99: number; ok: boolean }>> {
  const config = benchConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'storico-load-')) });
  await migrateToLatest(database.db);
  await ensureRoles(database.db, config.productCode);
  await loadBulkRevisions(database.db, DEMO_VOLUME);
  const { app, headers } = await benchApp(database, config);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const results = [];
  try {
    for (const [name, list] of [
      ['contact search', urls('sf-account', '')],
      ['case search, filtered', urls('sf-case', '&filter=tortellini&sort=description,asc')],
    ] as const) {
      let next = 0;
      const result = await autocannon({
        url: address,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests: [{ setupRequest: (request) => ({ ...request, path: list[next++ % list.length]! }) }],
      });
      const errors = result.errors + result.non2xx + result.timeouts;
      const p99 = result.latency.p99;
      console.log(
        `${label} ${name.padEnd(22)} ${CONNECTIONS} connections: ${Math.round(result.requests.average)} req/s, ` +
          `p50 ${result.latency.p50} ms, p99 ${p99} ms, max ${result.latency.max} ms, ${errors} errors` +
          ` (goal p99 < ${GOAL_P99_MS} ms)`,
      );
      results.push({ label: `${label} ${name}`, p99, ok: errors === 0 && p99 < GOAL_P99_MS });
    }
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}

// As the server opens DATA_DIR: PGlite in its own thread.
const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'storico-load-db-')), 'pglite');
const all = await load(await openDatabase({ kind: 'pglite', dataDir }), 'pglite');
if (process.env.BENCH_DATABASE_URL)
  all.push(...(await load(await scratchPostgres(process.env.BENCH_DATABASE_URL), 'postgres')));
if (all.some((r) => !r.ok)) process.exitCode = 1;
