import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { SandboxOrg } from '../org';
import { salesforceId } from '../salesforce-id';

/**
 * OAuth 2.0 client credentials flow: a connected app's consumer key and secret, in the form or as Basic
 * authorization, give an access token that runs as the integration user.
 */
export function oauthTokenRoutes(app: FastifyInstance, org: SandboxOrg): void {
  const ttlMs = (org.options.tokenTtlSeconds ?? 7200) * 1000;
  app.post('/services/oauth2/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (form.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: 'grant type not supported' });
    }
    if (
      (form.client_id ?? basicId) !== org.clientId ||
      (form.client_secret ?? basicSecret) !== org.clientSecret
    ) {
      return reply
        .code(400)
        .send({ error: 'invalid_client', error_description: 'invalid client credentials' });
    }
    const orgId = salesforceId('00D', 1);
    const token = `${orgId.slice(0, 15)}!${randomBytes(32).toString('base64url')}`;
    org.tokens.set(token, Date.now() + ttlMs);
    org.stats.tokensIssued++;
    return {
      access_token: token,
      instance_url: org.url,
      id: `${org.url}/id/${orgId}/${org.integrationUserId}`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      scope: 'api',
    };
  });
}
