import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOGIN_MAX_FAILURES, LoginError } from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/envelope';
import { USER_RANA, ADMIN } from '../../../contract/roles';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import type { DatabaseHandle } from '../../../server/db/database';
import { ReadinessState } from '../../../server/http/readiness';
import { withSyncLock } from '../../../server/sync/sync-lock';
import { startSyncLoop } from '../../../server/sync/sync-loop';
import { ensureRoles } from '../../../server/users/bootstrap';
import { bearer, createUserWithSecret, signIn, testIp } from '../../support/auth';
import { appOn, testConfig, type TestApp } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';
import { sandboxConnector } from '../../support/sandbox-connector';

/**
 * Two app instances on one PostgreSQL database, the way Storico scales out: locks, rate limits, sessions and the CRM
 * sync are shared, not per process.
 */

const OPERATOR_TOKEN = 'operator-token-of-this-test';
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let database: DatabaseHandle;
  let a: TestApp;
  let b: TestApp;

  const instance = () =>
    appOn(
      database,
      testConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL!, METRICS_TOKEN: OPERATOR_TOKEN }),
    );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await ensureRoles(database.db, testConfig().productCode);
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.close();
  });

  const login = (on: TestApp, username: string, ip: string) =>
    on.app.inject({
      method: 'POST',
      url: '/api/v3/auth/login?code=000000',
      payload: { username, password: 'Wrong-pass-1' },
      remoteAddress: ip,
    });

  it('shares the lock counters: failures on one instance lock the address on the other', async () => {
    const user = await createUserWithSecret(a, USER_RANA);
    const ip = testIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await login(i % 2 ? a : b, user.username, ip);
    const refused = await login(b, user.username, ip);
    expect(errorBodySchema.parse(refused.json()).error.code).toBe(LoginError.LOCKED);
  });

  it('shares the per-address rate limit: 31 quick attempts spread over both meet one limit of 30', async () => {
    const ip = testIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await login(i % 2 ? a : b, `spray-${i}-${Date.now()}`, ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  // Each instance knows its callers' sessions from memory and hears the database announce their end: the other
  // instance refuses within the moment the announcement takes to arrive (decision record 026).
  it('ends a session on every instance at sign-out, and a deleted user everywhere at once', async () => {
    const user = await createUserWithSecret(a, USER_RANA);
    const token = await signIn(a, user);
    const agents = (on: TestApp, as: string) =>
      on.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(as) });
    expect((await agents(b, token)).statusCode).toBe(200);
    expect(
      (await a.app.inject({ method: 'POST', url: '/api/v3/auth/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    await vi.waitFor(async () => expect((await agents(b, token)).statusCode).toBe(401), {
      timeout: 500,
      interval: 2,
    });

    const other = await createUserWithSecret(a, USER_RANA);
    const otherToken = await signIn(b, other);
    expect((await agents(b, otherToken)).statusCode).toBe(200);
    const admin = await createUserWithSecret(a, ADMIN);
    const deleted = await a.app.inject({
      method: 'DELETE',
      url: `/api/v3/user/${other.id}`,
      headers: bearer(await signIn(a, admin)),
    });
    expect(deleted.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await agents(b, otherToken)).statusCode).toBe(401), {
      timeout: 500,
      interval: 2,
    });
  });

  describe('the CRM sync', () => {
    let sandbox: SandboxCrm;
    beforeAll(async () => {
      sandbox = await startSandboxCrm({ port: 0, counts: { users: 2, accounts: 5, cases: 5 } });
    });
    afterAll(() => sandbox.close());

    it('runs once per interval across instances, and /readyz says which instance synced last', async () => {
      const loop = (on: TestApp, instanceId: string) =>
        startSyncLoop({
          db: database.db,
          dbKind: 'postgres',
          connector: sandboxConnector(sandbox),
          intervalSeconds: 600,
          readiness: on.readiness,
          instanceId,
        });
      const first = loop(a, 'instance-a');
      await first.firstRun;
      const afterFirst = sandbox.stats.requests;
      expect(afterFirst).toBeGreaterThan(0);
      const second = loop(b, 'instance-b');
      await second.firstRun;
      await first.stop();
      await second.stop();
      expect(sandbox.stats.requests).toBe(afterFirst);
      for (const on of [a, b]) {
        const ready = await on.app.inject({
          method: 'GET',
          url: '/readyz',
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toMatchObject({
          checks: { sync: 'ok' },
          lastSync: { instance: 'instance-a', startedAt: expect.any(String) },
        });
        // Anyone else learns whether the instance is ready, not which instance synced.
        const anyone = await on.app.inject({ method: 'GET', url: '/readyz' });
        expect(anyone.json()).not.toHaveProperty('lastSync');
      }
    });

    it('names the instance holding the run when one starts while another syncs', async () => {
      const readiness = new ReadinessState();
      // Another instance holds the sync: this one's first run is skipped, and says whose run it is.
      await withSyncLock(database.db, 'postgres', async () => {
        const waiting = startSyncLoop({
          db: database.db,
          dbKind: 'postgres',
          connector: sandboxConnector(sandbox),
          intervalSeconds: 0,
          readiness,
          instanceId: 'instance-c',
        });
        await waiting.firstRun;
        await waiting.stop();
      });
      expect(readiness.snapshot().lastSync).toMatchObject({ instance: 'instance-a' });
    });
  });
});
