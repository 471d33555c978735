import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../contract/envelope';
import { USER_RANA } from '../../../contract/roles';
import { qrCodeSchema } from '../../../contract/users';
import { hashPassword } from '../../../server/identity/passwords';
import { totpCodeAt } from '../../../server/identity/totp';
import { lockDataDir } from '../../../server/db/data-dir-lock';
import { migrateToLatest, openDatabase } from '../../../server/db/database';
import { embeddedDatabaseDir } from '../../../server/db/open-configured';
import { ensureRoles } from '../../../server/users/bootstrap';
import { findRoleByName } from '../../../server/identity/roles.repository';
import { insertUser } from '../../../server/identity/users.repository';
import { bearer, signedInUser, testIp } from '../../support/auth';
import { runTool } from '../../support/run-tool';
import { createTestApp, testConfig, type TestApp } from '../../support/test-app';

const secrets = { JWT_SECRET: testConfig().jwtSecret, SECRETS_KEY: testConfig().secretsKey.toString('hex') };

/** `npm run user:reset -- USERNAME --by USERNAME` as a process of its own, with `env` over the test's settings. */
const resetCli = (username: string, env: Record<string, string>) =>
  runTool('server/users/reset-cli.ts', [username, '--by', username], {
    DEMO: '1',
    DATABASE_URL: '',
    ...secrets,
    ...env,
  });

/** A migrated data dir to start from: an initdb costs seconds. */
async function migratedTemplate(): Promise<Blob> {
  const template = await openDatabase({ kind: 'pglite', memory: true });
  await migrateToLatest(template.db);
  const blob = await template.dumpDataDir!();
  await template.close();
  return blob;
}

const printed = (stdout: string) => ({
  password: /password: +(\S+)/.exec(stdout)?.[1],
  qrToken: /\/2fa\/(\S+)/.exec(stdout)?.[1],
});

describe('npm run user:reset on the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'storico-reset-cli-'));

  it('says no database is there, and creates none, when DATA_DIR holds none', async () => {
    const dataDir = path.join(root, 'missing');
    const result = await resetCli('admin', { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `No Storico database found in ${embeddedDatabaseDir(dataDir)}: run the command with the server's DATA_DIR`,
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('is refused while the server has the data dir open, and resets the user once it stopped', async () => {
    const dataDir = path.join(root, 'served');
    const config = testConfig({ DATA_DIR: dataDir });
    // What the server does at start: the lock, then the database.
    const lock = lockDataDir(dataDir, 'the server');
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: embeddedDatabaseDir(dataDir),
      template: await migratedTemplate(),
      thread: false,
    });
    await migrateToLatest(database.db);
    await ensureRoles(database.db, config.productCode);
    const role = await findRoleByName(database.db, USER_RANA);
    const now = new Date();
    await insertUser(database.db, {
      username: 'rana',
      email: 'rana@example.test',
      password_hash: await hashPassword('Old-password-1!'),
      role_id: role!.id,
      created_at: now,
      updated_at: now,
    });

    const refused = await resetCli('rana', { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `The server is running on this data dir (${dataDir}, pid ${process.pid}): stop it first.`,
    );
    expect(refused.stdout).not.toContain('password');

    await database.close();
    lock.release();
    const reset = await resetCli('rana', { DATA_DIR: dataDir });
    expect(reset.code).toBe(0);
    expect(printed(reset.stdout).password).toBeDefined();
    expect(readdirSync(dataDir)).not.toContain('storico.lock');
  }, 120_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'npm run user:reset beside a running server on PostgreSQL',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('postgres');
    });
    afterAll(() => t.close());

    it('holds at once: the old session ends, the new password and authenticator sign in', async () => {
      const { user, token } = await signedInUser(t, USER_RANA);
      const probe = () => t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) });
      // Known to the server from now on: only the database's announcement can end it.
      expect((await probe()).statusCode).toBe(200);

      const result = await resetCli(user.username, {
        DATABASE_URL: t.database.pool!.options.connectionString!,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'storico-reset-cli-')),
        PUBLIC_URL: t.config.publicUrl,
      });
      expect(result.code).toBe(0);
      const { password, qrToken } = printed(result.stdout);

      await expect.poll(async () => (await probe()).statusCode, { timeout: 5_000 }).toBe(401);
      const qr = await t.app.inject({ method: 'GET', url: `/api/v3/user/${qrToken}/qr-code` });
      const { secretKey } = envelopeOf(qrCodeSchema).parse(qr.json()).data.query;
      const login = await t.app.inject({
        method: 'POST',
        url: `/api/v3/auth/login?code=${totpCodeAt(secretKey, t.now())}`,
        payload: { username: user.username, password },
        remoteAddress: testIp(),
      });
      expect(login.statusCode).toBe(200);
    });
  },
);
