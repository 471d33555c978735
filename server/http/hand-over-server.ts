import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * How long a caller may take to send a request's headers, and the whole request (Node's defaults are 60 s and
 * 5 minutes): a client sending a byte at a time holds a socket and its memory no longer than this. Storico's largest
 * request body is a restore or rollback of a few kilobytes. Node looks for connections over their limit only every
 * `checkEveryMs` (30 s by default, which let a 10 s limit run to 24 s): once a second keeps each within a second.
 */
export type SlowClientLimits = { headersMs: number; requestMs: number; checkEveryMs: number };
export const SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headersMs: 10_000,
  requestMs: 30_000,
  checkEveryMs: 1_000,
};

/** How often a closing server ends the connections kept alive whose request has just been answered. */
const IDLE_SWEEP_MS = 100;

/**
 * One listening socket whose requests go to one Fastify app at a time: at start the small app that serves the
 * sign-in page while the database opens, then the whole app, with no moment where the port refuses connections.
 * Each app gets the socket through Fastify's `serverFactory`; the apps never listen or close it themselves.
 */
export class HandOverServer {
  readonly server: Server;
  private current: Handler | undefined;

  constructor(limits: SlowClientLimits = SLOW_CLIENT_LIMITS) {
    this.server = createServer(
      {
        headersTimeout: limits.headersMs,
        requestTimeout: limits.requestMs,
        connectionsCheckingInterval: limits.checkEveryMs,
      },
      (request, response) => {
        if (this.current) return this.current(request, response);
        response.writeHead(503, { 'retry-after': '1' }).end();
      },
    );
  }

  /** A `serverFactory` for one app, and `activate()` to send every request from now on to that app. */
  slot(): { serverFactory: (handler: Handler) => Server; activate(): void } {
    let handler: Handler | undefined;
    return {
      serverFactory: (given) => {
        handler = given;
        return this.server;
      },
      activate: () => {
        if (!handler) throw new Error('the app of this slot was not built with its serverFactory');
        this.current = handler;
      },
    };
  }

  listen(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  /**
   * Stops taking connections at once; the requests under way get `graceMs` to be answered, then the connections
   * still open are cut. Settles once every connection has ended.
   */
  close(graceMs = 0): Promise<void> {
    return new Promise((resolve) => {
      const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
      const cut = setTimeout(() => this.server.closeAllConnections(), graceMs);
      this.server.close(() => {
        clearInterval(sweep);
        clearTimeout(cut);
        resolve();
      });
    });
  }
}
