import { SalesforceConnector, type SalesforceConnectorOptions } from '../../server/crm/salesforce-connector';
import type { SandboxCrm } from '../../server/crm/sandbox/sandbox-crm';

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
