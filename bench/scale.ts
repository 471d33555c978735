/**
 * `npm run bench:scale -- --revisions 1000000 [--calls 300]` (scale-cli.ts): Storico at scale on PostgreSQL
 * (BENCH_DATABASE_URL; a scratch database is created there and dropped after), side by side with the best raw SQL
 * the same PostgreSQL can do on its own minimal, well-indexed copy of the data, through the same driver (pg).
 *
 * 1. Writes realistic revisions as the NDJSON of `npm run import` (scale-data.ts).
 * 2. Loads them with `npm run import`'s code and, for comparison, with a plain COPY into the minimal tables:
 *    revisions a second each. The raw searches get minimal record tables too (made after the timed COPY), as
 *    Storico's searches read its record tables.
 * 3. Serves the real app over HTTP, checks that the raw searches answer what the API answers, and times each
 *    operation through the API and as raw SQL (prepared, as the API's statements are), in turn with a bare HTTP
 *    exchange: p50/p95/p99 and the ratio of the p50s.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../server/db/database';
import { romeDayRange } from '../server/db/rome-days';
import { importSnapshots } from '../server/sync/snapshot-import';
import { ensureRoles } from '../server/users/bootstrap';
import {
  SPAN_END,
  SPAN_START,
  accountId,
  agentId,
  caseId,
  random,
  shapeOf,
  writeScaleData,
} from './scale-data';
import { benchApp, benchConfig, scratchPostgres } from './bench-app';
import { measureInTurn, summarize, type Summary } from './stats';

export type ScaleOptions = {
  adminUrl: string;
  revisions: number;
  calls: number;
  /** Leaves the scratch database in place (its URL is printed) to study its plans. */
  keep?: boolean;
  /** A database a `--keep` run left: measured again without loading (no ingest figures). */
  reuse?: string;
  log?: (line: string) => void;
};

export type OperationResult = {
  label: string;
  api: Summary;
  raw: Summary;
  /** One HTTP exchange with the server and nothing else (`GET /healthz`), timed in turn with the operation. */
  floor: Summary;
  ratio: number;
};
export type ScaleResult = {
  revisions: number;
  importRate: number;
  copyRate: number;
  operations: OperationResult[];
  /** The raw contact search over 30 days (page 1) with its exact total and without it. */
  total: { counted: Summary; uncounted: Summary };
};

/** The minimal schema the raw SQL runs on: the revisions and the two indexes search and history need. */
const RAW_SCHEMA = ['raw_accounts', 'raw_cases'].flatMap((table) => [
  `create table ${table} (id bigint generated always as identity primary key, record_id text not null,
     owner_id text, saved_at timestamptz not null, json jsonb not null)`,
  `create index ${table}_by_owner on ${table} (owner_id, saved_at, record_id)`,
  `create index ${table}_by_record on ${table} (record_id, saved_at desc, id desc)`,
]);

/**
 * The minimal tables of records the raw searches sort, show, filter and count by, as Storico's own record tables
 * serve its searches: made from each record's newest revision once the revisions are copied (not timed).
 */
const RAW_RECORDS = [
  `create table if not exists raw_account_records as select distinct on (record_id) record_id as id,
     (json->>'CreatedDate')::timestamptz as created_date, json->>'Name' as name, json->>'PersonEmail' as email,
     json->>'Phone' as phone
   from raw_accounts order by record_id, saved_at desc, id desc`,
  `create unique index if not exists raw_account_records_id on raw_account_records (id)`,
  `create table if not exists raw_case_records as select distinct on (record_id) record_id as id,
     (json->>'CreatedDate')::timestamptz as created_date, json->>'CaseNumber' as case_number,
     coalesce(json->>'Product_Description__c', json->>'Description') as description, json->>'AccountId' as account_id
   from raw_cases order by record_id, saved_at desc, id desc`,
  `create unique index if not exists raw_case_records_id on raw_case_records (id)`,
  `create index if not exists raw_case_records_account on raw_case_records (account_id)`,
];

const escape = (value: string) =>
  value.replace(/[\\\t\n\r]/g, (c) => ({ '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c] ?? '\\\\');

/** COPY of the NDJSON's revisions into the minimal tables, one stream per table; answers the revisions copied. */
async function copyRaw(pool: pg.Pool, file: string): Promise<number> {
  const clients = { Account: await pool.connect(), Case: await pool.connect() };
  // After every await: readline drops the lines it reads before the loop starts.
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  const streams = {
    Account: clients.Account.query(
      copyFrom('copy raw_accounts (record_id, owner_id, saved_at, json) from stdin'),
    ),
    Case: clients.Case.query(copyFrom('copy raw_cases (record_id, owner_id, saved_at, json) from stdin')),
  };
  const sources = { Account: new Readable({ read() {} }), Case: new Readable({ read() {} }) };
  const done = [pipeline(sources.Account, streams.Account), pipeline(sources.Case, streams.Case)];
  let copied = 0;
  for await (const text of lines) {
    const { type, record } = JSON.parse(text) as { type: string; record: Record<string, string> };
    if (type !== 'Account' && type !== 'Case') continue;
    const saved = new Date(record.SystemModstamp!.replace('+0000', 'Z')).toISOString();
    sources[type].push(
      `${record.Id}\t${record.OwnerId ?? '\\N'}\t${saved}\t${escape(text.slice(text.indexOf('"record":') + 9, -1))}\n`,
    );
    copied++;
  }
  sources.Account.push(null);
  sources.Case.push(null);
  await Promise.all(done);
  clients.Account.release();
  clients.Case.release();
  return copied;
}

const DAY = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A 30-day (or longer) window inside the span, picked by the sequence. */
function window(pick: ReturnType<typeof random>, days: number) {
  const from = SPAN_START + pick.below(Math.floor((SPAN_END - SPAN_START) / DAY) - days) * DAY;
  return { dateFrom: dayOf(from), dateTo: dayOf(from + (days - 1) * DAY) };
}

type RawQuery = (pick: ReturnType<typeof random>) => { text: string; values: unknown[] };

type Operation = {
  label: string;
  api: (pick: ReturnType<typeof random>) => string;
  raw: RawQuery;
};

/**
 * The timed operations; the searches whose answers are compared between the API and the raw SQL; and the raw contact
 * search over 30 days with and without its exact total, whose difference is what counting every hit costs.
 */
function operations(
  shape: ReturnType<typeof shapeOf>,
  pairs: { api: number[][]; raw: number[][] },
): { timed: Operation[]; checks: Operation[]; total: { counted: RawQuery; uncounted: RawQuery } } {
  const agent = (pick: ReturnType<typeof random>) => agentId(1 + pick.below(shape.agents));
  const account = (pick: ReturnType<typeof random>) => accountId(1 + pick.below(shape.accounts));
  const aCase = (pick: ReturnType<typeof random>) => caseId(1 + pick.below(shape.cases));
  // The same answers as the API's: the hits sorted by creation, newest first, with the exact total, each with its
  // shown columns and its versions in effect at both ends of the range ($5 is the end of the first day).
  const inEffect = (table: string) => `coalesce(
      (select x.id from ${table} x where x.record_id = p.id and x.saved_at < $5 order by x.saved_at desc, x.id desc
        limit 1),
      (select x.id from ${table} x where x.record_id = p.id and x.saved_at >= $2 and x.saved_at < $3
        order by x.saved_at, x.id limit 1)) as earlier_id,
    (select x.id from ${table} x where x.record_id = p.id and x.saved_at >= $2 and x.saved_at < $3
      order by x.saved_at desc, x.id desc limit 1) as later_id`;
  const search = (table: string, records: string, columns: string, filter = 'true', counted = true) => `
    with page as (
      select r.id${counted ? ', count(*) over () as total' : ''} from (select distinct record_id from ${table}
        where owner_id = $1 and saved_at >= $2 and saved_at < $3) h join ${records} r on r.id = h.record_id
      where ${filter} order by r.created_date desc nulls last, r.id offset $4 limit 10)
    select p.id${counted ? ', p.total' : ''}, ${columns}, ${inEffect(table)}
    from page p join ${records} r on r.id = p.id order by r.created_date desc nulls last, r.id`;
  const contactColumns = `r.name, r.email, r.phone, r.created_date,
      (select count(*) from raw_case_records c where c.account_id = p.id) as case_count`;
  const contactSearch = search('raw_accounts', 'raw_account_records', contactColumns);
  const caseColumns = 'r.case_number, r.created_date, r.description';
  const caseSearch = search('raw_cases', 'raw_case_records', caseColumns);
  const filteredCaseSearch = search(
    'raw_cases',
    'raw_case_records',
    caseColumns,
    '(lower(r.case_number) like $6 or lower(r.description) like $6)',
  );
  const range = (w: { dateFrom: string; dateTo: string }) => {
    const r = romeDayRange(w.dateFrom, w.dateTo);
    return [r.start, r.end, r.startDayEnd] as const;
  };
  const searchOf = (kind: 'contact' | 'case', days: number, page: number, filter?: string): Operation => ({
    label: `${kind} search, ${days === 365 ? '1 year' : `${days} days`}, ${filter ? 'filter' : `page ${page + 1}`}`,
    api: (p) => {
      const w = window(p, days);
      const path = kind === 'contact' ? 'sf-account' : 'sf-case';
      return (
        `/api/v3/sf-user/${agent(p)}/${path}?dateFrom=${w.dateFrom}&dateTo=${w.dateTo}` +
        (page ? `&page=${page}` : '') +
        (filter ? `&filter=${filter}` : '')
      );
    },
    raw: (p) => {
      const [start, end, startDayEnd] = range(window(p, days));
      const values = [agent(p), start, end, page * 10, startDayEnd];
      if (kind === 'contact') return { text: contactSearch, values };
      return filter
        ? { text: filteredCaseSearch, values: [...values, `%${filter}%`] }
        : { text: caseSearch, values };
    },
  });
  const uncountedContactSearch = search('raw_accounts', 'raw_account_records', contactColumns, 'true', false);
  const firstContactPage = searchOf('contact', 30, 0);
  const total = {
    counted: firstContactPage.raw,
    uncounted: (pick: ReturnType<typeof random>) => ({
      ...firstContactPage.raw(pick),
      text: uncountedContactSearch,
    }),
  };
  // Wide windows: enough hits per agent, even in a small run, that a page is a choice among them.
  const checks = [
    searchOf('contact', 730, 0),
    searchOf('contact', 730, 1),
    searchOf('case', 730, 0),
    searchOf('case', 730, 0, 'ravioli'),
  ];
  const timed: Operation[] = [
    firstContactPage,
    searchOf('contact', 365, 9),
    searchOf('case', 90, 0, 'ravioli'),
    {
      label: 'versions at two dates',
      api: (p) => {
        const w = window(p, 180);
        return `/api/v3/revision-account/${account(p)}/account?dateFrom=${w.dateFrom}&dateTo=${w.dateTo}`;
      },
      raw: (p) => {
        const [, end, startDayEnd] = range(window(p, 180));
        return {
          text: `select id, saved_at, json from raw_accounts where id in (
            (select id from raw_accounts where record_id = $1 and saved_at < $2 order by saved_at desc, id desc limit 1),
            (select id from raw_accounts where record_id = $1 and saved_at < $3 order by saved_at desc, id desc limit 1))`,
          values: [account(p), startDayEnd, end],
        };
      },
    },
    {
      label: 'differences',
      api: (p) => {
        const [a, b] = pairs.api[p.below(pairs.api.length)]!;
        return `/api/v3/revision-case/differences?firstRevisionCaseID=${a}&secondRevisionCaseID=${b}`;
      },
      raw: (p) => ({
        text: 'select id, record_id, json from raw_cases where id = any($1)',
        values: [pairs.raw[p.below(pairs.raw.length)]],
      }),
    },
    {
      label: 'history of one record',
      api: (p) => `/api/v3/revision-case/${aCase(p)}/history?size=10`,
      raw: (p) => ({
        text: `select id, saved_at, json, count(*) over () as total from raw_cases where record_id = $1
          order by saved_at desc, id desc limit 10`,
        values: [aCase(p)],
      }),
    },
  ];
  return { timed, checks, total };
}

/**
 * The raw searches must answer what the API answers, or their times say nothing: for a few picks of each search, the
 * same records in the same order and the same total.
 */
async function checkSameAnswers(
  ops: Operation[],
  address: string,
  headers: Record<string, string>,
  pool: pg.Pool,
): Promise<void> {
  for (const op of ops) {
    const apiPick = random(11);
    const rawPick = random(11);
    for (let n = 0; n < 5; n++) {
      const answer = (await (await fetch(`${address}${op.api(apiPick)}`, { headers })).json()) as {
        data: { query: { content: { id: string }[]; totalElements: number } };
      };
      const query = op.raw(rawPick);
      const { rows } = await pool.query<{ id: string; total: number }>(query.text, query.values);
      const api = {
        ids: answer.data.query.content.map((row) => row.id),
        total: answer.data.query.totalElements,
      };
      const raw = { ids: rows.map((row) => row.id), total: rows.length ? Number(rows[0]!.total) : api.total };
      if (JSON.stringify(api) !== JSON.stringify(raw))
        throw new Error(
          `${op.label}: the API answered ${JSON.stringify(api)}, the raw SQL ${JSON.stringify(raw)}`,
        );
    }
  }
}

/** Writes the NDJSON, loads it with `npm run import`'s code and with a plain COPY, and answers both rates. */
async function load(
  database: DatabaseHandle,
  shape: ReturnType<typeof shapeOf>,
  file: string,
  log: (line: string) => void,
) {
  const pool = database.pool!;
  let started = performance.now();
  const revisions = await writeScaleData(file, shape);
  log(
    `${revisions} revisions of ${shape.accounts} contacts and ${shape.cases} cases, ${shape.agents} agents, ` +
      `written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const statement of RAW_SCHEMA) await pool.query(statement);
  started = performance.now();
  const report = await importSnapshots(database.db, file, { pool });
  const importSeconds = (performance.now() - started) / 1000;
  if (report.errors.length > 0) throw new Error(`import: ${JSON.stringify(report.errors.slice(0, 3))}`);
  started = performance.now();
  const copied = await copyRaw(pool, file);
  const copySeconds = (performance.now() - started) / 1000;
  for (const statement of RAW_RECORDS) await pool.query(statement);
  // Vacuumed, as autovacuum leaves the tables in time: with the visibility map set, index-only scans skip the heap.
  await sql`vacuum (analyze)`.execute(database.db);
  const importRate = report.stored / importSeconds;
  const copyRate = copied / copySeconds;
  log(
    `ingest: npm run import ${report.stored} revisions in ${importSeconds.toFixed(1)} s ` +
      `(${Math.round(importRate)}/s); COPY ${copied} in ${copySeconds.toFixed(1)} s (${Math.round(copyRate)}/s); ` +
      `ratio ${(importRate / copyRate).toFixed(2)}x`,
  );
  return { revisions, importRate, copyRate };
}

/** A database an earlier `--keep` run left, migrated to this version's schema. */
async function reused(url: string): Promise<DatabaseHandle & { url: string; keep: () => Promise<void> }> {
  const handle = await openDatabase({ kind: 'postgres', url });
  return { ...handle, url, keep: handle.close };
}

export async function runScale(options: ScaleOptions): Promise<ScaleResult> {
  const log = options.log ?? console.log;
  const shape = shapeOf(options.revisions);
  const dir = mkdtempSync(path.join(tmpdir(), 'storico-scale-'));
  const file = path.join(dir, 'revisions.ndjson');
  const database = options.reuse
    ? await reused(options.reuse)
    : await scratchPostgres(options.adminUrl, 'storico_scale');
  const pool = database.pool!;
  let app: FastifyInstance | undefined;
  try {
    const config = benchConfig({ DATA_DIR: dir, DATABASE_URL: database.url });
    await migrateToLatest(database.db);
    await ensureRoles(database.db, config.productCode);
    const { revisions, importRate, copyRate } = options.reuse
      ? { revisions: options.revisions, importRate: NaN, copyRate: NaN }
      : await load(database, shape, file, log);
    if (options.reuse) {
      // A database kept by an earlier version of this benchmark may lack the raw record tables.
      for (const statement of RAW_RECORDS) await pool.query(statement);
      await pool.query('analyze raw_account_records, raw_case_records');
    }

    const served = await benchApp(database, config);
    app = served.app;
    const headers = served.headers;
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const pairsOf = async (text: string) =>
      (await pool.query<{ a: number; b: number }>(text)).rows.map((r) => [Number(r.a), Number(r.b)]);
    const pairs = {
      api: await pairsOf(`select min(id) as a, max(id) as b from revision_cases
        where case_id in (select id from sf_cases order by id limit 200) group by case_id having count(*) > 1`),
      raw: await pairsOf(`select min(id) as a, max(id) as b from raw_cases
        where record_id in (select distinct record_id from raw_cases order by record_id limit 200)
        group by record_id having count(*) > 1`),
    };

    // node:http on one kept-alive socket: fetch's own cost per call (about 1 ms here, more for larger answers)
    // would be counted against the API.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${address}${url}`, { agent, headers }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });

    const ops = operations(shape, pairs);
    await checkSameAnswers(ops.checks, address, headers, pool);
    const floorCall = async () => {
      if ((await get('/healthz')) !== 200) throw new Error('/healthz did not answer 200');
    };
    const rawCall = (name: string, query: RawQuery) => {
      const pick = random(7);
      return async () => {
        const { text, values } = query(pick);
        // Prepared, as the API's statements are: the best the same PostgreSQL can do.
        await pool.query({ name, text, values });
      };
    };
    // Each operation's API call, its raw SQL and a bare HTTP exchange are timed in turn, so that a change of the
    // machine's speed during the run weighs on the three alike.
    const results: OperationResult[] = [];
    for (const [index, op] of ops.timed.entries()) {
      const apiPick = random(7);
      const apiCall = async () => {
        const url = op.api(apiPick);
        const status = await get(url);
        // 404: a record created after the range has no version in it (the raw SQL finds none either).
        if (status !== 200 && status !== 404) throw new Error(`${url} answered ${status}`);
      };
      const [api, raw, floor] = (
        await measureInTurn(options.calls, [apiCall, rawCall(`raw_${index}`, op.raw), floorCall])
      ).map(summarize) as [Summary, Summary, Summary];
      results.push({ label: op.label, api, raw, floor, ratio: api.p50 / raw.p50 });
    }
    const [counted, uncounted] = (
      await measureInTurn(options.calls, [
        rawCall('raw_total_counted', ops.total.counted),
        rawCall('raw_total_uncounted', ops.total.uncounted),
      ])
    ).map(summarize) as [Summary, Summary];
    const total = { counted, uncounted };
    agent.destroy();
    log(formatTable(results, importRate, copyRate));
    log(formatFloor(results));
    log(formatTotal(total));
    return { revisions, importRate, copyRate, operations: results, total };
  } finally {
    await app?.close();
    if (options.keep || options.reuse) {
      log(`database kept: ${database.url}`);
      await database.keep();
    } else await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ms = (s: Summary) => `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)} / ${s.p99.toFixed(2)}`;

export function formatTable(results: OperationResult[], importRate: number, copyRate: number): string {
  const rows = results.map(
    (r) => `| ${r.label} | ${ms(r.api)} ms | ${ms(r.raw)} ms | ${r.ratio.toFixed(2)}x |`,
  );
  return [
    '| operation | Storico (API) p50 / p95 / p99 | raw SQL p50 / p95 / p99 | ratio p50 |',
    '|---|---|---|---|',
    ...rows,
    // A run that reused a loaded database (--reuse) loaded nothing: no ingest row.
    ...(Number.isNaN(importRate)
      ? []
      : [
          `| ingest, npm run import vs COPY | ${Math.round(importRate)} revisions/s | ${Math.round(copyRate)} revisions/s | ${(importRate / copyRate).toFixed(2)}x |`,
        ]),
  ].join('\n');
}

/**
 * Each operation's HTTP exchange alone (timed in turn with it); the least ratio an API answering with that exchange
 * and the raw SQL itself could reach, (HTTP p50 + raw p50) / raw p50; and the API's ratio once the exchange is taken
 * off its p50: what Storico's own work (its SQL included) costs against the raw SQL, which pays no HTTP.
 */
export function formatFloor(results: OperationResult[]): string {
  return [
    'HTTP exchange alone (GET /healthz through the same client, timed in turn with each operation):',
    ...results.map(
      (r) =>
        `  ${r.label}: HTTP ${ms(r.floor)} ms; least ratio (HTTP p50 + raw p50) / raw p50 = ` +
        `${((r.floor.p50 + r.raw.p50) / r.raw.p50).toFixed(2)}x; (API p50 - HTTP p50) / raw p50 = ` +
        `${((r.api.p50 - r.floor.p50) / r.raw.p50).toFixed(2)}x`,
    ),
  ].join('\n');
}

/** What the exact total of a search costs: counting every hit, which the sort reads anyway (goal: at most 2 ms). */
export function formatTotal(total: ScaleResult['total']): string {
  return (
    `exact total (raw contact search, 30 days, page 1, with and without count(*) over ()): ${ms(total.counted)} ` +
    `against ${ms(total.uncounted)} ms; the total costs ${(total.counted.p50 - total.uncounted.p50).toFixed(2)} ms p50`
  );
}
