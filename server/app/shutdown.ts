import type { FastifyBaseLogger } from 'fastify';

/** How long the requests under way get to be answered once a stop begins. */
export const REQUEST_GRACE_MS = 5_000;
/** A stop that has not finished by then exits anyway: a process manager's SIGKILL usually comes at 10 s. */
const STOP_DEADLINE_MS = 9_000;
/**
 * Signals this close to the first are the same stop: Ctrl-C in a terminal, or systemd stopping the unit's whole
 * control group, signals npm and the server at once, and npm passes its own on.
 */
const SAME_STOP_MS = 1_000;

/**
 * On SIGTERM or SIGINT runs `stop`, then exits 0, or 1 when it failed or outlasted its deadline; a second signal, a
 * second or more after the first, exits 1 at once. Installed before the server listens: a signal during the start
 * stops what has started so far.
 */
export function stopOnSignals(
  stop: () => Promise<void>,
  log: () => Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
): { readonly stopping: boolean } {
  let stopping = false;
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      if (Date.now() - firstAt < SAME_STOP_MS) return;
      log().warn({ signal }, 'a second signal: stopping at once');
      process.exit(1);
    }
    stopping = true;
    firstAt = Date.now();
    log().info({ signal }, 'shutting down');
    setTimeout(() => {
      log().error({ deadlineMs: STOP_DEADLINE_MS }, 'shutdown took too long: stopping at once');
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    stop().then(
      () => {
        log().info('stopped cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        log().error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return {
    get stopping() {
      return stopping;
    },
  };
}
