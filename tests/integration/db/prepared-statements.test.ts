import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
import { prepared } from '../../../server/db/prepared-statements';
import { createTestDatabase, testDbKinds } from '../../support/test-database';

describe.each(testDbKinds())('prepared statements on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const echo = (text: unknown, at: unknown, ids: unknown) =>
    prepared(sql<{ text: string | null; at: Date; ids: number[]; n: number }>`
      select ${text}::text as text, ${at}::timestamptz as at, cast(${ids} as integer[]) as ids,
        (select count(*) from sf_users where id = ${text}) as n`).execute(database.db);

  it('give back every value as it was sent, quotes and backslashes included, run after run', async () => {
    const values = ["it's", 'a\\b', "\\'; drop table sf_users; --", '100% _x_', 'àè €', "E'\\\\'", '', null];
    for (let run = 0; run < 2; run++)
      for (const text of values) {
        const { rows } = await echo(text, new Date('2026-03-01T10:20:30.456Z'), [3, 1, 2]);
        expect(rows).toEqual([{ text, at: new Date('2026-03-01T10:20:30.456Z'), ids: [3, 1, 2], n: 0 }]);
      }
    const { rows } = await sql<{ n: number }>`select count(*) as n from sf_users`.execute(database.db);
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('refuse a value of the wrong type as PostgreSQL would', async () => {
    await expect(echo('x', 'not a date', [1])).rejects.toThrow(/timestamp/);
    const { rows } = await echo('still usable', new Date(0), []);
    expect(rows[0]!.text).toBe('still usable');
  });
});
