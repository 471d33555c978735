import type { FastifyInstance } from 'fastify';
import type { SandboxOrg } from '../org';

// Limits: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_limits.htm
export function limitRoutes(app: FastifyInstance, { stats }: SandboxOrg): void {
  app.get('/services/data/:version/limits', async () => ({
    DailyApiRequests: { Max: stats.apiLimit, Remaining: Math.max(0, stats.apiLimit - stats.apiUsed) },
  }));
}
