import { sql } from 'kysely';
import type { Db } from '../db/database';

type Hits = { current: number; ttl: number };
type Callback = (error: Error | null, hits?: Hits) => void;
type StoreParams = { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };

/**
 * Whose hits a route's child store counts: its limit's group (`groupId`: every route of one limit class shares one
 * budget per address), else the route alone. @fastify/rate-limit's own memory store makes a new count for each
 * route, group or not, so both stores here key by this.
 */
function scopeOf(params: object): string {
  const { groupId, routeInfo } = params as StoreParams;
  if (groupId) return `group:${groupId}`;
  const { method, url } = routeInfo ?? {};
  return `${String(method ?? '')} ${url ?? ''}`.trim();
}

/** Keys the memory store keeps at most; past that the least recently hit is forgotten. */
const MEMORY_MAX_KEYS = 10_000;

/** A @fastify/rate-limit store in this process's memory (PGlite: one process serves), counting by `scopeOf`. */
export function memoryRateLimitStore() {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return class MemoryRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = Date.now();
      const scoped = `${this.scope} ${key}`;
      const live = windows.get(scoped);
      const window = live && live.endsAt > at ? live : { count: 0, endsAt: at + timeWindow };
      window.count++;
      // Re-inserted, so the map's first key is the least recently hit.
      windows.delete(scoped);
      windows.set(scoped, window);
      if (windows.size > MEMORY_MAX_KEYS) windows.delete(windows.keys().next().value!);
      callback(null, { current: window.count, ttl: window.endsAt - at });
    }

    child(params: object): MemoryRateLimitStore {
      return new MemoryRateLimitStore(params, scopeOf(params));
    }
  };
}

/**
 * A @fastify/rate-limit store kept in PostgreSQL, so every instance on one database counts the same hits: a client
 * spreading quick attempts over two instances meets one limit, not two. One row per scope (route or group) and key
 * (address); a window that has ended starts again at the next hit, in the same statement, so concurrent hits all
 * count.
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
      return new SharedRateLimitStore(params, scopeOf(params));
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
