import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema, type Readiness } from '../../contract/health';
import { holdsOperatorToken } from '../http/operator-token';
import type { ReadinessState } from '../http/readiness';

/** How long /readyz waits for the database to answer `select 1` before it says the instance is not ready. */
const PROBE_TIMEOUT_MS = 2_000;

async function answersWithin(probe: () => Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([probe().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz` (the process lives) and `/readyz` (it can serve: the database migrated and answering, the first CRM
 * sync done). `probeDatabase`, given on PostgreSQL, is asked on each /readyz once the database is up: a database gone
 * or refusing connections makes the instance unready (503, `database: 'unreachable'`), so that a proxy stops sending
 * it callers that would only get 503s. PGlite lives in the process and is not probed: a long import holds it.
 * Which instance synced, the CRM's API usage and the fields the org hides are shown to the holder of
 * `operatorToken` (METRICS_TOKEN) only.
 */
export async function healthRoutes(
  app: FastifyInstance,
  {
    readiness,
    operatorToken,
    probeDatabase,
  }: { readiness: ReadinessState; operatorToken?: string; probeDatabase?: () => Promise<unknown> },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { hide: true, response: { 200: healthSchema } }, logLevel: 'warn' }, () => ({
    status: 'ok' as const,
  }));
  r.get(
    '/readyz',
    { schema: { hide: true, response: { 200: readinessSchema, 503: readinessSchema } }, logLevel: 'warn' },
    async (request, reply) => {
      const details = operatorToken !== undefined && holdsOperatorToken(request, operatorToken);
      let state: Readiness = readiness.snapshot(details);
      if (
        state.checks.database === 'ok' &&
        probeDatabase &&
        !(await answersWithin(probeDatabase, PROBE_TIMEOUT_MS))
      )
        state = { ...state, ready: false, checks: { ...state.checks, database: 'unreachable' } };
      reply.code(state.ready ? 200 : 503);
      return state;
    },
  );
}
