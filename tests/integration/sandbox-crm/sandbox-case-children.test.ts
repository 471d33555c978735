import { Connection } from 'jsforce';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { sandboxAccessToken } from '../../support/sandbox-connector';

const DATA = '/services/data/v62.0';
type Row = Record<string, unknown> & { Id: string };

describe("sandbox CRM: a case's e-mails and comments over HTTP", () => {
  let sandbox: SandboxCrm;
  let accessToken: string;
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${sandbox.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as unknown) };
  };
  const soql = async (resource: 'query' | 'queryAll', q: string) =>
    ((await call('GET', `${DATA}/${resource}?q=${encodeURIComponent(q)}`)).body as { records: Row[] })
      .records;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({ port: 0, counts: { users: 4, accounts: 25, cases: 40 } });
    accessToken = await sandboxAccessToken(sandbox);
  });
  afterAll(() => sandbox.close());

  it('describes both objects as the Object Reference lists their fields', async () => {
    const names = async (object: string) =>
      (
        (await call('GET', `${DATA}/sobjects/${object}/describe`)).body as { fields: { name: string }[] }
      ).fields.map((f) => f.name);
    expect(await names('EmailMessage')).toEqual(
      expect.arrayContaining([
        'ParentId',
        'FromAddress',
        'ToAddress',
        'Subject',
        'TextBody',
        'HtmlBody',
        'Incoming',
      ]),
    );
    expect(await names('CaseComment')).toEqual(
      expect.arrayContaining(['ParentId', 'CommentBody', 'IsPublished', 'CreatedById', 'SystemModstamp']),
    );
  });

  it("deletes a case's e-mails and comments with it; its undelete brings back those, not one deleted before", async () => {
    const kase = sandbox.records.all('Case')[3]!;
    const created = await call('POST', `${DATA}/sobjects/CaseComment`, {
      ParentId: kase.Id,
      CommentBody: 'Primo',
    });
    const second = await call('POST', `${DATA}/sobjects/CaseComment`, {
      ParentId: kase.Id,
      CommentBody: 'Secondo',
    });
    const email = await call('POST', `${DATA}/sobjects/EmailMessage`, {
      ParentId: kase.Id,
      Subject: 'Oggetto',
      TextBody: 'Testo',
      Incoming: false,
      Status: '3',
    });
    const [first, other, mail] = [created, second, email].map((r) => (r.body as { id: string }).id) as [
      string,
      string,
      string,
    ];
    // A sent e-mail takes no edit but IsExternallyVisible (Object Reference, EmailMessage).
    expect((await call('PATCH', `${DATA}/sobjects/EmailMessage/${mail}`, { Subject: 'Altro' })).status).toBe(
      400,
    );
    expect(
      (await call('PATCH', `${DATA}/sobjects/EmailMessage/${mail}`, { IsExternallyVisible: false })).status,
    ).toBe(204);
    expect((await call('DELETE', `${DATA}/sobjects/CaseComment/${other}`)).status).toBe(204);
    const start = new Date(Date.now() - 120_000).toISOString();
    expect((await call('DELETE', `${DATA}/sobjects/Case/${kase.Id}`)).status).toBe(204);

    const children = `SELECT Id, IsDeleted FROM CaseComment WHERE ParentId IN ('${kase.Id}')`;
    expect(await soql('query', children)).toEqual([]);
    expect((await soql('queryAll', children)).map((r) => r.IsDeleted)).toEqual([true, true]);
    const end = new Date(Date.now() + 60_000).toISOString();
    const listed = await call('GET', `${DATA}/sobjects/CaseComment/deleted/?start=${start}&end=${end}`);
    const ids = (listed.body as { deletedRecords: { id: string }[] }).deletedRecords.map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([first, other]));

    const connection = new Connection({ instanceUrl: sandbox.url, accessToken, version: '62.0' });
    const [undeleted] = await connection.soap.undelete([kase.Id]);
    expect(undeleted).toMatchObject({ success: true });
    const back = await soql('query', `SELECT Id FROM CaseComment WHERE ParentId = '${kase.Id}'`);
    expect(back.map((r) => r.Id)).toEqual([first]);
    expect(
      (await soql('query', `SELECT Id FROM EmailMessage WHERE ParentId = '${kase.Id}'`)).map((r) => r.Id),
    ).toContain(mail);

    // Purging the case purges what it took to the recycle bin; only the case is named.
    expect((await call('DELETE', `${DATA}/sobjects/Case/${kase.Id}`)).status).toBe(204);
    expect(sandbox.purge([kase.Id])).toEqual([kase.Id]);
    expect(await soql('queryAll', `SELECT Id FROM CaseComment WHERE Id = '${first}'`)).toEqual([]);
  });
});
