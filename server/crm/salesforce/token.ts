import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { CrmError } from '../crm-connector';
import type { JwtBearerCredentials, SalesforceCredentials } from '../../config/crm-credentials';
import { withRetry, type RetryPolicy } from './retry';

export type SalesforceToken = { accessToken: string; instanceUrl: string };

/** A failure worth another try: the server's own trouble (5xx) or the network. */
class PassingFailure extends Error {}

/**
 * The JWT bearer assertion: RS256, `iss` the consumer key, `sub` the username, `aud` the login server, and an `exp`
 * three minutes away, the longest Salesforce takes ("OAuth 2.0 JWT Bearer Flow for Server-to-Server Integration",
 * https://help.salesforce.com/s/articleView?id=xcloud.remoteaccess_oauth_jwt_flow.htm).
 */
async function assertion(credentials: JwtBearerCredentials): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuer(credentials.clientId)
    .setSubject(credentials.username)
    .setAudience(credentials.audience)
    .setExpirationTime('3m')
    .sign(createPrivateKey(credentials.privateKey));
}

/** The token request's form, and the flow's name in a refusal. */
async function tokenForm(
  credentials: SalesforceCredentials,
): Promise<{ form: URLSearchParams; refused: string }> {
  if ('clientSecret' in credentials) {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    return { form, refused: 'the client credentials' };
  }
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: await assertion(credentials),
  });
  return { form, refused: `the JWT bearer assertion for ${credentials.username}` };
}

/**
 * An access token from `{loginUrl}/services/oauth2/token`, by the client credentials flow or the JWT bearer flow.
 * jsforce has no helper for the first grant, and calling the endpoint directly lets 5xx and network errors be retried.
 */
export async function requestToken(
  credentials: SalesforceCredentials,
  retry: RetryPolicy,
  /** How long the login may take, its retries included: a call that needs a token waits no longer for it. */
  timeoutMs: number,
): Promise<SalesforceToken> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const url = `${credentials.loginUrl.replace(/\/+$/, '')}/services/oauth2/token`;
  let signed: { form: URLSearchParams; refused: string };
  try {
    signed = await tokenForm(credentials);
  } catch (error) {
    throw new CrmError(`The JWT bearer assertion could not be signed: ${(error as Error).message}`);
  }
  const { form: body, refused } = signed;
  const attempt = async (): Promise<SalesforceToken> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        // Followed, a 301 or 302 would become a GET without the form, and a 307 would send the client secret (or the
        // assertion) to whatever host it names: a redirect is reported instead (a login URL a My Domain change left
        // behind).
        redirect: 'manual',
        signal: deadline,
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
      throw new PassingFailure(
        `Salesforce login at ${url} failed: the server could not be reached (${cause})`,
      );
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not JSON (a proxy's error page, say): the status line is reported instead.
    }
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location') ?? 'no address';
      const reason = `HTTP ${response.status}, a redirect to ${location}`;
      throw new CrmError(
        `Salesforce login at ${url} answered ${reason}: the credentials were not sent there; if the org's My Domain ` +
          'changed, set SF_LOGIN_URL to its new address',
        [{ errorCode: `HTTP_${response.status}`, message: reason }],
      );
    }
    if (response.status >= 500) {
      throw new PassingFailure(`Salesforce login at ${url} failed with HTTP ${response.status}`);
    }
    if (!response.ok || typeof json.access_token !== 'string' || typeof json.instance_url !== 'string') {
      const reason =
        typeof json.error === 'string'
          ? `${json.error}${typeof json.error_description === 'string' ? ` (${json.error_description})` : ''}`
          : `HTTP ${response.status}`;
      throw new CrmError(`Salesforce refused ${refused} at ${url}: ${reason}`, [
        {
          errorCode: typeof json.error === 'string' ? json.error : `HTTP_${response.status}`,
          message: reason,
        },
      ]);
    }
    return { accessToken: json.access_token, instanceUrl: json.instance_url.replace(/\/+$/, '') };
  };
  try {
    return await withRetry(retry, attempt, (error) => error instanceof PassingFailure && !deadline.aborted);
  } catch (error) {
    if (error instanceof PassingFailure) throw new CrmError(error.message);
    throw error;
  }
}
