import { CrmError } from '../crm-connector';
import { withRetry, type RetryPolicy } from './retry';

export type SalesforceCredentials = { loginUrl: string; clientId: string; clientSecret: string };

export type SalesforceToken = { accessToken: string; instanceUrl: string };

/** A failure worth another try: the server's own trouble (5xx) or the network. */
class PassingFailure extends Error {}

/**
 * OAuth 2.0 client credentials flow against `{loginUrl}/services/oauth2/token`.
 * jsforce has no helper for this grant, and calling the endpoint directly lets 5xx and network errors be retried.
 */
export async function requestClientCredentialsToken(
  credentials: SalesforceCredentials,
  retry: RetryPolicy,
  /** How long the login may take, its retries included: a call that needs a token waits no longer for it. */
  timeoutMs: number,
): Promise<SalesforceToken> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const url = `${credentials.loginUrl.replace(/\/+$/, '')}/services/oauth2/token`;
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  });
  const attempt = async (): Promise<SalesforceToken> => {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        // Followed, a 301 or 302 would become a GET without the form, and a 307 would send the client secret to
        // whatever host it names: a redirect is reported instead (a login URL a My Domain change left behind).
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
      throw new CrmError(`Salesforce refused the client credentials at ${url}: ${reason}`, [
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
