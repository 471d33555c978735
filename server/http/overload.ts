import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contract/error-codes';
import { API_PREFIX } from './access';
import { HttpError } from './http-error';

/**
 * At most `max` API requests are worked on at once; one more is refused at once with 429 and `Retry-After`
 * rather than queued: a queue without bound only makes every caller wait longer (and time out) while the server
 * falls further behind. Health checks, metrics and the app's static files are not counted. 0 = no cap.
 *
 * A request counts from its handler on (`preHandler`): once its body is in, its caller known and allowed, and its
 * route one that exists. Counted from its headers, a body sent a byte at a time held a place for as long as the
 * server waited for it, and 64 such connections, from anyone, had every caller refused.
 */
export function registerOverloadGuard(app: FastifyInstance, max: number): void {
  if (max <= 0) return;
  let inFlight = 0;
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith(API_PREFIX) || request.is404) return;
    if (inFlight >= max) {
      reply.header('retry-after', '1');
      request.log.warn({ inFlight, max }, 'overloaded: request refused');
      throw new HttpError(429, 'Server busy, retry in 1 second', ErrorCode.RATE_LIMITED);
    }
    inFlight++;
    let released = false;
    // 'close' comes for a finished answer and for a caller that gave up alike.
    reply.raw.once('close', () => {
      if (!released) inFlight--;
      released = true;
    });
  });
}
