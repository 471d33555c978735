import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productRole, USER_RANA } from '../../../contract/roles';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import { toSfDateTime } from '../../../server/crm/salesforce-dates';
import { importedPackages } from '../../../scripts/server-bundle';
import { E2E_ADMIN } from '../../e2e/support/e2e-env';
import { authenticator } from '../../e2e/support/one-time-codes';
import { freePort } from '../../e2e/support/server-process';
import { adminToken, call, createUser, type Envelope } from '../../e2e/support/users';
import { productionInstall, type ProductionInstall } from '../../support/production-install';
import { createTestPostgres } from '../../support/test-database';

/**
 * Storico as it is deployed: built, on production dependencies only, started with `npm run start:prod` twice on one
 * PostgreSQL behind HAProxy configured by deploy/haproxy.cfg. Everything goes through the proxy; one instance is
 * then stopped as a process manager stops it, and the other carries on with the same sessions and the sync.
 */

const HAPROXY = '/usr/sbin/haproxy';
const root = path.resolve(import.meta.dirname, '../../..');
const skipped = !process.env.TEST_DATABASE_URL
  ? 'needs PostgreSQL (TEST_DATABASE_URL)'
  : !existsSync(HAPROXY)
    ? `needs ${HAPROXY} (Debian haproxy, which .ci/run installs)`
    : undefined;

type Running = { process: ChildProcess; exited: Promise<number | null>; log: () => string };

/** Starts `command` in `cwd`, its output kept for a failure's message. */
function run(command: string, args: string[], cwd: string, env: Record<string, string>): Running {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env } });
  let output = '';
  child.stdout?.on('data', (data) => (output += data.toString()));
  child.stderr?.on('data', (data) => (output += data.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, exited, log: () => output };
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const today = new Date().toISOString().slice(0, 10);
type Revision = { id: number; json: string };
type Page<T> = { data: { query: { content: T[] } } };

describe.skipIf(skipped)(
  `two production instances behind HAProxy${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let install: ProductionInstall;
    let database: { url: string; drop(): Promise<void> };
    let sandbox: SandboxCrm;
    let proxy: Running;
    let proxyUrl: string;
    const instances: Running[] = [];
    const stepsDir = mkdtempSync(path.join(tmpdir(), 'storico-proxy-codes-'));

    beforeAll(async () => {
      [install, database, sandbox] = await Promise.all([
        productionInstall(),
        createTestPostgres(process.env.TEST_DATABASE_URL!),
        startSandboxCrm({ port: 0, counts: { users: 2, accounts: 6, cases: 4 } }),
      ]);
      const ports = await Promise.all([freePort(), freePort(), freePort()]);
      const [proxyPort, ...instancePorts] = ports as [number, number, number];
      for (const [index, port] of instancePorts.entries())
        instances.push(
          run('npm', ['run', 'start:prod', '--silent'], install.dir, {
            NODE_ENV: 'production',
            PORT: String(port),
            HOST: '127.0.0.1',
            INSTANCE_ID: `storico-${index + 1}`,
            DATABASE_URL: database.url,
            SF_LOGIN_URL: sandbox.url,
            SF_CLIENT_ID: 'sandbox',
            SF_CLIENT_SECRET: 'sandbox',
            SYNC_INTERVAL_S: '1',
            JWT_SECRET: 'a-jwt-secret-of-the-proxy-test-0123456789',
            SECRETS_KEY: '0123456789abcdef'.repeat(4),
            ADMIN_USERNAME: E2E_ADMIN.username,
            ADMIN_PASSWORD: E2E_ADMIN.password,
            ADMIN_TOTP_SECRET: E2E_ADMIN.totpSecret,
            TRUST_PROXY: '127.0.0.1',
            LOG_LEVEL: 'warn',
          }),
        );
      proxy = run(HAPROXY, ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], root, {
        STORICO_PROXY_BIND: `127.0.0.1:${proxyPort}`,
        STORICO_1: `127.0.0.1:${instancePorts[0]}`,
        STORICO_2: `127.0.0.1:${instancePorts[1]}`,
      });
      proxyUrl = `http://127.0.0.1:${proxyPort}`;
      await Promise.all(
        instancePorts.map((port, index) =>
          waitFor(`instance ${index + 1} ready\n${instances[index]!.log()}`, async () => {
            return (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
          }),
        ),
      );
      // Both instances in the proxy's rotation: its health checks run every second.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
    }, 90_000);

    afterAll(async () => {
      // SIGTERM, not SIGKILL: npm passes it on to the server it started, which would outlive a killed npm.
      const started = [...instances, proxy].filter(
        (running) => running && running.process.exitCode === null && !running.process.signalCode,
      );
      for (const running of started) running.process.kill('SIGTERM');
      await Promise.all(started.map((running) => running.exited));
      await sandbox?.close();
      await database?.drop();
      if (install) rmSync(install.dir, { recursive: true, force: true });
    });

    it('installs exactly the packages the compiled server imports as production dependencies', () => {
      expect([...importedPackages(install.metafile)].sort()).toEqual([...install.dependencies].sort());
    });

    it('signs in, searches and approves restores through the proxy, and carries on when one instance stops', async () => {
      const admin = await adminToken(authenticator(E2E_ADMIN.totpSecret, stepsDir), proxyUrl);
      const newUser = (role: string) => createUser(admin, role, proxyUrl, stepsDir);
      const reviewerRole = productRole('STORICO');
      const [requester, reviewer, laterReviewer] = await Promise.all([
        newUser(USER_RANA),
        newUser(reviewerRole),
        newUser(reviewerRole),
      ]);
      const signIn = async (user: typeof requester) => {
        const { status, body } = await call<{ data: { token: string } }>(
          `/auth/login?code=${await user.codes.nextCode()}`,
          {
            baseUrl: proxyUrl,
            method: 'POST',
            body: JSON.stringify({ username: user.username, password: user.password }),
          },
        );
        expect(status, `sign-in of ${user.username}`).toBe(200);
        return body.data.token;
      };
      const [requesterToken, reviewerToken, laterReviewerToken] = await Promise.all([
        signIn(requester),
        signIn(reviewer),
        signIn(laterReviewer),
      ]);
      const api = <T>(token: string, url: string, init: RequestInit = {}) =>
        call<T>(url, { ...init, token, baseUrl: proxyUrl });

      // Two contacts changed in the CRM: the sync stores their new versions, and restores bring the old ones back.
      const contacts = sandbox.records.all('Account').filter((record) => record.IsPersonAccount === true);
      const [first, second, third] = contacts as [CrmRecord, CrmRecord, CrmRecord];
      const editInCrm = (record: CrmRecord) => {
        const stamp = toSfDateTime(sandbox.records.now());
        const current = sandbox.records.get('Account', record.Id)!;
        sandbox.records.save('Account', {
          ...current,
          Phone: `+39 02 ${Date.now() % 10_000_000}`,
          LastModifiedDate: stamp,
          SystemModstamp: stamp,
        });
      };
      const history = async (record: CrmRecord) =>
        (await api<Page<Revision>>(admin, `/revision-account/${record.Id}/history?page=0&size=10`)).body.data
          .query.content;
      const newVersionStored = (record: CrmRecord) =>
        waitFor(`a new version of ${record.Id}`, async () => (await history(record)).length === 2);
      for (const record of [first, second]) editInCrm(record);
      await Promise.all([first, second].map(newVersionStored));

      const search = await api<Page<{ id: string }>>(
        requesterToken,
        `/sf-user/${String(first.OwnerId)}/sf-account?dateFrom=2000-01-01&dateTo=${today}&page=0&size=50`,
      );
      expect(search.status).toBe(200);
      expect(search.body.data.query.content.map((row) => row.id)).toContain(first.Id);

      const olderVersions = await Promise.all(
        [first, second].map(async (record) => (await history(record))[1]!),
      );
      const olderPhone = (index: number) => (JSON.parse(olderVersions[index]!.json) as CrmRecord).Phone;
      const report = await api<Envelope<Array<{ id: number }>>>(
        requesterToken,
        `/restore-account-request/?code=${await requester.codes.nextCode()}`,
        {
          method: 'POST',
          body: JSON.stringify({
            dateFrom: '2000-01-01',
            dateTo: today,
            restoreTypeId: 1,
            userCreatorId: requester.id,
            userReviewerId: 0,
            salesforceUserId: null,
            revisionIdList: olderVersions.map((revision) => revision.id),
          }),
        },
      );
      expect(report.status, JSON.stringify(report.body)).toBe(201);
      const [firstRequest, secondRequest] = report.body.data.query;
      const approve = async (requestId: number, user: typeof reviewer, token: string) => {
        const review = await api<Envelope<{ status: { status: string } }>>(
          token,
          `/restore-account-request/${requestId}/review/${user.id}?approved=true&code=${await user.codes.nextCode()}`,
          { method: 'POST' },
        );
        expect(review.status, JSON.stringify(review.body)).toBe(200);
        expect(review.body.data.query.status.status).toBe('APPROVED');
      };
      await approve(firstRequest!.id, reviewer, reviewerToken);
      expect(sandbox.records.get('Account', first.Id)!.Phone).toBe(olderPhone(0));

      // Stopped as a process manager stops it: SIGTERM to the process it started, npm's.
      const [stopped, carrying] = instances as [Running, Running];
      const stoppingAt = Date.now();
      stopped.process.kill('SIGTERM');
      expect(await stopped.exited).toBe(0);
      expect(Date.now() - stoppingAt).toBeLessThan(10_000);

      // The other instance answers every caller at once, with the sessions signed in before.
      await approve(secondRequest!.id, laterReviewer, laterReviewerToken);
      expect(sandbox.records.get('Account', second.Id)!.Phone).toBe(olderPhone(1));
      expect((await api(requesterToken, '/sf-user/')).status).toBe(200);
      editInCrm(third);
      await newVersionStored(third);
      expect(carrying.process.exitCode).toBeNull();
    });
  },
);
