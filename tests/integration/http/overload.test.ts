import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/envelope';
import { USER_RANA } from '../../../contract/roles';
import { bearer, signedInUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('an overloaded server on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { API_MAX_IN_FLIGHT: '2' } });
    token = (await signedInUser(t, USER_RANA)).token;
  });
  afterAll(() => t?.close());

  const agents = () => t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) });

  it('answers 429 with Retry-After beyond the requests it works on at once, and serves again once they end', async () => {
    // Every API request reads its session: holding the sessions table keeps the first two in flight.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction().execute(async (trx) => {
      await sql`lock table sessions in access exclusive mode`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    const held = [agents(), agents()];
    await new Promise((resolve) => setTimeout(resolve, 100));

    const refused = await agents();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(errorBodySchema.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    // Health checks are not API requests: they still answer.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    release();
    await holder;
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await agents()).statusCode).toBe(200);
  });
});
