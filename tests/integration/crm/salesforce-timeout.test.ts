import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError } from '../../../server/crm/crm-connector';
import { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';

/** A CRM that issues tokens and then never answers a data call: the connector must give up, not hang. */
describe('Salesforce connector against a CRM that stops answering', () => {
  let server: Server;
  let url: string;
  let dataCalls = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/services/oauth2/token')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: 'token', instance_url: url, token_type: 'Bearer' }));
        return;
      }
      dataCalls++;
      // Never answered.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('fails a request that is not answered within its timeout, after its retries', async () => {
    const crm = new SalesforceConnector({
      loginUrl: url,
      clientId: 'id',
      clientSecret: 'secret',
      retry: { maxRetries: 1, minTimeoutMs: 5, factor: 1 },
      readTimeoutMs: 300,
      bulkReadTimeoutMs: 300,
    });
    const started = Date.now();
    const error = await crm.readRecord('Account', '001000000000001AAA').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).message).toMatch(/^(Describing|Reading) Account(?: 001000000000001AAA)?: /);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(dataCalls).toBeGreaterThanOrEqual(1);
  });
});

/** A login server that takes the connection and never answers: a call that needs a token must not wait for ever. */
describe('Salesforce connector against a login that never answers', () => {
  let server: Server;
  let url: string;
  let logins = 0;

  beforeAll(async () => {
    server = createServer(() => {
      logins++;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('gives up on the login within the read timeout, its retries included', async () => {
    const crm = new SalesforceConnector({
      loginUrl: url,
      clientId: 'id',
      clientSecret: 'secret',
      retry: { maxRetries: 3, minTimeoutMs: 5, factor: 1 },
      readTimeoutMs: 800,
    });
    const started = Date.now();
    const error = await crm.readRecord('Account', '001000000000001AAA').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).message).toMatch(/login .* could not be reached/);
    // One attempt per retry would take 30 s each; the login's whole time is the read's.
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(logins).toBeGreaterThanOrEqual(1);
  });
});
