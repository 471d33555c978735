import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '../../contract/health';
import type { ReadinessState } from './readiness';

export async function healthRoutes(
  app: FastifyInstance,
  { readiness }: { readiness: ReadinessState },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { hide: true, response: { 200: healthSchema } }, logLevel: 'warn' }, () => ({
    status: 'ok' as const,
  }));
  r.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } }, logLevel: 'warn' },
    async (_request, reply) => {
      const state = readiness.snapshot();
      reply.code(state.ready ? 200 : 503);
      return state;
    },
  );
}
