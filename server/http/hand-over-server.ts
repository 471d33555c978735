import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * How long a caller may take to send a request's headers, and the whole request (Node's defaults are 60 s and
 * 5 minutes): a client sending a byte at a time holds a socket and its memory no longer than this. Storico's largest
 * request body is a restore or rollback of a few kilobytes.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * One listening socket whose requests go to one Fastify app at a time: at start the small app that serves the
 * sign-in page while the database opens, then the whole app, with no moment where the port refuses connections.
 * Each app gets the socket through Fastify's `serverFactory`; the apps never listen or close it themselves.
 */
export class HandOverServer {
  readonly server: Server = createServer(
    { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    (request, response) => {
      if (this.current) return this.current(request, response);
      response.writeHead(503, { 'retry-after': '1' }).end();
    },
  );
  private current: Handler | undefined;

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

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
