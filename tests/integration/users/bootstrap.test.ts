import { afterEach, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../contract/envelope';
import { qrCodeSchema } from '../../../contract/users';
import { generateTotpSecret, totpCodeAt } from '../../../server/identity/totp';
import { bootstrapIdentity, ensureRoles } from '../../../server/users/bootstrap';
import { testIp } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

const production = {
  DEMO: '0',
  SF_LOGIN_URL: 'http://127.0.0.1:9',
  SF_CLIENT_ID: 'client',
  SF_CLIENT_SECRET: 'secret',
};

describe.each(testDbKinds())('first start on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Runs the start-up step and answers what it printed. */
  const start = async (app: TestApp) => {
    const printed: string[] = [];
    await bootstrapIdentity(app.database.db, app.config, (text) => printed.push(text));
    return printed.join('\n');
  };

  const login = (app: TestApp, username: string, password: string, secret: string) =>
    app.app.inject({
      method: 'POST',
      url: `/api/v3/auth/login?code=${totpCodeAt(secret, new Date())}`,
      payload: { username, password },
      remoteAddress: testIp(),
    });

  const secretOfLink = async (app: TestApp, url: string) => {
    const token = url.split('/2fa/')[1]!;
    const res = await app.app.inject({ method: 'GET', url: `/api/v3/user/${token}/qr-code` });
    expect(res.statusCode).toBe(200);
    return envelopeOf(qrCodeSchema).parse(res.json()).data.query.secretKey;
  };

  it('keeps the three roles with their labels, whatever the product code', async () => {
    t = await createTestApp(kind, { env: { PRODUCT_CODE: 'ACME' } });
    await ensureRoles(t.database.db, 'ACME');
    const roles = await t.database.db.selectFrom('roles').select(['name', 'label']).orderBy('name').execute();
    expect(roles).toEqual(
      expect.arrayContaining([
        { name: 'ADMIN', label: 'Admin' },
        { name: 'USER_ACME', label: 'User Acme' },
        { name: 'USER_RANA', label: 'User Rana' },
      ]),
    );
  });

  it('creates the configured administrator, who signs in with the configured secret', async () => {
    const secret = generateTotpSecret();
    t = await createTestApp(kind, {
      env: {
        ...production,
        ADMIN_USERNAME: 'boss',
        ADMIN_PASSWORD: 'Configured-pass-1',
        ADMIN_TOTP_SECRET: secret,
      },
    });
    const printed = await start(t);
    expect(printed).toContain('boss (ADMIN)');
    expect(printed).not.toContain('password:');
    expect(printed).not.toContain('/2fa/');
    expect((await login(t, 'boss', 'Configured-pass-1', secret)).statusCode).toBe(200);
  });

  it('generates a password and an enrolment link when none is configured, shown once', async () => {
    t = await createTestApp(kind, { env: production });
    const printed = await start(t);
    const password = /password: +(\S+)/.exec(printed)?.[1];
    const link = /setup \(valid 24 h\): (\S+)/.exec(printed)?.[1];
    expect(password).toBeDefined();
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/2fa/[\\w-]+$`));
    const users = await t.database.db.selectFrom('users').select(['username', 'email']).execute();
    expect(users).toEqual([{ username: 'admin', email: 'admin@storico.local' }]);
    const secret = await secretOfLink(t, link!);
    expect((await login(t, 'admin', password!, secret)).statusCode).toBe(200);
    expect(await start(t)).toBe('');
  });

  it('in demo mode also creates one user per other role, each with a link', async () => {
    t = await createTestApp(kind);
    const printed = await start(t);
    for (const who of ['admin (ADMIN)', 'user_storico (USER_STORICO)', 'user_rana (USER_RANA)'])
      expect(printed).toContain(who);
    expect(printed.match(/\/2fa\//g)).toHaveLength(3);
    // Framed by two rules, so that it stands out of the log around it.
    expect(printed.trim()).toMatch(/^={78}\n[\s\S]*\n={78}$/);
    const password = /user_rana \(USER_RANA\)\n +password: +(\S+)\n.*: (\S+)/.exec(printed);
    const secret = await secretOfLink(t, password![2]!);
    expect((await login(t, 'user_rana', password![1]!, secret)).statusCode).toBe(200);
  });

  it('creates no one when a user exists, even a deleted one', async () => {
    t = await createTestApp(kind);
    await start(t);
    await t.database.db.updateTable('users').set({ deleted: true }).execute();
    expect(await start(t)).toBe('');
  });

  it('creates the first users once when two instances start together', async () => {
    t = await createTestApp(kind);
    const [a, b] = await Promise.all([start(t), start(t)]);
    expect([a, b].filter((p) => p !== '')).toHaveLength(1);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(3);
  });
});
