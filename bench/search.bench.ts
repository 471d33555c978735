/**
 * Search and compare endpoints through the real app (inject) on demo-sized data (20 agents, 2,000 contacts, 5,000
 * cases, ~35,000 revisions) and on ten times that (200 agents with the same number of records each). Each agent's
 * search touches the same number of rows at both sizes, so when indexes serve every query the 10x/1x ratio stays
 * near 1; a query that scanned whole revision tables would grow about tenfold.
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set (a scratch database is created and dropped there).
 * `BENCH_SCALES=1,10` and `BENCH_N=300` change the sizes and the calls per endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../server/db/database';
import { ensureRoles } from '../server/users/bootstrap';
import {
  DEMO_VOLUME,
  bulkAccountId,
  bulkAgentId,
  bulkCaseId,
  loadBulkRevisions,
  type Volume,
} from '../tests/support/bulk-revisions';
import { benchApp, benchConfig, scratchPostgres } from './bench-app';
import { formatSummary, measure, summarize, type Summary } from './stats';

const N = Number(process.env.BENCH_N ?? 300);
const SCALES = (process.env.BENCH_SCALES ?? '1,10').split(',').map(Number);
const postgresUrl = process.env.BENCH_DATABASE_URL;

type Kind = 'pglite' | 'postgres';

async function scratchDatabase(kind: Kind): Promise<DatabaseHandle> {
  return kind === 'pglite' ? openDatabase({ kind: 'pglite', memory: true }) : scratchPostgres(postgresUrl!);
}

/** A deterministic sequence, so every run asks for the same records. */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

const MONTHS = ['2024-03', '2024-09', '2025-02', '2025-07', '2025-11', '2026-04'];
const monthRange = (pick: (n: number) => number) => {
  const month = MONTHS[pick(MONTHS.length)]!;
  return `dateFrom=${month}-01&dateTo=${month}-28`;
};

type Endpoint = { label: string; url: (pick: (n: number) => number) => string };

async function endpoints(database: DatabaseHandle, volume: Volume): Promise<Endpoint[]> {
  // Pairs of revisions of one record, for the differences.
  const accountPairs = (
    await sql<{ a: number; b: number }>`
      select min(id) as a, max(id) as b from revision_accounts
      where account_id in (select id from sf_accounts order by id limit 200) group by account_id`.execute(
      database.db,
    )
  ).rows;
  const casePairs = (
    await sql<{ a: number; b: number }>`
      select min(id) as a, max(id) as b from revision_cases
      where case_id in (select id from sf_cases order by id limit 200) group by case_id`.execute(database.db)
  ).rows;
  const agent = (pick: (n: number) => number) => bulkAgentId(1 + pick(volume.agents));
  return [
    {
      label: 'contact search, one month',
      url: (p) => `/api/v3/sf-user/${agent(p)}/sf-account?${monthRange(p)}`,
    },
    {
      label: 'contact search, whole history, filter',
      url: (p) =>
        `/api/v3/sf-user/${agent(p)}/sf-account?dateFrom=2024-01-01&dateTo=2026-12-31&filter=cliente ${1 + p(9)}`,
    },
    { label: 'case search, one month', url: (p) => `/api/v3/sf-user/${agent(p)}/sf-case?${monthRange(p)}` },
    {
      label: 'case search, whole history, sort',
      url: (p) =>
        `/api/v3/sf-user/${agent(p)}/sf-case?dateFrom=2024-01-01&dateTo=2026-12-31&sort=description,asc`,
    },
    {
      label: 'contact versions in effect',
      url: (p) =>
        `/api/v3/revision-account/${bulkAccountId(1 + p(volume.accounts))}/account?${monthRange(p)}`,
    },
    {
      label: 'case versions in effect',
      url: (p) => `/api/v3/revision-case/${bulkCaseId(1 + p(volume.cases))}/cases?${monthRange(p)}`,
    },
    {
      label: 'case history',
      url: (p) => `/api/v3/revision-case/${bulkCaseId(1 + p(volume.cases))}/history?size=10`,
    },
    {
      label: 'contact differences',
      url: (p) => {
        const pair = accountPairs[p(accountPairs.length)]!;
        return `/api/v3/revision-account/differences?firstRevisionAccountID=${pair.a}&secondRevisionAccountID=${pair.b}`;
      },
    },
    {
      label: 'case differences',
      url: (p) => {
        const pair = casePairs[p(casePairs.length)]!;
        return `/api/v3/revision-case/differences?firstRevisionCaseID=${pair.a}&secondRevisionCaseID=${pair.b}`;
      },
    },
  ];
}

async function run(kind: Kind, scale: number): Promise<Map<string, Summary>> {
  const volume: Volume = {
    agents: DEMO_VOLUME.agents * scale,
    accounts: DEMO_VOLUME.accounts * scale,
    cases: DEMO_VOLUME.cases * scale,
  };
  const database = await scratchDatabase(kind);
  const config = benchConfig();
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db);
    await ensureRoles(database.db, config.productCode);
    const loadStart = performance.now();
    await loadBulkRevisions(database.db, volume);
    const { revisions } = (
      await sql<{ revisions: number }>`
        select (select count(*) from revision_accounts) + (select count(*) from revision_cases) as revisions`.execute(
        database.db,
      )
    ).rows[0]!;
    console.log(
      `${kind} ${scale}x: ${volume.agents} agents, ${volume.accounts} contacts, ${volume.cases} cases, ` +
        `${revisions} revisions loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );

    const served = await benchApp(database, config);
    app = served.app;
    const headers = served.headers;

    const results = new Map<string, Summary>();
    for (const endpoint of await endpoints(database, volume)) {
      const pick = sequence(42);
      const summary = summarize(
        await measure(N, async () => {
          const url = endpoint.url(pick);
          const res = await app!.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200 && res.statusCode !== 404)
            throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        }),
      );
      results.set(endpoint.label, summary);
      console.log(formatSummary(`${kind} ${scale}x ${endpoint.label}`, summary));
    }
    return results;
  } finally {
    await app?.close();
    await database.close();
  }
}

const kinds: Kind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
for (const kind of kinds) {
  const byScale = new Map<number, Map<string, Summary>>();
  for (const scale of SCALES) byScale.set(scale, await run(kind, scale));
  const base = byScale.get(SCALES[0]!)!;
  for (const scale of SCALES.slice(1)) {
    console.log(
      `\n${kind}: p50 and p95 at ${scale}x data / at ${SCALES[0]}x data (about 1 = served by indexes)`,
    );
    for (const [label, summary] of byScale.get(scale)!) {
      const reference = base.get(label)!;
      console.log(
        `  ${label.padEnd(40)} p50 ${(summary.p50 / reference.p50).toFixed(2)}x  p95 ${(summary.p95 / reference.p95).toFixed(2)}x`,
      );
    }
  }
}
