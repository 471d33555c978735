import { createHash } from 'node:crypto';
import {
  CompiledQuery,
  type Kysely,
  sql,
  type Compilable,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type RawBuilder,
} from 'kysely';
import type pg from 'pg';
import type { Database } from './tables/database';

/**
 * Storico's hot reads (search, versions at two dates, history, differences, the session check) span every
 * quarter's partition of the revisions, and PostgreSQL spends longer planning them than running them (3.3 ms of
 * planning for 1.3 ms of execution for versions at two dates at 1M revisions). Marked statements are therefore
 * prepared once per connection as named statements, and PostgreSQL reuses their plan, prunes the partitions at
 * execution (https://www.postgresql.org/docs/current/sql-prepare.html, "Notes";
 * https://www.postgresql.org/docs/current/ddl-partitioning.html#DDL-PARTITION-PRUNING) and plans again by itself
 * when the schema changes (a new partition included).
 *
 * Only marked statements are prepared: a prepared statement lives as long as its connection, so only statements
 * whose text comes from a small fixed set (the values are parameters) may be marked, never one whose text grows
 * with its input (an IN list, a multi-row insert).
 */
const MARK = '/* prepared */ ';

export const prepared = <T>(query: RawBuilder<T>): RawBuilder<T> => sql<T>`${sql.raw(MARK)}${query}`;

/** A query builder's statement, marked to be prepared, run on `db`. */
export async function runPrepared<R>(db: Kysely<Database>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const result = await db.executeQuery<R>(CompiledQuery.raw(MARK + compiled.sql, [...compiled.parameters]));
  return result.rows;
}

const names = new Map<string, string>();

/** One name per statement text, the same on every connection and every instance. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `storico_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
  }
  return name;
}

class PreparingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    first: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof first !== 'string') return this.client.query(first as never) as PostgresCursor<R>;
    const values = [...parameters];
    const result = first.startsWith(MARK)
      ? this.client.query({ name: nameOf(first), text: first, values })
      : this.client.query(first, values);
    // The same answer as pg.Pool's own clients give Kysely; its type names only the commands Kysely issues.
    return result as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}

/**
 * The pool Kysely is given: its connections run marked statements as named prepared statements. A connection keeps
 * its wrapper, as Kysely knows its connections by their client.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = new PreparingClient(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
