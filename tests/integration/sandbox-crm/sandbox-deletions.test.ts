import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSfDateTime } from '../../../sandbox-crm/salesforce-wire';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { sandboxAccessToken } from '../../support/sandbox-connector';

const DATA = '/services/data/v62.0';
type Row = Record<string, unknown> & { Id: string };

describe('sandbox CRM: recycle bin, merge, create and undelete over HTTP', () => {
  let sandbox: SandboxCrm;
  let accessToken: string;
  let auth: { authorization: string };
  const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.url}${url}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const soql = async (resource: 'query' | 'queryAll', q: string) => {
    const res = await call('GET', `${DATA}/${resource}?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { records: Row[] }).records;
  };
  const connection = () => new Connection({ instanceUrl: sandbox.url, accessToken, version: '62.0' });
  const personAccounts = () => sandbox.records.all('Account').filter((a) => a.IsPersonAccount === true);

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 4, accounts: 25, cases: 40 } });
    accessToken = await sandboxAccessToken(sandbox);
    auth = { authorization: `Bearer ${accessToken}` };
  });
  afterAll(() => sandbox.close());

  it('DELETE moves a case to the recycle bin: GET by Id answers 404 ENTITY_IS_DELETED, only queryAll sees it', async () => {
    const victim = sandbox.records.all('Case')[0]!;
    const before = Date.now();
    expect((await call('DELETE', `${DATA}/sobjects/Case/${victim.Id}`)).status).toBe(204);

    const get = await call('GET', `${DATA}/sobjects/Case/${victim.Id}`);
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual([
      { errorCode: 'ENTITY_IS_DELETED', message: 'entity is deleted', fields: [] },
    ]);
    expect((await call('DELETE', `${DATA}/sobjects/Case/${victim.Id}`)).status).toBe(404);
    expect((await call('PATCH', `${DATA}/sobjects/Case/${victim.Id}`, { Subject: 'x' })).status).toBe(404);

    expect(await soql('query', `SELECT Id FROM Case WHERE Id = '${victim.Id}'`)).toEqual([]);
    const [all] = await soql('queryAll', `SELECT Id, IsDeleted FROM Case WHERE Id = '${victim.Id}'`);
    expect(all).toMatchObject({ Id: victim.Id, IsDeleted: true });

    const res = await call(
      'GET',
      `${DATA}/sobjects/Case/deleted/?start=${encodeURIComponent(new Date(before - 60_000).toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      deletedRecords: Array<{ id: string; deletedDate: string }>;
      earliestDateAvailable: string;
      latestDateCovered: string;
    };
    expect(body.deletedRecords).toEqual([{ id: victim.Id, deletedDate: expect.stringMatching(/\+0000$/) }]);
    expect(body.earliestDateAvailable).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    expect(body.latestDateCovered).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+0000$/);
    const reversed = await call(
      'GET',
      `${DATA}/sobjects/Case/deleted/?start=2026-01-02T00:00:00Z&end=2026-01-01T00:00:00Z`,
    );
    expect(reversed.status).toBe(400);
  });

  it('refuses to delete an account a live case is related to with 400 DELETE_FAILED, changing nothing', async () => {
    const account = personAccounts().find((a) =>
      sandbox.records.all('Case').some((c) => c.AccountId === a.Id),
    )!;
    const cases = sandbox.records.all('Case').filter((c) => c.AccountId === account.Id);
    const requests = sandbox.stats.deletes;
    const refused = await call('DELETE', `${DATA}/sobjects/Account/${account.Id}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual([
      {
        errorCode: 'DELETE_FAILED',
        message: expect.stringContaining(String(cases[0]!.CaseNumber)),
        fields: [],
      },
    ]);
    expect(sandbox.stats.deletes).toBe(requests + 1);
    expect(sandbox.records.get('Account', account.Id)).toEqual(account);
    for (const c of cases) expect(sandbox.records.get('Case', c.Id)).toEqual(c);
    const [contact] = await soql('query', `SELECT Id FROM Contact WHERE AccountId = '${account.Id}'`);
    expect(contact).toMatchObject({ Id: account.PersonContactId });
  });

  it('deletes an account once its cases are in the recycle bin; SOAP undelete (jsforce) brings back only what it names', async () => {
    const account = personAccounts().find((a) =>
      sandbox.records.all('Case').some((c) => c.AccountId === a.Id),
    )!;
    const cases = sandbox.records.all('Case').filter((c) => c.AccountId === account.Id);
    for (const c of cases) expect((await call('DELETE', `${DATA}/sobjects/Case/${c.Id}`)).status).toBe(204);
    expect((await call('DELETE', `${DATA}/sobjects/Account/${account.Id}`)).status).toBe(204);
    // Its person contact goes to the recycle bin with it.
    expect(await soql('query', `SELECT Id FROM Contact WHERE AccountId = '${account.Id}'`)).toEqual([]);

    const results = await connection().soap.undelete([account.Id]);
    expect(results).toEqual([{ id: account.Id, success: true, errors: [] }]);
    expect(sandbox.records.get('Account', account.Id)).toBeDefined();
    const [contact] = await soql('query', `SELECT Id FROM Contact WHERE AccountId = '${account.Id}'`);
    expect(contact).toMatchObject({ Id: account.PersonContactId });
    // The cases were deleted on their own: each comes back on its own.
    for (const c of cases) expect(sandbox.records.get('Case', c.Id)).toBeUndefined();
    const back = await connection().soap.undelete(cases.map((c) => c.Id));
    expect(back).toEqual(cases.map((c) => ({ id: c.Id, success: true, errors: [] })));
    for (const c of cases) expect(sandbox.records.get('Case', c.Id)).toMatchObject({ IsDeleted: false });
  });

  it('SOAP undelete of a live or purged record fails with UNDELETE_FAILED; a bad session is a SOAP fault', async () => {
    const live = personAccounts()[1]!;
    const [refused] = await connection().soap.undelete([live.Id]);
    expect(refused).toMatchObject({ success: false, errors: [{ statusCode: 'UNDELETE_FAILED' }] });

    const purged = personAccounts()[2]!;
    expect(sandbox.records.removeWithCases(purged.Id, sandbox.integrationUserId).ok).toBe(true);
    expect(sandbox.purge([purged.Id])).toContain(purged.Id);
    expect(await soql('queryAll', `SELECT Id FROM Account WHERE Id = '${purged.Id}'`)).toEqual([]);
    const [gone] = await connection().soap.undelete([purged.Id]);
    expect(gone).toMatchObject({ success: false, errors: [{ statusCode: 'UNDELETE_FAILED' }] });

    const res = await fetch(`${sandbox.url}/services/Soap/u/62.0`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml', soapaction: '""' },
      body: '<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Header><SessionHeader><sessionId>nope</sessionId></SessionHeader></soapenv:Header><soapenv:Body><undelete><ids>x</ids></undelete></soapenv:Body></soapenv:Envelope>',
    });
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/<faultcode>sf:INVALID_SESSION_ID<\/faultcode>/);
  });

  it('merge deletes the loser with MasterRecordId, moves its cases to the survivor and updates the survivor', async () => {
    const [survivor, loser] = personAccounts().slice(3, 5) as [Row, Row];
    const cases = sandbox.records.all('Case').filter((c) => c.AccountId === loser.Id);
    const before = sandbox.records.now();
    sandbox.merge('Account', survivor.Id, loser.Id);
    // One update of the winning record, stamped as any save: a replication by SystemModstamp sees it changed.
    const [updated] = await soql(
      'query',
      `SELECT LastModifiedById, LastModifiedDate, SystemModstamp FROM Account WHERE Id = '${survivor.Id}'`,
    );
    expect(updated).toMatchObject({ LastModifiedById: sandbox.integrationUserId });
    expect(parseSfDateTime(updated!.SystemModstamp)).toBeGreaterThan(before);
    expect(updated!.LastModifiedDate).toBe(updated!.SystemModstamp);
    const [merged] = await soql(
      'queryAll',
      `SELECT Id, IsDeleted, MasterRecordId FROM Account WHERE Id = '${loser.Id}'`,
    );
    expect(merged).toMatchObject({ IsDeleted: true, MasterRecordId: survivor.Id });
    for (const c of cases) expect(sandbox.records.get('Case', c.Id)?.AccountId).toBe(survivor.Id);
  });

  it('POST creates records with new Ids and case numbers; assignment rules run unless Sforce-Auto-Assign is FALSE', async () => {
    const template = sandbox.records.all('Case')[5]!;
    const body = { Subject: 'Nuovo caso', Status: 'New', Origin: 'Web', OwnerId: template.OwnerId };
    const assigned = await call('POST', `${DATA}/sobjects/Case`, body);
    expect(assigned.status).toBe(201);
    const first = (await assigned.json()) as { id: string; success: boolean; errors: unknown[] };
    expect(first).toEqual({ id: expect.stringMatching(/^500\w{15}$/), success: true, errors: [] });
    expect(sandbox.records.get('Case', first.id)?.OwnerId).toBe(sandbox.records.caseQueue()!.Id);

    const kept = await call('POST', `${DATA}/sobjects/Case`, body, { 'sforce-auto-assign': 'FALSE' });
    const second = (await kept.json()) as { id: string };
    const created = sandbox.records.get('Case', second.id)!;
    expect(created.OwnerId).toBe(template.OwnerId);
    expect(created.CaseNumber).not.toBe(sandbox.records.get('Case', first.id)!.CaseNumber);
    expect(sandbox.records.all('Case').filter((c) => c.CaseNumber === created.CaseNumber)).toHaveLength(1);

    // OwnerId is "Defaulted on create" (Object Reference, Case): left out, the running user owns the record.
    const { OwnerId: _owner, ...unowned } = body;
    const defaulted = await call('POST', `${DATA}/sobjects/Case`, unowned, { 'sforce-auto-assign': 'FALSE' });
    expect(defaulted.status).toBe(201);
    const third = (await defaulted.json()) as { id: string };
    expect(sandbox.records.get('Case', third.id)?.OwnerId).toBe(sandbox.integrationUserId);

    const readOnly = await call('POST', `${DATA}/sobjects/Case`, { ...body, CaseNumber: '1' });
    expect(readOnly.status).toBe(400);
    expect(await readOnly.json()).toEqual([
      expect.objectContaining({ errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE', fields: ['CaseNumber'] }),
    ]);
  });

  it('its generated edits delete records now and then, an account after its cases', async () => {
    const busy = await startSandboxCrm({
      port: 0,
      counts: { users: 2, accounts: 6, cases: 10 },
      editsEverySeconds: 0.05,
      deletionShare: 1,
    });
    try {
      const deletedAccounts = () =>
        busy.records.allWithDeleted('Account').filter((r) => r.IsDeleted === true);
      await expect.poll(() => deletedAccounts().length, { timeout: 3000 }).toBeGreaterThan(0);
      const gone = new Set(deletedAccounts().map((a) => a.Id));
      expect(busy.records.all('Case').filter((c) => gone.has(String(c.AccountId)))).toEqual([]);
    } finally {
      await busy.close();
    }
  });

  it('purges records older than the recycle bin keeps them', async () => {
    const short = await startSandboxCrm({
      port: 0,
      counts: { users: 2, accounts: 5, cases: 5 },
      recycleBinDays: 1 / 86_400, // one second
    });
    try {
      const victim = short.records.all('Case')[0]!;
      short.records.remove('Case', victim.Id, short.integrationUserId);
      expect(short.records.stored('Case', victim.Id)).toBeDefined();
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await fetch(`${short.url}/services/data`);
      expect(short.records.stored('Case', victim.Id)).toBeUndefined();
    } finally {
      await short.close();
    }
  });

  it('Get Deleted refuses a span of a minute or less, and a start before the last purge of the recycle bin', async () => {
    const iso = (at: number) => encodeURIComponent(new Date(at).toISOString());
    const deleted = (start: number, end: number) =>
      call('GET', `${DATA}/sobjects/Case/deleted/?start=${iso(start)}&end=${iso(end)}`);
    const refusal = [expect.objectContaining({ errorCode: 'INVALID_REPLICATION_DATE' })];
    const now = Date.now();
    const tooShort = await deleted(now - 60_000, now);
    expect(tooShort.status).toBe(400);
    expect(await tooShort.json()).toEqual(refusal);

    const victim = sandbox.records.all('Case').at(-1)!;
    expect((await call('DELETE', `${DATA}/sobjects/Case/${victim.Id}`)).status).toBe(204);
    const start = Date.now() - 5 * 60_000;
    const listed = await deleted(start, Date.now() + 60_000);
    expect(listed.status).toBe(200);
    const { deletedRecords } = (await listed.json()) as {
      deletedRecords: Array<{ id: string; deletedDate: string }>;
    };
    const deletedDate = deletedRecords.find((d) => d.id === victim.Id)!.deletedDate;

    expect(sandbox.purge([victim.Id])).toEqual([victim.Id]);
    const refused = await deleted(start, Date.now() + 60_000);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(refusal);
    const afterPurge = await deleted(Date.parse(deletedDate.replace('+0000', 'Z')) + 1, Date.now() + 120_000);
    expect(afterPurge.status).toBe(200);
    expect(await afterPurge.json()).toMatchObject({ deletedRecords: [], earliestDateAvailable: deletedDate });
  });
});
