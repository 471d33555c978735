import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/db/database';
import { compiledStatement, type Placeholders } from '../../../server/db/compiled-statements';
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

describe.each(testDbKinds())('statements compiled once on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  type Values = { text: string | null; range: { from: number; to: number } };
  const built: boolean[] = [];
  const statement = compiledStatement(
    (upper: boolean) => (upper ? 'upper' : 'as is'),
    (upper, { text, range }: Placeholders<Values>) => {
      built.push(upper);
      return sql<{ text: string | null; n: number }>`
        select ${upper ? sql`upper(${text}::text)` : sql`${text}::text`} as text,
          (select count(*) from generate_series(${range.from}::int, ${range.to}::int)) as n`;
    },
  );

  it("puts each call's values in their places, fields of an object included, and builds a shape once", async () => {
    built.length = 0;
    expect(await statement(database.db, false, { text: "it's", range: { from: 1, to: 3 } })).toEqual([
      { text: "it's", n: 3 },
    ]);
    expect(await statement(database.db, false, { text: null, range: { from: 5, to: 14 } })).toEqual([
      { text: null, n: 10 },
    ]);
    expect(await statement(database.db, true, { text: 'àb', range: { from: 2, to: 1 } })).toEqual([
      { text: 'ÀB', n: 0 },
    ]);
    expect(await statement(database.db, true, { text: 'c', range: { from: 0, to: 0 } })).toEqual([
      { text: 'C', n: 1 },
    ]);
    expect(built).toEqual([false, true]);
  });
});
