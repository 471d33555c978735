import { isDatabaseUnreachable } from './unreachable';

/** Waits between attempts: 1 s, doubling, at most 30 s. */
const delayOf = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt);

/**
 * Runs `open` (open and migrate the database) until it succeeds, waiting while the database cannot be reached: at
 * a host's boot PostgreSQL often comes up after the services that need it. `waiting` hears each wait, for the log
 * and /readyz. Any other failure (a wrong password, a failed migration) is thrown at once. `close` releases what a
 * failed attempt opened.
 */
export async function openWhenReachable<T>(
  open: () => Promise<T>,
  waiting: (error: Error, delayMs: number) => void,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      const delayMs = delayOf(attempt);
      waiting(error as Error, delayMs);
      await sleep(delayMs);
    }
  }
}
