import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { CrmError } from '../../../server/crm/crm-connector';
import { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';
import { fastRetry } from '../../support/sandbox-connector';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** The JWT bearer flow against the sandbox CRM, which checks each assertion against the app's certificate key. */
describe('signing in to Salesforce by the JWT bearer flow', () => {
  const app = pair();
  let sandbox: SandboxCrm;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 5, cases: 5 },
      jwtPublicKey: app.publicKey,
    });
  });
  afterAll(() => sandbox.close());

  const connector = (privateKey: string, overrides: { username?: string; audience?: string } = {}) =>
    new SalesforceConnector({
      loginUrl: sandbox.url,
      clientId: 'sandbox',
      username: overrides.username ?? 'integrazione@storico-demo.it',
      privateKey,
      audience: overrides.audience ?? 'https://test.salesforce.com',
      retry: fastRetry,
    });

  it('signs in with an assertion the app key verifies, with no secret', async () => {
    const tokens = sandbox.stats.tokensIssued;
    expect((await connector(app.privateKey).listAgents()).length).toBeGreaterThan(0);
    expect(sandbox.stats.tokensIssued).toBe(tokens + 1);
  });

  it('is refused with a clear message for a wrong key, another user or audience', async () => {
    const refusal = (crm: SalesforceConnector) => crm.listAgents().catch((error: unknown) => error);
    const wrongKey = await refusal(connector(pair().privateKey));
    expect(wrongKey).toBeInstanceOf(CrmError);
    expect((wrongKey as Error).message).toBe(
      `Salesforce refused the JWT bearer assertion for integrazione@storico-demo.it at ${sandbox.url}/services/oauth2/token: invalid_grant (invalid assertion)`,
    );
    expect(String(await refusal(connector(app.privateKey, { username: 'altro@storico-demo.it' })))).toContain(
      "user hasn't approved this consumer",
    );
    expect(String(await refusal(connector(app.privateKey, { audience: 'https://example.com' })))).toContain(
      'audience is invalid',
    );
    expect(String(await refusal(connector('not a key')))).toContain('could not be signed');
  });
});
