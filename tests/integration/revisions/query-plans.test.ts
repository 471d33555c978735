import {
  CompiledQuery,
  PostgresQueryCompiler,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_RANA } from '../../../contract/roles';
import { buildApp } from '../../../server/app/app';
import type { Db } from '../../../server/db/database';
import { bearer, signedInUser } from '../../support/auth';
import {
  DEMO_VOLUME,
  bulkAccountId,
  bulkAgentId,
  bulkCaseId,
  loadBulkRevisions,
} from '../../support/bulk-revisions';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

/**
 * Records the SQL of every query an app sends, so the test can ask the planner how it would run each: a query
 * builder's as a plugin sees it, a statement compiled beforehand (server/db/compiled-statements.ts) as it is run.
 */
class QueryRecorder implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  private readonly compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.compiler.compileQuery(args.node, args.queryId));
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }

  /** `db`, recording what it is given to run already compiled as well. */
  watch(db: Db): Db {
    const queries = this.queries;
    return new Proxy(db.withPlugin(this), {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (property === 'executeQuery')
          return (query: CompiledQuery) => {
            queries.push(query);
            return target.executeQuery(query);
          };
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
  }
}

/**
 * The search and compare endpoints on demo-sized data (20 agents, 2,000 contacts, 5,000 cases, ~35,000 revisions),
 * analysed, with the planner left free (enable_seqscan stays on): it must CHOOSE the indexes, never scan every
 * revision. Every query the endpoints send is captured and explained.
 */
describe.each(testDbKinds())('query plans of search and compare on %s', (kind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let token: string;
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await signedInUser(t, USER_RANA)).token;
    await loadBulkRevisions(t.database.db, DEMO_VOLUME);
    app = await buildApp({
      config: t.config,
      db: recorder.watch(t.database.db),
      readiness: t.readiness,
      sessions: t.sessions,
      logger: false,
    });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  async function plansOf(urls: string[]): Promise<string[]> {
    recorder.queries.length = 0;
    for (const url of urls) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const plans: string[] = [];
    for (const query of recorder.queries) {
      const explained = await t.database.db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      plans.push(explained.rows.map((row) => Object.values(row)[0]).join('\n'));
    }
    if (process.env.SHOW_PLANS)
      console.log(recorder.queries.map((q, i) => `${q.sql}\n${plans[i]}`).join('\n\n'));
    return plans;
  }

  /**
   * Revisions are partitioned by quarter: the planner may read an empty partition (no pages: estimated cost
   * 0.00..0.00) without an index, never one that holds rows.
   */
  const expectIndexServed = (plans: string[]) => {
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      const scans =
        plan.match(/Seq Scan on revision_(accounts|cases)\w*\s+\w+\s+\(cost=[\d.]+\.\.[\d.]+/g) ?? [];
      for (const scan of scans) expect(scan).toMatch(/cost=0\.00\.\.0\.00$/);
      if (/revision_(accounts|cases)/.test(plan)) expect(plan).toMatch(/Index (Only )?Scan/);
    }
  };

  /**
   * A search is one statement (page and total together) that range-scans the revisions' (owner, time) index and
   * never walks the agent's book (the records' owner index) probing each record for a revision in the range.
   */
  const expectOneRangeScan = (plans: string[], ownerIndex: RegExp, bookIndex: string) => {
    const searches = plans.filter((plan) => ownerIndex.test(plan));
    expect(searches).toHaveLength(plans.filter((plan) => /WindowAgg/.test(plan)).length);
    expect(searches.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan).not.toContain(bookIndex);
  };

  const agent = bulkAgentId(3);
  const ranges = [
    'dateFrom=2025-03-01&dateTo=2025-03-31',
    'dateFrom=2024-01-01&dateTo=2026-12-31',
    'dateFrom=2025-06-15&dateTo=2025-06-15',
  ];

  it('searches contacts through the owner and revision-time indexes', async () => {
    const plans = await plansOf(
      ranges.flatMap((range) => [
        `/api/v3/sf-user/${agent}/sf-account?${range}`,
        `/api/v3/sf-user/${agent}/sf-account?${range}&filter=cliente 4&sort=accountName,asc`,
        `/api/v3/sf-user/${agent}/sf-account?${range}&sort=countSalesforceCases,desc&page=2&size=20`,
      ]),
    );
    expectIndexServed(plans);
    expectOneRangeScan(plans, /revision_accounts_\w+_owner_id_saved_at_account_id_idx/, 'sf_accounts_owner');
  });

  it('searches cases through the owner and revision-time indexes', async () => {
    const plans = await plansOf(
      ranges.flatMap((range) => [
        `/api/v3/sf-user/${agent}/sf-case?${range}`,
        `/api/v3/sf-user/${agent}/sf-case?${range}&filter=tortellini&sort=description,asc`,
        `/api/v3/sf-user/${agent}/sf-case?${range}&filter=0000012`,
      ]),
    );
    expectIndexServed(plans);
    expectOneRangeScan(plans, /revision_cases_\w+_owner_id_saved_at_case_id_idx/, 'sf_cases_owner');
  });

  it('answers a search without hits, or past its last page, in the same one statement', async () => {
    const quiet = 'dateFrom=2019-01-01&dateTo=2019-01-31';
    for (const [url, total] of [
      [`/api/v3/sf-user/${agent}/sf-account?${quiet}`, 0],
      [`/api/v3/sf-user/${agent}/sf-case?${quiet}&filter=tortellini`, 0],
      [`/api/v3/sf-user/${agent}/sf-account?${ranges[1]}&page=500`, null],
      [`/api/v3/sf-user/${agent}/sf-case?${ranges[1]}&page=500`, null],
    ] as const) {
      recorder.queries.length = 0;
      const res = await app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(200);
      const page = res.json<{ data: { query: { content: unknown[]; totalElements: number } } }>().data.query;
      expect(page.content, url).toEqual([]);
      // Past the last page the exact total is still given: the records of the whole range.
      if (total === null) expect(page.totalElements, url).toBeGreaterThan(0);
      else expect(page.totalElements, url).toBe(total);
      expect(recorder.queries, url).toHaveLength(1);
    }
  });

  it('finds the versions in effect, the history and the differences by index', async () => {
    const plans = await plansOf([
      ...ranges.map((range) => `/api/v3/revision-account/${bulkAccountId(42)}/account?${range}`),
      ...ranges.map((range) => `/api/v3/revision-case/${bulkCaseId(42)}/cases?${range}`),
      `/api/v3/revision-account/${bulkAccountId(42)}/history?size=5`,
      `/api/v3/revision-case/${bulkCaseId(42)}/history?page=1&size=2`,
      '/api/v3/revision-account/differences?firstRevisionAccountID=1&secondRevisionAccountID=2',
      '/api/v3/revision-case/differences?firstRevisionCaseID=1&secondRevisionCaseID=2',
    ]);
    expectIndexServed(plans);
  });
});
