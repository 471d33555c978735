import type { FastifyInstance } from 'fastify';
import { sessionValid, type SandboxOrg } from '../org';
import { NOT_FOUND } from '../records/record-errors';
import { sendErrors } from './answers';
import { SANDBOX_API_VERSIONS } from './versions';

const versionOf = (url: string) => /^\/services\/data\/v(\d+\.\d)(?:\/|$|\?)/.exec(url)?.[1];

/**
 * What every request meets before its resource: the recycle bin's purge, the failures tests asked for, then for the
 * REST API the version, the session and the daily request limit; and on the way out the Limit Info header.
 */
export function gateHooks(app: FastifyInstance, org: SandboxOrg): void {
  const { records, stats } = org;
  let purgedAt = 0;
  app.addHook('onRequest', async (request, reply) => {
    stats.requests++;
    // The recycle bin keeps a record 15 days, then it is purged for good; checked at most once a second.
    if (Date.now() - purgedAt > 1000) {
      purgedAt = Date.now();
      records.purge({ before: Date.now() - org.recycleBinMs });
    }
    if (org.failures.count > 0) {
      org.failures.count--;
      stats.failedOnPurpose++;
      return sendErrors(reply, org.failures.status, [
        { errorCode: 'SERVER_UNAVAILABLE', message: 'The sandbox CRM is failing this request on purpose' },
      ]);
    }
    if (!request.url.startsWith('/services/data/v')) return;
    const version = versionOf(request.url);
    if (!version || !SANDBOX_API_VERSIONS.includes(version)) return sendErrors(reply, 404, [NOT_FOUND]);
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (!/^(Bearer|OAuth)$/i.test(scheme ?? '') || !sessionValid(org, token)) {
      return sendErrors(reply, 401, [
        { errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' },
      ]);
    }
    // API Request Limits and Allocations: past the daily limit every call is refused with 403
    // REQUEST_LIMIT_EXCEEDED (https://developer.salesforce.com/docs/atlas.en-us.salesforce_app_limits_cheatsheet.meta/salesforce_app_limits_cheatsheet/salesforce_app_limits_platform_api.htm).
    if (stats.apiUsed >= stats.apiLimit) {
      return sendErrors(reply, 403, [
        { errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'TotalRequests Limit exceeded.' },
      ]);
    }
    stats.apiUsed++;
    if (request.method === 'GET' && !/^\/services\/data\/v[\d.]+\/limits(?:\/|\?|$)/.test(request.url))
      stats.reads++;
    if (org.holdingReads && request.method === 'GET') {
      reply.hijack();
      org.held.add(request.raw.socket);
    }
  });

  // Limit Info Header: returned on each REST API answer except the versions list, which does not count
  // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_api_usage.htm).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/services/data/v')) {
      reply.header('sforce-limit-info', `api-usage=${stats.apiUsed}/${stats.apiLimit}`);
    }
  });
}
