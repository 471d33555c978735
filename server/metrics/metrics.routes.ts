import type { FastifyInstance } from 'fastify';
import { holdsOperatorToken } from '../http/operator-token';
import type { Metrics } from './metrics';

/**
 * `GET /metrics` in Prometheus' text format, for a scraper holding METRICS_TOKEN as its bearer token; and the
 * duration of every request by route pattern (never the raw URL: ids would make a series per record).
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!holdsOperatorToken(request, token)) {
      reply.code(401).header('www-authenticate', 'Bearer');
      return 'Unauthorized\n';
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
