import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessSchema } from '../../../contract/health';
import { errorBodySchema } from '../../../contract/envelope';
import { USER_RANA } from '../../../contract/roles';
import { bearer, signedInUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('an instance whose PostgreSQL goes away', () => {
  let t: TestApp;
  let token: string;
  let name: string;
  const admin = new pg.Client({ connectionString: adminUrl });

  beforeAll(async () => {
    t = await createTestApp('postgres', { env: { DATABASE_URL: adminUrl! } });
    t.readiness.databaseReady();
    t.readiness.syncStatus('disabled');
    token = (await signedInUser(t, USER_RANA)).token;
    name = (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0]!
      .name;
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} allow_connections true`).catch(() => undefined);
    await admin.end();
    await t?.close();
  });

  const readyz = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    return { status: answer.statusCode, body: readinessSchema.parse(answer.json()) };
  };

  it('outlives a connection the server drops while the instance holds it between statements', async () => {
    // The sync holds one connection for its advisory lock while it works on others: pg emits the loss on that
    // connection, not on a query, and an unheard 'error' would end the process.
    const outcome = await t.database.db.connection().execute(async (conn) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return sql`select 1`.execute(conn).then(
        () => 'answered',
        () => 'refused',
      );
    });
    expect(outcome).toBe('refused');
    expect((await readyz()).status).toBe(200);
  });

  it('says it is not ready and answers 503 DATABASE_UNAVAILABLE, then serves again once the database is back', async () => {
    expect((await readyz()).status).toBe(200);

    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    const gone = await readyz();
    expect(gone.status).toBe(503);
    expect(gone.body).toMatchObject({ ready: false, checks: { database: 'unreachable' } });
    const refused = await t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(errorBodySchema.parse(refused.json()).error.code).toBe('DATABASE_UNAVAILABLE');

    await admin.query(`alter database ${name} allow_connections true`);
    await expect.poll(async () => (await readyz()).status, { timeout: 10_000 }).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) })).statusCode,
    ).toBe(200);
  });
});
