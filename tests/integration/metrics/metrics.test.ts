import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_RANA } from '../../../contract/roles';
import { startSandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { Metrics } from '../../../server/metrics/metrics';
import { startSyncLoop } from '../../../server/sync/sync-loop';
import { bearer, signedInUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { sandboxConnector } from '../../support/sandbox-connector';

const TOKEN = 'scrape-token-0123456789';

describe.each(testDbKinds())('GET /metrics on %s', (kind) => {
  let t: TestApp;
  let metrics: Metrics;

  beforeAll(async () => {
    metrics = new Metrics();
    t = await createTestApp(kind, { env: { METRICS_TOKEN: TOKEN }, deps: { metrics } });
    if (t.database.pool) metrics.watchPool(t.database.pool);
    metrics.watchSessions(t.sessions);
  });
  afterAll(() => t?.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers only the scraper holding the token, its scheme in any case', async () => {
    for (const headers of [{}, bearer('wrong-token-0123456789'), { authorization: TOKEN }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
    }
    const lowerCase = { authorization: `bearer ${TOKEN}` };
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: lowerCase })).statusCode).toBe(200);
  });

  it('times requests by route pattern and status, and shows the event loop delay', async () => {
    const { token } = await signedInUser(t, USER_RANA);
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) });
    await t.app.inject({
      method: 'GET',
      url: '/api/v3/revision-account/ANY/history',
      headers: bearer(token),
    });
    const body = await scrape();
    expect(body).toContain(
      'storico_http_request_duration_seconds_count{method="GET",route="/api/v3/sf-user/",status="200"} 3',
    );
    // The pattern, not the URL: one series for every record's history.
    expect(body).toMatch(/route="\/api\/v3\/revision-account\/:id\/history",status="404"\} 1/);
    expect(body).not.toContain('/ANY/');
    expect(body).toMatch(/^storico_nodejs_eventloop_lag_p99_seconds \d/m);
    if (kind === 'postgres') expect(body).toMatch(/^storico_db_pool_connections\{state="total"\} \d+/m);
    // The caller's session was read once, then known from memory while the database's announcements are heard.
    expect(body).toMatch(/^storico_session_cache\{state="listening"\} 1$/m);
    expect(body).toMatch(/^storico_session_cache\{state="known"\} [1-9]\d*$/m);
  });

  it('counts sync runs, their duration, the records read and stored, and the CRM API usage', async () => {
    const sandbox = await startSandboxCrm({ port: 0, counts: { users: 3, accounts: 10, cases: 15 } });
    try {
      const connector = sandboxConnector(sandbox);
      metrics.watchCrm(connector);
      const loop = startSyncLoop({
        db: t.database.db,
        dbKind: t.database.kind,
        connector,
        intervalSeconds: 0,
        onRun: metrics.observeSync,
      });
      await loop.firstRun;
      await loop.stop();
    } finally {
      await sandbox.close();
    }
    const body = await scrape();
    expect(body).toContain('storico_sync_runs_total{outcome="ok"} 1');
    expect(body).toContain('storico_sync_duration_seconds_count 1');
    expect(body).toContain('storico_sync_records_total{object="Account",stage="read"} 10');
    expect(body).toMatch(/storico_sync_records_total\{object="Case",stage="stored"\} 15/);
    expect(body).toMatch(/^storico_crm_api_requests\{kind="limit"\} [1-9]/m);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const t = await createTestApp('pglite');
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
