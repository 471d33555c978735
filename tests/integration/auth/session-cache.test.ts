import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_HEADER, USERNAME_HEADER } from '../../../contract/role-names';
import { USER_RANA } from '../../../contract/roles';
import { bearer, signedInUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

/**
 * A signed-in caller is known from memory while the database announces every change of sessions, users and roles
 * (decision record 026): these tests change rows behind the app's back, as an operator or another instance would.
 */
describe.each(testDbKinds())('sessions known from memory on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const agents = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) });
  const ended = sql`update sessions set ended_at = now(), end_reason = 'ended-by-admin'`;
  /** Changes rows with the announcements switched off, as a database without migration 0012 would. */
  const unannounced = async (change: () => Promise<unknown>) => {
    await sql`alter table sessions disable trigger sessions_changed`.execute(t.database.db);
    try {
      await change();
    } finally {
      await sql`alter table sessions enable trigger sessions_changed`.execute(t.database.db);
    }
  };

  it('answers a known session without the database: an unannounced end goes unseen', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    expect((await agents(token)).statusCode).toBe(200);
    await unannounced(() => sql`${ended} where user_id = ${user.id}`.execute(t.database.db));
    expect((await agents(token)).statusCode).toBe(200);
  });

  it('refuses a session ended in the database by anyone, at once', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    expect((await agents(token)).statusCode).toBe(200);
    await sql`${ended} where user_id = ${user.id}`.execute(t.database.db);
    await vi.waitFor(async () => expect((await agents(token)).statusCode).toBe(401), { interval: 5 });
  });

  it('takes a role changed or a user deleted in the database at once', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    const users = () => t.app.inject({ method: 'GET', url: '/api/v3/user/', headers: bearer(token) });
    const refused = await users();
    expect(refused.statusCode).toBe(403);
    // Every answer to a signed-in caller names the role as the server knows it now, a refusal's too.
    expect(refused.headers[ROLE_HEADER]).toBe(USER_RANA);
    await sql`update users set role_id = (select id from roles where name = 'ADMIN') where id = ${user.id}`.execute(
      t.database.db,
    );
    await vi.waitFor(async () => expect((await users()).statusCode).toBe(200), { interval: 5 });
    expect((await agents(token)).headers[ROLE_HEADER]).toBe('ADMIN');
    await sql`update users set deleted = true where id = ${user.id}`.execute(t.database.db);
    await vi.waitFor(async () => expect((await agents(token)).statusCode).toBe(401), { interval: 5 });
  });

  it('names a username changed in the database with the next answer, percent-encoded', async () => {
    const { user, token } = await signedInUser(t, USER_RANA);
    expect((await agents(token)).headers[USERNAME_HEADER]).toBe(encodeURIComponent(user.username));
    const renamed = `${user.username}-è`;
    await sql`update users set username = ${renamed} where id = ${user.id}`.execute(t.database.db);
    await vi.waitFor(
      async () => expect((await agents(token)).headers[USERNAME_HEADER]).toBe(encodeURIComponent(renamed)),
      { interval: 5 },
    );
  });

  it.runIf(kind === 'postgres')(
    'reads every session from the database while its announcements may be missed',
    async () => {
      const { user, token } = await signedInUser(t, USER_RANA);
      expect((await agents(token)).statusCode).toBe(200);
      // The connection that listens is lost: what was known is dropped, and nothing is kept until it is back.
      const admin = new pg.Client({
        connectionString: (t.database.pool!.options as pg.PoolConfig).connectionString,
      });
      await admin.connect();
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      await unannounced(() => sql`${ended} where user_id = ${user.id}`.execute(t.database.db));
      await vi.waitFor(async () => expect((await agents(token)).statusCode).toBe(401), { interval: 5 });

      // Listening again (after a second), a session read once is answered from memory again.
      const next = await signedInUser(t, USER_RANA);
      await vi.waitFor(
        async () => {
          await unannounced(() =>
            sql`update sessions set ended_at = null where user_id = ${next.user.id}`.execute(t.database.db),
          );
          expect((await agents(next.token)).statusCode).toBe(200);
          await unannounced(() => sql`${ended} where user_id = ${next.user.id}`.execute(t.database.db));
          expect((await agents(next.token)).statusCode).toBe(200);
        },
        { timeout: 10_000, interval: 100 },
      );
    },
  );
});
