import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_RANA } from '../../../contract/roles';
import { bearer, signedInUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

type Operation = {
  summary?: string;
  parameters?: { name: string; in: string }[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** `/api/v3/user/:id` as the document writes it: `/api/v3/user/{id}`. */
const documented = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The published OpenAPI document says what the routes answer, and lists the API only. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let operations: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    // With the app shell and /metrics served, so that the routes which are not the API exist.
    const distDir = mkdtempSync(path.join(tmpdir(), 'storico-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Storico</title>');
    t = await createTestApp('pglite', {
      deps: { distDir },
      env: { METRICS_TOKEN: 'metrics-token-for-the-test', API_DOCS: '1' },
    });
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    operations = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.includes(method))
        .map(([method, operation]) => ({ method: method.toUpperCase(), path: p, operation })),
    );
  });
  afterAll(() => t.close());

  const operation = (method: string, p: string) => {
    const found = doc.paths[p]?.[method.toLowerCase()];
    if (!found) throw new Error(`${method} ${p} is not documented`);
    return found;
  };
  const statuses = (method: string, p: string) => Object.keys(operation(method, p).responses);

  it('lists the API only: not the app shell, health, metrics nor the document itself', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((o) => !o.path.startsWith('/api/v3/')).map((o) => o.path)).toEqual([]);
  });

  it('documents every API route, and 429 on each that is rate-limited or takes a one-time code', () => {
    const listed = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const rules = t.app.routeRules.map((r) => ({ ...r, path: documented(r.url) }));
    expect(rules.filter((r) => !listed.has(`${r.method} ${r.path}`))).toEqual([]);
    const limited = rules.filter((r) => r.rateLimited).map((r) => `${r.method} ${r.path}`);
    const withCode = operations
      .filter((o) => o.operation.parameters?.some((p) => p.in === 'query' && p.name === 'code'))
      .map((o) => `${o.method} ${o.path}`);
    expect(withCode).toEqual(
      expect.arrayContaining([
        'POST /api/v3/restore-case-request/',
        'POST /api/v3/restore-case-request/{id}/review/{reviewerId}',
      ]),
    );
    for (const key of new Set([...limited, ...withCode])) {
      const [method, p] = key.split(' ') as [string, string];
      expect(statuses(method, p), key).toContain('429');
    }
  });

  it('documents 400 on every operation that takes parameters or a body, and a 2xx on every one', () => {
    for (const { method, path: p, operation: o } of operations) {
      const codes = Object.keys(o.responses);
      expect(
        codes.some((c) => c.startsWith('2')),
        `${method} ${p}`,
      ).toBe(true);
      if ((o.parameters?.length ?? 0) > 0 || o.requestBody) expect(codes, `${method} ${p}`).toContain('400');
    }
  });

  it('documents the answers found missing: login 400, QR code 400 and 429, own password 429, the CSV', () => {
    expect(statuses('POST', '/api/v3/auth/login')).toEqual(expect.arrayContaining(['400', '401', '429']));
    expect(statuses('GET', '/api/v3/user/{id}/qr-code')).toEqual(
      expect.arrayContaining(['400', '401', '429']),
    );
    expect(statuses('PUT', '/api/v3/user/{id}/update-password')).toContain('429');
    expect(Object.keys(operation('GET', '/api/v3/audit/export.csv').responses['200']?.content ?? {})).toEqual(
      ['text/csv'],
    );
  });

  it('marks the review body optional, as the server takes none, and lists the agents query the app sends', () => {
    for (const kind of ['account', 'case'])
      expect(
        operation('POST', `/api/v3/restore-${kind}-request/{id}/review/{reviewerId}`).requestBody?.required,
      ).toBe(false);
    expect(operation('POST', '/api/v3/restore-case-request/').requestBody?.required).toBe(true);
    expect(operation('GET', '/api/v3/sf-user/').parameters?.map((p) => `${p.in} ${p.name}`)).toEqual([
      'query isPaged',
    ]);
  });

  it("tells that USER_RANA reads her own rollback requests only, and another's is not found", () => {
    const list = operation('GET', '/api/v3/rollback-request/');
    const detail = operation('GET', '/api/v3/rollback-request/{id}');
    expect(list.summary).toMatch(/every one to a reviewer, only her own to USER_RANA/);
    expect(detail.summary).toMatch(/USER_RANA her own only \(404 for another's\)/);
    expect(Object.keys(detail.responses)).toContain('404');
  });

  it('answers the agents list with the query the app sends, and refuses a malformed one naming it', async () => {
    const { token } = await signedInUser(t, USER_RANA);
    const agents = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/v3/sf-user/${query}`, headers: bearer(token) });
    expect((await agents('?isPaged=false')).statusCode).toBe(200);
    expect((await agents('')).statusCode).toBe(200);
    const refused = await agents('?isPaged=maybe');
    expect([refused.statusCode, refused.json().error.field]).toEqual([400, 'query.isPaged']);
  });
});

describe('serving the OpenAPI document', () => {
  const served = async (env: Record<string, string>) => {
    const t = await createTestApp('pglite', { env });
    try {
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
      const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      return { ui: ui.statusCode, json: json.statusCode };
    } finally {
      await t.close();
    }
  };

  it('serves neither the UI nor the document unless API_DOCS is on', async () => {
    expect(await served({})).toEqual({ ui: 404, json: 404 });
    expect(await served({ API_DOCS: '0' })).toEqual({ ui: 404, json: 404 });
  });

  it('serves both with API_DOCS=1', async () => {
    const answers = await served({ API_DOCS: '1' });
    // The UI redirects to its page.
    expect([200, 302]).toContain(answers.ui);
    expect(answers.json).toBe(200);
  });
});
