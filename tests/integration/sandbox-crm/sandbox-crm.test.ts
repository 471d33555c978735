import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';

const DATA = '/services/data/v62.0';
const counts = { users: 4, accounts: 25, cases: 40 };

async function token(sandbox: SandboxCrm, form: Record<string, string>) {
  return fetch(`${sandbox.url}/services/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

describe('sandbox CRM over HTTP', () => {
  let sandbox: SandboxCrm;
  let auth: { authorization: string };
  const get = (url: string) => fetch(`${sandbox.url}${url}`, { headers: auth });
  const patch = (url: string, body: unknown) =>
    fetch(`${sandbox.url}${url}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts });
    const res = await token(sandbox, {
      grant_type: 'client_credentials',
      client_id: 'sandbox',
      client_secret: 'sandbox',
    });
    const body = (await res.json()) as { access_token: string; instance_url: string; id: string };
    expect(body.instance_url).toBe(sandbox.url);
    expect(body.id).toMatch(/\/id\/00D\w{15}\/005\w{15}$/);
    auth = { authorization: `Bearer ${body.access_token}` };
  });
  afterAll(() => sandbox.close());

  it('issues tokens for the client credentials grant only, with the configured client', async () => {
    const wrongSecret = await token(sandbox, {
      grant_type: 'client_credentials',
      client_id: 'sandbox',
      client_secret: 'x',
    });
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    const password = await token(sandbox, {
      grant_type: 'password',
      client_id: 'sandbox',
      client_secret: 'sandbox',
    });
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers data calls without a valid bearer token with 401 INVALID_SESSION_ID', async () => {
    const res = await fetch(`${sandbox.url}${DATA}/query?q=${encodeURIComponent('SELECT Id FROM User')}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual([
      { errorCode: 'INVALID_SESSION_ID', message: 'Session expired or invalid' },
    ]);
    const forged = await fetch(`${sandbox.url}${DATA}/sobjects/User/x`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(forged.status).toBe(401);
  });

  it('answers SOQL with records, attributes and the total size', async () => {
    const soql = `SELECT Id, CaseNumber, Status FROM Case WHERE (Status = 'Closed' OR Status = 'Working') ORDER BY CaseNumber`;
    const res = await get(`${DATA}/query?q=${encodeURIComponent(soql)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      totalSize: number;
      done: boolean;
      records: Record<string, unknown>[];
    };
    const expected = sandbox.records
      .all('Case')
      .filter((c) => c.Status === 'Closed' || c.Status === 'Working')
      .map((c) => c.CaseNumber)
      .sort();
    expect(body.totalSize).toBe(expected.length);
    expect(body.done).toBe(true);
    expect(body.records.map((r) => r.CaseNumber)).toEqual(expected);
    expect(body.records[0]).toEqual({
      attributes: { type: 'Case', url: `${DATA}/sobjects/Case/${String(body.records[0]!.Id)}` },
      Id: expect.any(String),
      CaseNumber: expect.any(String),
      Status: expect.any(String),
    });
  });

  it("refuses bad SOQL with Salesforce's error codes", async () => {
    const q = async (soql: string) => {
      const res = await get(`${DATA}/query?q=${encodeURIComponent(soql)}`);
      return [res.status, ((await res.json()) as { errorCode: string }[])[0]!.errorCode];
    };
    expect(await q('SELECT FROM Case')).toEqual([400, 'MALFORMED_QUERY']);
    expect(await q('SELECT Id FROM Lead')).toEqual([400, 'INVALID_TYPE']);
    expect(await q('SELECT Id, Secret__c FROM Case')).toEqual([400, 'INVALID_FIELD']);
  });

  it('reads one record, with only the fields asked for', async () => {
    const account = sandbox.records.view('Account', sandbox.records.all('Account')[0]!);
    const res = await get(`${DATA}/sobjects/Account/${account.Id}?fields=name,BillingAddress`);
    expect(await res.json()).toEqual({
      attributes: { type: 'Account', url: `${DATA}/sobjects/Account/${account.Id}` },
      Name: account.Name,
      BillingAddress: account.BillingAddress,
    });
    expect(Object.keys(account.BillingAddress as object).sort()).toEqual([
      'city',
      'country',
      'countryCode',
      'geocodeAccuracy',
      'latitude',
      'longitude',
      'postalCode',
      'state',
      'stateCode',
      'street',
    ]);
    const missing = await get(`${DATA}/sobjects/Account/0015g000000AAAAAAA`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual([
      { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
    ]);
  });

  it('updates writable fields, recomputes compound ones and advances the save stamps', async () => {
    const account = sandbox.records.all('Account')[1]!;
    const res = await patch(`${DATA}/sobjects/Account/${account.Id}`, {
      LastName: 'Esposito',
      BillingStreet: 'Via Trinchese 12',
      BillingCity: 'Lecce',
      BillingState: 'LE',
      BillingPostalCode: '73100',
      BillingCountry: 'Italia',
    });
    expect(res.status).toBe(204);
    const after = sandbox.records.view('Account', sandbox.records.get('Account', account.Id)!);
    expect(after.Name).toBe(`${String(account.FirstName)} Esposito`);
    expect(after.BillingAddress).toMatchObject({
      street: 'Via Trinchese 12',
      city: 'Lecce',
      state: 'LE',
      postalCode: '73100',
      country: 'Italia',
    });
    expect(after.LastModifiedById).toBe(sandbox.integrationUserId);
    expect(Date.parse(String(after.SystemModstamp))).toBeGreaterThan(
      Date.parse(String(account.SystemModstamp)),
    );
    expect(after.LastModifiedDate).toBe(after.SystemModstamp);
  });

  it("refuses read-only, unknown and mistyped fields with Salesforce's error array", async () => {
    const c = sandbox.records.all('Case')[0]!;
    const readOnly = await patch(`${DATA}/sobjects/Case/${c.Id}`, {
      CaseNumber: '1',
      SystemModstamp: 'x',
      Status: 'New',
    });
    expect(readOnly.status).toBe(400);
    expect(await readOnly.json()).toEqual([
      {
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        message: expect.stringContaining('Unable to create/update fields: CaseNumber, SystemModstamp.'),
        fields: ['CaseNumber', 'SystemModstamp'],
      },
    ]);
    const unknown = await patch(`${DATA}/sobjects/Case/${c.Id}`, { Nope__c: 1 });
    expect(await unknown.json()).toEqual([
      { errorCode: 'INVALID_FIELD', message: "No such column 'Nope__c' on sobject of type Case", fields: [] },
    ]);
    const mistyped = await patch(`${DATA}/sobjects/Case/${c.Id}`, { Recall__c: 'yes' });
    expect(((await mistyped.json()) as { errorCode: string }[])[0]!.errorCode).toBe('JSON_PARSER_ERROR');
    const badOwner = await patch(`${DATA}/sobjects/Case/${c.Id}`, { OwnerId: '0055g000000AAAAAAA' });
    expect(((await badOwner.json()) as { errorCode: string }[])[0]!.errorCode).toBe(
      'INVALID_CROSS_REFERENCE_KEY',
    );
    expect(sandbox.records.get('Case', c.Id)).toEqual(c);
    expect((await patch(`${DATA}/sobjects/Case/5005g000000AAAAAAA`, { Status: 'New' })).status).toBe(404);
  });
});

describe('sandbox CRM state', () => {
  it('keeps changes across a restart through its change log', async () => {
    const changeLog = path.join(mkdtempSync(path.join(tmpdir(), 'storico-sandbox-')), 'changes.ndjson');
    const first = await startSandboxCrm({ port: 0, counts, changeLog });
    const id = first.records.all('Case')[3]!.Id;
    const context = { userId: first.integrationUserId, autoAssign: false, allowDuplicates: false };
    expect(first.records.patch('Case', id, { Status: 'Escalated' }, context).ok).toBe(true);
    const changed = first.records.get('Case', id);
    const [survivor, loser] = first.records.all('Account').filter((a) => a.IsPersonAccount === true);
    first.merge('Account', survivor!.Id, loser!.Id);
    const merged = first.records.get('Account', survivor!.Id);
    expect(merged!.SystemModstamp).not.toBe(survivor!.SystemModstamp);
    await first.close();
    const second = await startSandboxCrm({ port: 0, counts, changeLog });
    expect(second.records.get('Case', id)).toEqual(changed);
    expect(second.records.get('Account', survivor!.Id)).toEqual(merged);
    expect(second.records.stored('Account', loser!.Id)).toMatchObject({ IsDeleted: true });
    expect(second.records.now()).toBeGreaterThan(Date.parse(String(changed!.SystemModstamp)));
    await second.close();
  });

  it('makes new edits while running when asked to', async () => {
    const sandbox = await startSandboxCrm({ port: 0, counts, editsEverySeconds: 1 });
    const started = Date.now();
    const newer = () =>
      [...sandbox.records.all('Account'), ...sandbox.records.all('Case')].filter(
        (r) => Date.parse(String(r.SystemModstamp)) >= started,
      );
    await expect.poll(() => newer().length, { timeout: 5000, interval: 200 }).toBeGreaterThan(0);
    await sandbox.close();
  });
});

describe('sandbox CRM behaving like a real org', () => {
  let sandbox: SandboxCrm;
  let auth: { authorization: string };
  const get = (url: string) => fetch(`${sandbox.url}${url}`, { headers: auth });
  const query = async (soql: string, version = '62.0') => {
    const res = await get(`/services/data/v${version}/query?q=${encodeURIComponent(soql)}`);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };
  const patchCase = (id: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.url}${DATA}/sobjects/Case/${id}`, {
      method: 'PATCH',
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts, hiddenFields: { Account: ['Industry'] } });
    const res = await token(sandbox, {
      grant_type: 'client_credentials',
      client_id: 'sandbox',
      client_secret: 'sandbox',
    });
    auth = { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  });
  afterAll(() => sandbox.close());

  it('serves every API version from v31.0, listed at /services/data without counting it', async () => {
    const used = sandbox.stats.apiUsed;
    const versions = (await (await fetch(`${sandbox.url}/services/data`)).json()) as {
      version: string;
      url: string;
    }[];
    expect(versions[0]).toEqual({ label: "Summer '14", url: '/services/data/v31.0', version: '31.0' });
    expect(versions.at(-1)!.version).toBe('62.0');
    expect(sandbox.stats.apiUsed).toBe(used);
    expect((await query('SELECT Id FROM User', '31.0')).status).toBe(200);
    expect((await query('SELECT Id FROM User', '30.0')).status).toBe(404);
  });

  it('describes its objects; a field hidden from the user is in neither describe nor SOQL', async () => {
    const global = (await (await get(`${DATA}/sobjects`)).json()) as { sobjects: { name: string }[] };
    expect(global.sobjects.map((s) => s.name)).toEqual(expect.arrayContaining(['Account', 'Case', 'User']));
    const describe = (await (await get(`${DATA}/sobjects/Account/describe`)).json()) as {
      fields: { name: string; updateable: boolean; compoundFieldName: string | null; type: string }[];
    };
    const byName = new Map(describe.fields.map((f) => [f.name, f]));
    expect(byName.has('Industry')).toBe(false);
    expect(byName.get('BillingAddress')).toMatchObject({ type: 'address', updateable: false });
    expect(byName.get('BillingStreet')).toMatchObject({
      updateable: true,
      compoundFieldName: 'BillingAddress',
    });
    expect(byName.has('OwnerName')).toBe(false);
    expect((await query('SELECT Id, Industry FROM Account')).status).toBe(400);
    expect((await query('SELECT Id, OwnerName FROM Account')).body).toEqual([
      expect.objectContaining({ errorCode: 'INVALID_FIELD' }),
    ]);
  });

  it('names users by Id as Salesforce does: Name is FirstName LastName, unknown ids left out', async () => {
    const [user] = sandbox.records.all('User');
    const unknown = `005${'0'.repeat(12)}`;
    const answer = await query(`SELECT Id, Name FROM User WHERE Id IN ('${user!.Id}', '${unknown}')`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ totalSize: 1, done: true });
    expect(answer.body.records).toEqual([
      {
        attributes: { type: 'User', url: expect.stringMatching(new RegExp(`/sobjects/User/${user!.Id}$`)) },
        Id: user!.Id,
        Name: `${String(user!.FirstName)} ${String(user!.LastName)}`,
      },
    ]);
  });

  it('answers relationship paths with nested records, person and business accounts, documented date-times', async () => {
    const persons = await query(
      'SELECT id, Owner.Name, BillingAddress, CreatedDate FROM Account WHERE IsPersonAccount = true',
    );
    const all = await query('SELECT Id FROM Account');
    expect((all.body.totalSize as number) - (persons.body.totalSize as number)).toBeGreaterThan(0);
    const [first] = persons.body.records as Record<string, unknown>[];
    expect(first).toMatchObject({
      Id: expect.any(String),
      Owner: {
        attributes: { type: 'User', url: expect.stringMatching(/\/sobjects\/User\/005/) },
        Name: expect.any(String),
      },
      CreatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+0000$/),
    });
    expect(Object.keys(first!.BillingAddress as object)).toHaveLength(10);
    const cases = await query('SELECT Id, Contact.Name, Owner.Name FROM Case');
    const [c] = cases.body.records as Record<string, Record<string, unknown>>[];
    expect(c!.Contact).toMatchObject({ attributes: { type: 'Contact' }, Name: expect.any(String) });
    expect(c!.Owner!.attributes).toMatchObject({ type: 'Name' });
  });

  it('sends Sforce-Limit-Info on every answer, serves /limits, and refuses past the limit with 403', async () => {
    const answer = await query('SELECT Id FROM User');
    expect(answer.headers.get('sforce-limit-info')).toMatch(/^api-usage=\d+\/100000$/);
    const limits = (await (await get(`${DATA}/limits`)).json()) as { DailyApiRequests: { Max: number } };
    expect(limits.DailyApiRequests.Max).toBe(100_000);
    sandbox.setApiUsage(100_000);
    const refused = await query('SELECT Id FROM User');
    sandbox.setApiUsage(10);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual([
      { errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'TotalRequests Limit exceeded.' },
    ]);
    expect(refused.headers.get('sforce-limit-info')).toBe('api-usage=100000/100000');
  });

  it('runs its case assignment rule on a PATCH unless Sforce-Auto-Assign is FALSE', async () => {
    const [a, b] = sandbox.records.all('Case').filter((c) => String(c.OwnerId).startsWith('005'));
    expect((await patchCase(a!.Id, { Status: 'Working' }, { 'sforce-auto-assign': 'FALSE' })).status).toBe(
      204,
    );
    expect(sandbox.records.get('Case', a!.Id)!.OwnerId).toBe(a!.OwnerId);
    expect((await patchCase(b!.Id, { Status: 'Working' })).status).toBe(204);
    expect(String(sandbox.records.get('Case', b!.Id)!.OwnerId)).toMatch(/^00G/);
  });

  it('blocks a duplicate person account unless the duplicate rule header allows the save', async () => {
    const [a, b] = sandbox.records.all('Account').filter((x) => x.IsPersonAccount === true);
    const patch = (headers: Record<string, string>) =>
      fetch(`${sandbox.url}${DATA}/sobjects/Account/${a!.Id}`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ PersonEmail: b!.PersonEmail }),
      });
    const blocked = await patch({});
    expect(blocked.status).toBe(400);
    expect(((await blocked.json()) as { errorCode: string }[])[0]!.errorCode).toBe('DUPLICATES_DETECTED');
    expect((await patch({ 'sforce-duplicate-rule-header': 'allowSave=true' })).status).toBe(204);
  });

  it("is written from Salesforce's documentation: no sandbox module imports Storico's field catalogue", () => {
    const dir = path.join(__dirname, '../../../sandbox-crm');
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/crm-fields/);
    }
  });
});
