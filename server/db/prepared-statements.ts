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
import type { PGlite } from '@electric-sql/pglite';
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

/** A value in the text form PostgreSQL reads for a parameter of its type. */
function textOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return `{${value.map(arrayItem).join(',')}}`;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const arrayItem = (value: unknown) =>
  value === null || value === undefined
    ? 'NULL'
    : `"${textOf(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * A value as an escape string literal (backslashes and quotes doubled, whatever standard_conforming_strings says),
 * of unknown type until EXECUTE gives it its parameter's.
 */
export const literal = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : `E'${textOf(value).replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/**
 * PGlite, wrapped for Kysely's PGlite dialect (which calls `query` and `close`): a marked statement is prepared
 * with PREPARE the first time and then run with EXECUTE, its values written as literals (a utility statement takes
 * no bound parameters). PGlite plans in WebAssembly, several times slower than PostgreSQL: 9 ms of planning for
 * 1 ms of execution for a contact search on demo data. The database is one session, so one set of names serves it.
 */
export function preparingPGlite(client: Pick<PGlite, 'query' | 'close'>): PGlite {
  const prepared = new Set<string>();
  const query = async (text: string, parameters: unknown[] = []) => {
    if (!text.startsWith(MARK)) return client.query(text, parameters);
    const name = nameOf(text);
    if (!prepared.has(name)) {
      await client.query(`prepare ${name} as ${text}`);
      prepared.add(name);
    }
    const values = parameters.length > 0 ? `(${parameters.map(literal).join(', ')})` : '';
    return client.query(`execute ${name}${values}`);
  };
  return { query, close: () => client.close() } as unknown as PGlite;
}
