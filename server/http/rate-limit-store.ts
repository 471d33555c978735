import { sql } from 'kysely';
import type { Db } from '../db/database';

type Hits = { current: number; ttl: number };
type Callback = (error: Error | null, hits?: Hits) => void;
type StoreParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so every instance on one database counts the same hits: a client
 * spreading quick attempts over two instances meets one limit, not two. One row per route and key (address); a
 * window that has ended starts again at the next hit, in the same statement, so concurrent hits all count.
 */
/** Ended windows are dropped every this many hits, so the table holds about the live ones. */
const PRUNE_EVERY = 500;

export function sharedRateLimitStore(db: Db) {
  let hits = 0;
  return class SharedRateLimitStore {
    // The plugin constructs the store with its options; a route's child carries the route it counts for.
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      this.hit(`${this.route} ${key}`, timeWindow).then(
        (hits) => callback(null, hits),
        (error: Error) => callback(error),
      );
    }

    child(params: object): SharedRateLimitStore {
      // Typed as the route's options, given at run time as the merged limit options with the route in `routeInfo`.
      const { method, url } = (params as StoreParams).routeInfo ?? {};
      return new SharedRateLimitStore(params, `${String(method ?? '')} ${url ?? ''}`.trim());
    }

    private async hit(key: string, timeWindow: number): Promise<Hits> {
      if (++hits % PRUNE_EVERY === 0) await pruneRateLimits(db);
      const { rows } = await sql<{ count: number; ttl: string }>`
        insert into rate_limits (key, count, window_ends)
        values (${key}, 1, clock_timestamp() + ${timeWindow} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when rate_limits.window_ends <= clock_timestamp() then 1 else rate_limits.count + 1 end,
          window_ends = case when rate_limits.window_ends <= clock_timestamp() then excluded.window_ends
            else rate_limits.window_ends end
        returning count, extract(epoch from (window_ends - clock_timestamp())) * 1000 as ttl`.execute(db);
      const row = rows[0]!;
      return { current: Number(row.count), ttl: Math.max(0, Math.ceil(Number(row.ttl))) };
    }
  };
}

/** Drops the rows of windows that ended. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await sql`delete from rate_limits where window_ends < clock_timestamp()`.execute(db);
}
