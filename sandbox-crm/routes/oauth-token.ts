import { createPublicKey, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { SandboxOrg } from '../org';
import { salesforceId } from '../salesforce-id';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** The login servers an assertion may name as its audience: production and sandbox orgs'. */
const AUDIENCES = ['https://login.salesforce.com', 'https://test.salesforce.com'];

const refuse = (reply: FastifyReply, error: string, description: string) =>
  reply.code(400).send({ error, error_description: description });

/**
 * Whether the JWT bearer assertion holds, as Salesforce checks it ("OAuth 2.0 JWT Bearer Flow for Server-to-Server
 * Integration", https://help.salesforce.com/s/articleView?id=xcloud.remoteaccess_oauth_jwt_flow.htm): signed RS256
 * by the key whose certificate the app holds, `iss` the consumer key, `aud` a login server, `sub` the user, `exp`
 * not passed and at most three minutes away. Answers the refusal's description, or null.
 */
async function assertionRefusal(org: SandboxOrg, assertion: string | undefined): Promise<string | null> {
  if (!assertion) return 'invalid assertion';
  if (!org.options.jwtPublicKey) return 'invalid assertion';
  try {
    const { payload } = await jwtVerify(assertion, createPublicKey(org.options.jwtPublicKey), {
      algorithms: ['RS256'],
      issuer: org.clientId,
      requiredClaims: ['exp', 'sub'],
    });
    if (!AUDIENCES.includes(String(payload.aud))) return 'audience is invalid';
    if ((payload.exp ?? 0) * 1000 > Date.now() + 3 * 60_000 + 5_000)
      return 'expiration is too far in the future';
    const username = org.options.jwtUsername ?? 'integrazione@storico-demo.it';
    if (payload.sub !== username) return "user hasn't approved this consumer";
    return null;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) return 'expired authorization code';
    if (error instanceof joseErrors.JWTClaimValidationFailed && error.claim === 'iss')
      return 'invalid client_id';
    return 'invalid assertion';
  }
}

/**
 * OAuth 2.0 client credentials flow (a connected app's consumer key and secret, in the form or as Basic
 * authorization) and JWT bearer flow (an assertion signed by the key of the app's certificate): each gives an
 * access token that runs as the integration user.
 */
export function oauthTokenRoutes(app: FastifyInstance, org: SandboxOrg): void {
  const ttlMs = (org.options.tokenTtlSeconds ?? 7200) * 1000;
  app.post('/services/oauth2/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
    if (form.grant_type === JWT_BEARER) {
      const refusal = await assertionRefusal(org, form.assertion);
      if (refusal) return refuse(reply, 'invalid_grant', refusal);
    } else if (form.grant_type !== 'client_credentials') {
      return refuse(reply, 'unsupported_grant_type', 'grant type not supported');
    } else if (
      (form.client_id ?? basicId) !== org.clientId ||
      (form.client_secret ?? basicSecret) !== org.clientSecret
    ) {
      return refuse(reply, 'invalid_client', 'invalid client credentials');
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
