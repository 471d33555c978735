import {
  SalesforceConnector,
  type SalesforceConnectorOptions,
} from '../../server/crm/salesforce/salesforce-connector';
import type { SandboxCrm } from '../../sandbox-crm/sandbox-crm';

/** Retries that do not slow a test down: a few, milliseconds apart. */
export const fastRetry = { maxRetries: 2, minTimeoutMs: 5, factor: 2 };

/**
 * The real Salesforce connector on a sandbox CRM (or its URL), signed in with the sandbox's client credentials and
 * retrying fast; `options` change any of that.
 */
export const sandboxConnector = (
  sandbox: SandboxCrm | string,
  options: Partial<SalesforceConnectorOptions> = {},
): SalesforceConnector =>
  new SalesforceConnector({
    loginUrl: typeof sandbox === 'string' ? sandbox : sandbox.url,
    clientId: 'sandbox',
    clientSecret: 'sandbox',
    retry: fastRetry,
    ...options,
  });

/** An access token of the sandbox CRM, asked for as the connector asks (client credentials, sandbox / sandbox). */
export async function sandboxAccessToken(sandbox: SandboxCrm): Promise<string> {
  const res = await fetch(`${sandbox.url}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: 'sandbox',
      client_secret: 'sandbox',
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
