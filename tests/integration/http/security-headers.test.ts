import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { buildApp } from '../../../server/app/app';
import { SessionService } from '../../../server/identity/sessions';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../server/db/database';
import { ensureRoles } from '../../../server/users/bootstrap';
import { findRoleByName } from '../../../server/identity/roles.repository';
import { insertUser } from '../../../server/identity/users.repository';
import { ReadinessState } from '../../../server/http/readiness';
import { testConfig } from '../../support/test-app';

/** Every answer carries the security headers: 2xx, 4xx (the access hook's 401 and 403 too) and 5xx, JSON and HTML. */
describe.each([
  ['plain http', 'http://localhost:8080', false],
  ['https', 'https://storico.example.test', true],
] as const)('security headers behind %s', (_name, publicUrl, https) => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let adminToken: string;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', memory: true });
    await migrateToLatest(database.db);
    const config = testConfig({ PUBLIC_URL: publicUrl });
    await ensureRoles(database.db, config.productCode);
    const distDir = mkdtempSync(path.join(tmpdir(), 'storico-dist-'));
    writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Storico</title>');
    const sessions = new SessionService(database.db, config.jwtSecret);
    app = await buildApp({
      config,
      db: database.db,
      readiness: new ReadinessState(),
      sessions,
      logger: false,
      distDir,
    });
    await app.register(async (scope) => {
      scope.get('/api/v3/boom', { config: { access: 'public' } }, () => {
        throw new Error('boom');
      });
      scope.get('/api/v3/rana-only', { config: { access: [USER_RANA] } }, () => ({ ok: true }));
    });
    await app.ready();
    const now = new Date();
    const id = await insertUser(database.db, {
      username: 'admin',
      email: 'admin@example.test',
      password_hash: 'not used',
      role_id: (await findRoleByName(database.db, ADMIN))!.id,
      created_at: now,
      updated_at: now,
    });
    adminToken = await sessions.issue({ id, username: 'admin', role: ADMIN }, null);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const cases: [string, { url: string; headers?: Record<string, string> }, number, RegExp][] = [
    ['200 JSON', { url: '/healthz' }, 200, /json/],
    ['200 HTML', { url: '/contatti/contatti', headers: { accept: 'text/html' } }, 200, /html/],
    ['400', { url: '/api/v3/user/a%00b/qr-code' }, 400, /json/],
    // Refused by Fastify before routing, where no hook runs.
    ['400 of a malformed URL', { url: '/api/v3/sf-user/%E0' }, 400, /json/],
    ['401', { url: '/api/v3/sf-user/' }, 401, /json/],
    [
      '401 with a bad token',
      { url: '/api/v3/sf-user/', headers: { authorization: 'Bearer x.y.z' } },
      401,
      /json/,
    ],
    ['403', { url: '/api/v3/rana-only', headers: { authorization: 'admin' } }, 403, /json/],
    ['404', { url: '/api/v3/nothing-here' }, 404, /json/],
    ['500', { url: '/api/v3/boom' }, 500, /json/],
  ];

  it.each(cases)('on a %s answer', async (_label, request, status, type) => {
    // 'admin' stands for the administrator's token, made once the app is up.
    const headers =
      request.headers?.authorization === 'admin'
        ? { authorization: `Bearer ${adminToken}` }
        : request.headers;
    const res = await app.inject({ method: 'GET', url: request.url, ...(headers ? { headers } : {}) });
    expect(res.statusCode).toBe(status);
    expect(String(res.headers['content-type'])).toMatch(type);
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    if (https) expect(String(res.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
    else expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps every API answer out of browser and proxy caches, a signed-in read and a public enrolment page alike', async () => {
    const read = await app.inject({
      method: 'GET',
      url: '/api/v3/user/',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    const enrolment = await app.inject({ method: 'GET', url: '/api/v3/user/no-such-link/qr-code' });
    expect(enrolment.headers['cache-control']).toBe('no-store');
    // The app's own files keep their caching.
    const shell = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
