import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/envelope';
import { createTestApp, type TestApp } from '../support/test-app';
import { testDbKinds } from '../support/test-database';

describe.each(testDbKinds())('foundation on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ ready: true, checks: { database: 'ok' } });
  });

  it('reports 503 on /readyz while the first sync runs', async () => {
    t.readiness.syncStatus('running', 'Account 120/2000');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, progress: 'Account 120/2000' });
    t.readiness.syncStatus('ok');
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('answers unknown API routes with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v3/no-such-thing' });
    expect(res.statusCode).toBe(404);
    const body = errorBodySchema.parse(res.json());
    expect(body).toMatchObject({ statusCode: 404, status: 'NOT_FOUND', error: { code: 'NOT_FOUND' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('keeps the OpenAPI document to itself unless API_DOCS is on (tests/integration/http/openapi.test.ts)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    expect(t.app.swagger()).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
      info: { title: 'Storico API' },
    });
  });

  it('sends a strict CSP without inline script and no X-Powered-By', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-inline';script");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('migrated every table of the schema', async () => {
    const tables = await t.database.db
      .selectFrom('information_schema.tables' as never)
      .select('table_name' as never)
      .where('table_schema' as never, '=', 'public' as never)
      .execute();
    const names = z
      .array(z.object({ table_name: z.string() }))
      .parse(tables)
      .map((r) => r.table_name);
    expect(names).toEqual(
      expect.arrayContaining([
        'roles',
        'users',
        'qr_tokens',
        'sessions',
        'login_attempts',
        'sf_users',
        'sf_accounts',
        'revision_accounts',
        'sf_cases',
        'revision_cases',
        'restore_types',
        'restore_statuses',
        'restore_account_requests',
        'restore_case_requests',
        'audit_log',
        'sync_state',
      ]),
    );
  });
});
