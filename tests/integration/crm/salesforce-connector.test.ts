import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmError, type CrmRecord } from '../../../server/crm/crm-connector';
import { snapshotFields } from '../../../server/crm/crm-fields';
import type { SalesforceConnector } from '../../../server/crm/salesforce/salesforce-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { fastRetry, sandboxConnector } from '../../support/sandbox-connector';

async function collect(pages: AsyncIterable<{ records: CrmRecord[]; totalSize: number }>) {
  const seen: { size: number; total: number }[] = [];
  const records: CrmRecord[] = [];
  for await (const page of pages) {
    seen.push({ size: page.records.length, total: page.totalSize });
    records.push(...page.records);
  }
  return { pages: seen, records };
}

const failure = async (promise: Promise<unknown>): Promise<CrmError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CrmError);
  return error as CrmError;
};

describe('Salesforce connector against the sandbox CRM', () => {
  let sandbox: SandboxCrm;
  let crm: SalesforceConnector;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 5, accounts: 30, cases: 45 },
      pageSize: 7,
      readOnlyFields: { Account: ['Industry'] },
    });
    crm = sandboxConnector(sandbox);
  });
  afterAll(() => sandbox.close());

  it('lists the agents', async () => {
    const agents = await crm.listAgents();
    expect(agents.map((a) => a.id).sort()).toEqual(
      sandbox.records
        .all('User')
        .map((u) => u.Id)
        .sort(),
    );
    expect(agents[0]).toEqual({
      id: expect.stringMatching(/^005/),
      username: expect.stringContaining('@'),
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.any(String),
      active: expect.any(Boolean),
    });
  });

  it('reads every changed record across several pages, oldest change first', async () => {
    const { pages, records } = await collect(crm.changedSince('Account', null));
    expect(pages.map((p) => p.size)).toEqual([7, 7, 7, 7, 2]);
    expect(pages.every((p) => p.total === 30)).toBe(true);
    expect(new Set(records.map((r) => r.Id)).size).toBe(30);
    const stamps = records.map((r) => Date.parse(String(r.SystemModstamp)));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    // The catalogue's fields first, then every other field the org describes (custom ones included).
    const keys = Object.keys(records[0]!);
    expect(keys.slice(0, snapshotFields('Account').length)).toEqual(snapshotFields('Account'));
    expect(keys).toEqual(expect.arrayContaining(['Loyalty_Tier__c', 'Allergens__pc', 'Loyalty_Score__c']));
    expect(keys).not.toContain('IsDeleted');
    expect(keys).not.toContain('BillingCity');
  });

  it('reads only records changed at or after the watermark', async () => {
    const all = sandbox.records.all('Case').map((c) => Date.parse(String(c.SystemModstamp)));
    const since = [...all].sort((a, b) => a - b)[20]!;
    const { records } = await collect(crm.changedSince('Case', new Date(since)));
    expect(records.length).toBe(all.filter((t) => t >= since).length);
    expect(records.every((r) => Date.parse(String(r.SystemModstamp)) >= since)).toBe(true);
  });

  it('reads one record in the same shape as the query', async () => {
    const { records } = await collect(crm.changedSince('Case', null));
    const one = await crm.readRecord('Case', records[3]!.Id);
    expect(one).toEqual(records[3]);
    const missing = await failure(crm.readRecord('Case', '5005g000000AAAAAAA'));
    expect(missing.errorCode).toBe('NOT_FOUND');
    expect(missing.message).toContain('5005g000000AAAAAAA');
  });

  it('writes a snapshot back: writable fields only, addresses through their parts', async () => {
    const id = sandbox.records.all('Case')[5]!.Id;
    const before = await crm.readRecord('Case', id);
    const target = { ...before, Status: 'Escalated', Priority: 'High', CaseNumber: '99999999' };
    await crm.updateRecord('Case', id, target);
    const after = await crm.readRecord('Case', id);
    expect(after).toMatchObject({ Status: 'Escalated', Priority: 'High', CaseNumber: before.CaseNumber });
    expect(Date.parse(String(after.SystemModstamp))).toBeGreaterThan(
      Date.parse(String(before.SystemModstamp)),
    );

    const accountId = sandbox.records.all('Account')[2]!.Id;
    const account = await crm.readRecord('Account', accountId);
    await crm.updateRecord('Account', accountId, {
      ...account,
      BillingAddress: { city: 'Lucca', postalCode: '55100', country: 'Italia', street: 'Via Fillungo 5' },
    });
    expect(await crm.readRecord('Account', accountId)).toMatchObject({
      BillingAddress: {
        city: 'Lucca',
        postalCode: '55100',
        country: 'Italia',
        street: 'Via Fillungo 5',
        // Parts the snapshot does not hold are left as they were.
        countryCode: (account.BillingAddress as Record<string, unknown>).countryCode,
      },
    });
  });

  it("writes only what the org's describe lets it write, and returns the CRM's refusal as a clear error", async () => {
    const id = sandbox.records.all('Account')[0]!.Id;
    const before = sandbox.records.get('Account', id)!;
    // Industry is read-only for the integration user, Loyalty__c does not exist: neither is sent.
    await crm.updateRecord('Account', id, { Industry: 'Retail', Loyalty__c: 'gold' });
    expect(sandbox.records.get('Account', id)!.Industry).toBe(before.Industry);
    const refused = await failure(crm.updateRecord('Account', id, { OwnerId: '0055g000000AAAAAAA' }));
    expect(refused.errorCode).toBe('INVALID_CROSS_REFERENCE_KEY');
    expect(refused.errors[0]!.fields).toEqual(['OwnerId']);
    expect(refused.message).toMatch(
      /^Updating Account \w{18}: Salesforce said INVALID_CROSS_REFERENCE_KEY: invalid cross reference id \[OwnerId\]/,
    );
  });

  it('writes on If-Unmodified-Since only when the record was not modified after it (to the second)', async () => {
    const record = sandbox.records.all('Account')[3]!;
    const modified = new Date(String(record.LastModifiedDate));
    const refused = await failure(
      crm.updateRecord(
        'Account',
        record.Id,
        { Phone: '+39 02 7770001' },
        new Date(modified.getTime() - 1000),
      ),
    );
    expect(refused.errorCode).toBe('PRECONDITION_FAILED');
    expect(refused.message).toContain('The requested resource has been modified since');
    expect(sandbox.records.get('Account', record.Id)!.Phone).toBe(record.Phone);
    // An HTTP-date holds whole seconds: a change within the second named is no later than it.
    await crm.updateRecord('Account', record.Id, { Phone: '+39 02 7770002' }, modified);
    expect(sandbox.records.get('Account', record.Id)!.Phone).toBe('+39 02 7770002');

    const token = (await (
      await fetch(`${sandbox.url}/services/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&client_id=sandbox&client_secret=sandbox',
      })
    ).json()) as { access_token: string };
    const invalid = await fetch(`${sandbox.url}/services/data/v62.0/sobjects/Account/${record.Id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token.access_token}`,
        'content-type': 'application/json',
        'if-unmodified-since': 'yesterday',
      },
      body: JSON.stringify({ Phone: '+39 02 7770003' }),
    });
    expect(invalid.status).toBe(400);
    expect(sandbox.records.get('Account', record.Id)!.Phone).toBe('+39 02 7770002');
  });

  it('gets a new token and repeats the call when the session has expired', async () => {
    const issued = sandbox.stats.tokensIssued;
    sandbox.expireTokens();
    expect((await crm.listAgents()).length).toBe(5);
    expect(sandbox.stats.tokensIssued).toBe(issued + 1);
  });

  it('gets a new token and sends a write again when its session expired mid-run: PATCH and SOAP undelete', async () => {
    // A 401 INVALID_SESSION_ID (a SOAP fault of that code) refuses the call unread, so sending it again is safe.
    const [patched, binned] = sandbox.records.all('Account').slice(10, 12);
    sandbox.expireTokens();
    const issued = sandbox.stats.tokensIssued;
    const patches = sandbox.stats.patches;
    await crm.updateRecord('Account', patched!.Id, { Phone: '+39 055 401401' });
    expect(sandbox.records.get('Account', patched!.Id)!.Phone).toBe('+39 055 401401');
    expect(sandbox.stats.patches).toBe(patches + 1);
    expect(sandbox.stats.tokensIssued).toBe(issued + 1);

    sandbox.records.removeWithCases(binned!.Id, sandbox.integrationUserId);
    sandbox.expireTokens();
    await crm.undeleteRecord('Account', binned!.Id);
    expect(sandbox.records.get('Account', binned!.Id)).toBeDefined();
    expect(sandbox.stats.tokensIssued).toBe(issued + 2);
  });

  it('reports why a new token was refused, with its code, when the session expired', async () => {
    // A sandbox of its own: expiring every token of this file's one would stop its connector refreshing.
    const rotated = await startSandboxCrm({ port: 0, counts: { users: 1, accounts: 1, cases: 1 } });
    try {
      const own = sandboxConnector(rotated);
      await own.listAgents();
      rotated.rotateClientSecret('rotated');
      rotated.expireTokens();
      const refused = await failure(own.readRecord('Account', rotated.records.all('Account')[0]!.Id));
      expect(refused.errorCode).toBe('invalid_client');
      expect(refused.message).toMatch(
        /^Describing Account: Salesforce refused the client credentials at .*invalid_client/,
      );
    } finally {
      await rotated.close();
    }
  });

  it('retries 5xx answers with backoff, and gives up with the last error', async () => {
    await crm.listAgents();
    const before = sandbox.stats.requests;
    sandbox.failNextRequests(2);
    expect((await crm.listAgents()).length).toBe(5);
    expect(sandbox.stats.requests - before).toBe(3);

    sandbox.failNextRequests(100);
    const gaveUp = await failure(crm.readRecord('Account', sandbox.records.all('Account')[0]!.Id));
    sandbox.failNextRequests(0);
    expect(gaveUp.errorCode).toBe('SERVER_UNAVAILABLE');
    expect(sandbox.stats.requests - before).toBe(3 + 1 + fastRetry.maxRetries);
  });

  it('does not retry 4xx answers', async () => {
    await crm.listAgents();
    const before = sandbox.stats.requests;
    await failure(crm.readRecord('Account', '0015g000000AAAAAAA'));
    await failure(
      crm.updateRecord('Account', sandbox.records.all('Account')[0]!.Id, { OwnerId: '0055g000000AAAAAAA' }),
    );
    expect(sandbox.stats.requests - before).toBe(2);
  });

  it('retries the token endpoint on 5xx and reports refused credentials clearly', async () => {
    sandbox.failNextRequests(2);
    expect((await sandboxConnector(sandbox).listAgents()).length).toBe(5);
    const refused = await failure(sandboxConnector(sandbox, { clientSecret: 'wrong' }).listAgents());
    expect(refused.message).toBe(
      `Salesforce refused the client credentials at ${sandbox.url}/services/oauth2/token: invalid_client (invalid client credentials)`,
    );
  });

  it('says so when the CRM cannot be reached', async () => {
    const gone = await startSandboxCrm({ port: 0, counts: { users: 1, accounts: 1, cases: 1 } });
    const connector = sandboxConnector(gone);
    await connector.listAgents();
    await gone.close();
    const error = await failure(connector.listAgents());
    expect(error.message).toMatch(/could not be reached \(ECONNREFUSED\)/);
  });
});

describe('Salesforce connector query pages', () => {
  let sandbox: SandboxCrm;
  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 2, accounts: 450, cases: 0 } });
  });
  afterAll(() => sandbox.close());

  it('asks for the configured page size with Sforce-Query-Options, and 2,000 by default', async () => {
    const small = sandboxConnector(sandbox, { batchSize: 200 });
    expect((await collect(small.changedSince('Account', null))).pages.map((p) => p.size)).toEqual([
      200, 200, 50,
    ]);
    expect(
      (await collect(sandboxConnector(sandbox).changedSince('Account', null))).pages.map((p) => p.size),
    ).toEqual([450]);
  });
});
