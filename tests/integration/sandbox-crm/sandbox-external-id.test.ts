import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import { startSandboxCrm, type SandboxCrm } from '../../../sandbox-crm/sandbox-crm';
import { sandboxAccessToken } from '../../support/sandbox-connector';

const KEY = 'Storico_Original_Id__c';
const V62 = '/services/data/v62.0';
const V45 = '/services/data/v45.0';

/** A REST call to the sandbox as the integration user, JSON in and out, assignment rules off. */
const rest = (
  sandbox: SandboxCrm,
  auth: { authorization: string },
  method: string,
  url: string,
  body?: unknown,
) =>
  fetch(`${sandbox.url}${url}`, {
    method,
    headers: { ...auth, 'content-type': 'application/json', 'sforce-auto-assign': 'FALSE' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/**
 * sObject Rows by External ID as the REST API Developer Guide describes it ("Insert or Update (Upsert) a Record
 * Using an External ID", "Get a Record Using an External ID"), against an org given an External ID field.
 */
describe('sandbox CRM: an External ID field and sObject Rows by External ID over HTTP', () => {
  let sandbox: SandboxCrm;
  let auth: { authorization: string };
  const call = (method: string, url: string, body?: unknown) => rest(sandbox, auth, method, url, body);
  const holding = (value: string) => sandbox.records.allWithDeleted('Case').filter((c) => c[KEY] === value);
  /** A key value no record holds yet, shaped as the Id of a purged case. */
  let keys = 0;
  const freshKey = () => `500PURGED${String(++keys).padStart(9, '0')}`;

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 10, cases: 20 },
      externalIdField: KEY,
    });
    auth = { authorization: `Bearer ${await sandboxAccessToken(sandbox)}` };
  });
  afterAll(() => sandbox.close());

  it('describes the field on Account and Case as a Text(18) External ID, Unique; other fields are not', async () => {
    for (const object of ['Account', 'Case']) {
      const res = await call('GET', `${V62}/sobjects/${object}/describe`);
      const { fields } = (await res.json()) as { fields: Record<string, unknown>[] };
      expect(fields.find((f) => f.name === KEY)).toMatchObject({
        type: 'string',
        length: 18,
        externalId: true,
        unique: true,
        caseSensitive: false,
        createable: true,
        updateable: true,
        custom: true,
      });
      expect(fields.filter((f) => f.externalId === true).map((f) => f.name)).toEqual([KEY]);
    }
  });

  it('creates a record by its key (201, created: true), then updates that same record (200, created: false)', async () => {
    const key = freshKey();
    const owner = sandbox.records.all('User')[0]!.Id;
    const first = await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, {
      Subject: 'Ricreato per chiave',
      Status: 'New',
      OwnerId: owner,
    });
    expect(first.status).toBe(201);
    const made = (await first.json()) as { id: string };
    expect(made).toEqual({
      id: expect.stringMatching(/^500\w{15}$/),
      success: true,
      errors: [],
      created: true,
    });
    expect(sandbox.records.get('Case', made.id)).toMatchObject({
      [KEY]: key,
      Subject: 'Ricreato per chiave',
    });

    // Matched without regard to case, as a text External ID field is unless made case-sensitive.
    const second = await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key.toLowerCase()}`, {
      Subject: 'Aggiornato per chiave',
    });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ id: made.id, success: true, errors: [], created: false });
    expect(holding(key)).toHaveLength(1);
    expect(sandbox.records.get('Case', made.id)).toMatchObject({
      Subject: 'Aggiornato per chiave',
      Status: 'New',
    });

    const read = await call('GET', `${V62}/sobjects/Case/${KEY}/${key}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      attributes: { type: 'Case', url: `${V62}/sobjects/Case/${made.id}` },
      Id: made.id,
      [KEY]: key,
    });
    expect((await call('GET', `${V62}/sobjects/Case/${KEY}/${freshKey()}`)).status).toBe(404);
  });

  it('answers as API versions before 46.0 did: no `created` on a create, 204 without a body on an update', async () => {
    const key = freshKey();
    const created = await call('PATCH', `${V45}/sobjects/Case/${KEY}/${key}`, {
      Subject: 'v45',
      Status: 'New',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const updated = await call('PATCH', `${V45}/sobjects/Case/${KEY}/${key}`, { Subject: 'v45 again' });
    expect(updated.status).toBe(204);
    expect(await updated.text()).toBe('');
    expect(sandbox.records.get('Case', id)?.Subject).toBe('v45 again');
  });

  it('answers 300 with the URLs of the records when several hold the value, and writes nothing', async () => {
    const key = freshKey();
    const [a, b] = sandbox.records.all('Case').slice(0, 2);
    // Held twice, as a field made unique only after its values were loaded can be.
    for (const c of [a!, b!]) sandbox.records.save('Case', { ...c, [KEY]: key } as CrmRecord);
    const upserts = sandbox.stats.upserts;
    const res = await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, { Subject: 'Quale dei due?' });
    expect(res.status).toBe(300);
    expect(((await res.json()) as string[]).sort()).toEqual(
      [a!.Id, b!.Id].map((id) => `${V62}/sobjects/Case/${id}`).sort(),
    );
    expect(sandbox.stats.upserts).toBe(upserts);
    expect(holding(key).map((c) => c.Subject)).not.toContain('Quale dei due?');
    expect((await call('GET', `${V62}/sobjects/Case/${KEY}/${key}`)).status).toBe(300);
  });

  it('refuses a field that is not an External ID with 404 NOT_FOUND, and a body naming Id or the key', async () => {
    for (const field of ['Subject', 'Agent__c', 'Nope__c']) {
      const res = await call('PATCH', `${V62}/sobjects/Case/${field}/${freshKey()}`, { Status: 'New' });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual([
        { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
      ]);
    }
    const key = freshKey();
    for (const body of [
      { [KEY]: key, Subject: 'x' },
      { Id: 'x', Subject: 'x' },
    ]) {
      const res = await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, body);
      expect(res.status).toBe(400);
    }
    expect(holding(key)).toHaveLength(0);
  });

  it('keeps the field unique: a create or update giving another record its value is refused with DUPLICATE_VALUE', async () => {
    const key = freshKey();
    const made = await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, {
      Subject: 'Unico',
      Status: 'New',
    });
    const { id } = (await made.json()) as { id: string };
    const other = sandbox.records.all('Case').find((c) => c.Id !== id && !c[KEY])!;
    for (const [method, url] of [
      ['PATCH', `${V62}/sobjects/Case/${other.Id}`],
      ['POST', `${V62}/sobjects/Case`],
    ] as const) {
      const res = await call(method, url, { [KEY]: key.toLowerCase(), Status: 'New' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual([
        expect.objectContaining({ errorCode: 'DUPLICATE_VALUE', fields: [KEY] }),
      ]);
    }
    expect(holding(key).map((c) => c.Id)).toEqual([id]);
  });

  it('lets the write faults of tests lose the answer of an upsert that was applied', async () => {
    const key = freshKey();
    sandbox.faultWrites('apply-and-drop', 1);
    try {
      const lost = await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, {
        Subject: 'Perso',
        Status: 'New',
      });
      expect.unreachable(`answered ${lost.status}`);
    } catch (error) {
      expect(error).toBeInstanceOf(TypeError);
    } finally {
      sandbox.faultWrites(null);
    }
    expect(holding(key)).toHaveLength(1);
  });

  it('has no such field unless it is given one', async () => {
    const plain = await startSandboxCrm({ port: 0, counts: { users: 2, accounts: 3, cases: 3 } });
    try {
      expect(plain.records.schema.field('Case', KEY)).toBeUndefined();
      expect(plain.records.schema.fields('Account').some((f) => f.externalId)).toBe(false);
    } finally {
      await plain.close();
    }
  });
});

/**
 * An integration user granted "Set Audit Fields upon Record Creation": the audit fields become createable, never
 * updateable, and "this only works for INSERT, not UPSERT" (https://help.salesforce.com/s/articleView?id=000176484&type=1).
 */
describe('sandbox CRM: audit fields set on create, over HTTP', () => {
  let sandbox: SandboxCrm;
  let auth: { authorization: string };
  const call = (method: string, url: string, body?: unknown) => rest(sandbox, auth, method, url, body);
  const AUDIT = {
    CreatedDate: '2019-03-04T05:06:07.000+0000',
    LastModifiedDate: '2020-01-02T03:04:05.000+0000',
  };
  const refusedAudit = async (res: Response) => {
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual([
      expect.objectContaining({
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        fields: ['CreatedDate', 'LastModifiedDate'],
      }),
    ]);
  };

  beforeAll(async () => {
    sandbox = await startSandboxCrm({
      port: 0,
      counts: { users: 3, accounts: 5, cases: 5 },
      externalIdField: KEY,
      auditFieldsOnCreate: true,
    });
    auth = { authorization: `Bearer ${await sandboxAccessToken(sandbox)}` };
  });
  afterAll(() => sandbox.close());

  it('describes them as createable, not updateable; SystemModstamp stays read-only', async () => {
    const res = await call('GET', `${V62}/sobjects/Case/describe`);
    const { fields } = (await res.json()) as { fields: Record<string, unknown>[] };
    for (const name of ['CreatedDate', 'CreatedById', 'LastModifiedDate', 'LastModifiedById'])
      expect(fields.find((f) => f.name === name)).toMatchObject({ createable: true, updateable: false });
    expect(fields.find((f) => f.name === 'SystemModstamp')).toMatchObject({
      createable: false,
      updateable: false,
    });
  });

  it('keeps the values a create sends; refuses them on an update and on an upsert, creating or updating', async () => {
    const key = `500AUDIT${String(1).padStart(10, '0')}`;
    const created = await call('POST', `${V62}/sobjects/Case`, {
      Subject: 'Migrato',
      Status: 'New',
      ...AUDIT,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(sandbox.records.get('Case', id)).toMatchObject(AUDIT);

    await refusedAudit(await call('PATCH', `${V62}/sobjects/Case/${id}`, { Subject: 'x', ...AUDIT }));
    await refusedAudit(await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, { Subject: 'x', ...AUDIT }));
    expect(sandbox.records.all('Case').filter((c) => c[KEY] === key)).toEqual([]);

    const upserted = await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, {
      Subject: 'y',
      Status: 'New',
    });
    expect(upserted.status).toBe(201);
    await refusedAudit(await call('PATCH', `${V62}/sobjects/Case/${KEY}/${key}`, { Subject: 'z', ...AUDIT }));
    expect(sandbox.records.all('Case').find((c) => c[KEY] === key)?.Subject).toBe('y');
  });
});
