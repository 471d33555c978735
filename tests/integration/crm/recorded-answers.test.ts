import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CrmDuplicateKey, CrmError, type CrmRecord } from '../../../server/crm/crm-connector';
import {
  SalesforceConnector,
  type SalesforceConnectorOptions,
} from '../../../server/crm/salesforce/salesforce-connector';

/**
 * The connector fed answers in exactly the shapes Salesforce's REST API Developer Guide shows: the OAuth token
 * answer, sObject Describe (fields with updateable / calculated / relationshipName / compoundFieldName), a query
 * page with nextRecordsUrl and a second page, records with nested relationship objects carrying `attributes`
 * and a ten-key compound address, the Sforce-Limit-Info header, and error arrays of {message, errorCode, fields}.
 */
const V = '/services/data/v62.0';
const field = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  updateable: true,
  createable: true,
  calculated: false,
  nillable: true,
  relationshipName: null,
  compoundFieldName: null,
  referenceTo: [],
  ...extra,
});
const addressParts = (prefix: string) =>
  [
    'Street',
    'City',
    'State',
    'PostalCode',
    'Country',
    'StateCode',
    'CountryCode',
    'Latitude',
    'Longitude',
    'GeocodeAccuracy',
  ].map((s) => field(`${prefix}${s}`, { compoundFieldName: `${prefix}Address` }));

const ACCOUNT_DESCRIBE = {
  name: 'Account',
  fields: [
    field('Id', { type: 'id', updateable: false, createable: false }),
    field('OwnerId', { type: 'reference', relationshipName: 'Owner', referenceTo: ['User'] }),
    field('Name'),
    field('FirstName', { compoundFieldName: 'Name' }),
    field('LastName', { compoundFieldName: 'Name' }),
    field('RecordTypeId', { type: 'reference', relationshipName: 'RecordType', referenceTo: ['RecordType'] }),
    field('PersonEmail', { type: 'email' }),
    field('Phone', { type: 'phone' }),
    ...addressParts('Billing'),
    field('BillingAddress', { type: 'address', updateable: false, createable: false }),
    field('IsPersonAccount', { type: 'boolean', updateable: false, createable: false }),
    field('PersonContactId', { type: 'reference', updateable: false, relationshipName: 'PersonContact' }),
    field('LastModifiedById', { type: 'reference', updateable: false, relationshipName: 'LastModifiedBy' }),
    field('CreatedDate', { type: 'datetime', updateable: false }),
    field('LastModifiedDate', { type: 'datetime', updateable: false }),
    field('SystemModstamp', { type: 'datetime', updateable: false }),
    field('Storico_Original_Id__c', { externalId: true, unique: true, length: 18, custom: true }),
  ],
};
const CASE_DESCRIBE = {
  name: 'Case',
  fields: [
    field('Id', { type: 'id', updateable: false }),
    field('CaseNumber', { updateable: false }),
    field('OwnerId', { type: 'reference', relationshipName: 'Owner', referenceTo: ['Group', 'User'] }),
    field('AccountId', { type: 'reference', relationshipName: 'Account', referenceTo: ['Account'] }),
    field('ContactId', { type: 'reference', relationshipName: 'Contact', referenceTo: ['Contact'] }),
    field('Status', { type: 'picklist' }),
    field('SystemModstamp', { type: 'datetime', updateable: false }),
  ],
};

const address = {
  city: 'Milano',
  country: 'Italia',
  countryCode: 'IT',
  geocodeAccuracy: null,
  latitude: null,
  longitude: null,
  postalCode: '20121',
  state: 'MI',
  stateCode: 'MI',
  street: 'Via Dante 7',
};
const account = (id: string, stamp: string) => ({
  attributes: { type: 'Account', url: `${V}/sobjects/Account/${id}` },
  Id: id,
  OwnerId: '005D0000001QX8WIAW',
  Owner: { attributes: { type: 'User', url: `${V}/sobjects/User/005D0000001QX8WIAW` }, Name: 'Giulia Neri' },
  Name: 'Marco Rossi',
  FirstName: 'Marco',
  LastName: 'Rossi',
  RecordTypeId: '012D0000000KbQ1IAK',
  PersonEmail: 'marco.rossi@example.it',
  Phone: '+39 333 123 4567',
  BillingAddress: address,
  LastModifiedById: '005D0000001QX8WIAW',
  CreatedDate: '2024-05-07T22:07:19.000+0000',
  LastModifiedDate: stamp,
  SystemModstamp: stamp,
});

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: string };

/** Purged accounts' Ids as re-create keys: one an upsert updates (answered 204), one two records hold (300). */
const UPDATED = '001D000000IRFmeIAH';
const AMBIGUOUS = '001D000000IRFmgIAH';
const KEY_HOLDERS: Record<string, string[]> = {
  [UPDATED]: ['001D000000IRFmfIAH'],
  [AMBIGUOUS]: ['001D000000IRFmhIAH', '001D000000IRFmiIAH'],
};

describe('the connector against answers shaped as Salesforce documents them', () => {
  let server: Server;
  let url: string;
  const seen: Seen[] = [];
  /** Get Deleted's `earliestDateAvailable`: the deletion time of the last record purged from the recycle bin. */
  const deletions = { earliestDateAvailable: '2024-04-11T06:44:00.000+0000' };

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const path = request.url ?? '';
        seen.push({ method: request.method ?? '', url: path, headers: request.headers, body });
        const json = (status: number, value: unknown) => {
          response.writeHead(status, {
            'content-type': 'application/json;charset=UTF-8',
            'sforce-limit-info': 'api-usage=18/5000',
          });
          response.end(JSON.stringify(value));
        };
        if (path === '/services/oauth2/token') {
          return json(200, {
            access_token: '00Dxx0000001gPL!AR8AQJXg5oj8jXSgxJfA0lBog',
            instance_url: url,
            id: `${url}/id/00Dxx0000001gPLEAY/005xx000001Sv6AAAS`,
            token_type: 'Bearer',
            issued_at: '1278448101416',
            signature: 'miQQ1J4sdMPiduBsvyRYPCDozqhe43KRc1i9LmZHR70=',
          });
        }
        if (path === `${V}/sobjects/Account/describe`) return json(200, ACCOUNT_DESCRIBE);
        if (path === `${V}/sobjects/Case/describe`) return json(200, CASE_DESCRIBE);
        if (path.startsWith(`${V}/query?`)) {
          const q = decodeURIComponent(path.slice(path.indexOf('q=') + 2));
          if (q.includes("WHERE Id = '001D000000IRFmaIAH'")) {
            return json(200, {
              totalSize: 1,
              done: true,
              records: [account('001D000000IRFmaIAH', '2024-05-08T10:00:00.000+0000')],
            });
          }
          return json(200, {
            totalSize: 2,
            done: false,
            nextRecordsUrl: `${V}/query/01gD0000002HU6KIAW-2000`,
            records: [account('001D000000IRFmaIAH', '2024-05-07T22:07:19.000+0000')],
          });
        }
        if (path.startsWith(`${V}/sobjects/Account/deleted/?`)) {
          // The answer of https://developer.salesforce.com/docs/platform/api-rest/guide/dome-get-deleted.md.
          const end = new URL(path, url).searchParams.get('end')!;
          return json(200, {
            deletedRecords: [{ id: '001D000000IRFmcIAH', deletedDate: '2024-05-08T09:30:11.000+0000' }],
            earliestDateAvailable: deletions.earliestDateAvailable,
            latestDateCovered: `${end.slice(0, 16)}:00.000+0000`,
          });
        }
        if (path.startsWith(`${V}/queryAll?`) && path.includes('WHERE%20Storico_Original_Id__c%20%3D')) {
          const q = decodeURIComponent(path.slice(path.indexOf('q=') + 2));
          const holders = KEY_HOLDERS[/'(\w+)'/.exec(q)![1]!] ?? [];
          return json(200, {
            totalSize: holders.length,
            done: true,
            records: holders.map((id) => ({
              attributes: { type: 'Account', url: `${V}/sobjects/Account/${id}` },
              Id: id,
              IsDeleted: false,
            })),
          });
        }
        if (path.startsWith(`${V}/queryAll?`)) {
          // Deleted accounts are read whatever their family, which the answer names.
          const life = { IsDeleted: true, IsPersonAccount: true };
          const deleted = { ...account('001D000000IRFmcIAH', '2024-05-08T09:30:11.000+0000'), ...life };
          const inBin = { ...account('001D000000IRFmdIAH', '2024-05-08T09:40:00.000+0000'), ...life };
          return json(200, { totalSize: 2, done: true, records: [deleted, inBin] });
        }
        if (path === `${V}/query/01gD0000002HU6KIAW-2000`) {
          return json(200, {
            totalSize: 2,
            done: true,
            records: [account('001D000000IRFmbIAH', '2024-05-08T09:00:00.000+0000')],
          });
        }
        if (request.method === 'PATCH' && path === `${V}/sobjects/Account/001D000000IRFmaIAH`) {
          response.writeHead(204, { 'sforce-limit-info': 'api-usage=19/5000' });
          return response.end();
        }
        if (
          request.method === 'PATCH' &&
          path === `${V}/sobjects/Account/Storico_Original_Id__c/${UPDATED}`
        ) {
          // An upsert that updated a record, as API versions before 46.0 answer it.
          response.writeHead(204, { 'sforce-limit-info': 'api-usage=20/5000' });
          return response.end();
        }
        if (
          request.method === 'PATCH' &&
          path === `${V}/sobjects/Account/Storico_Original_Id__c/${AMBIGUOUS}`
        ) {
          // "If the value is not unique, REST API returns a 300 response with the list of matching records."
          return json(
            300,
            KEY_HOLDERS[AMBIGUOUS]!.map((id) => `${V}/sobjects/Account/${id}`),
          );
        }
        if (request.method === 'PATCH') {
          return json(400, [
            {
              message:
                'Unable to create/update fields: Name. Please check the security settings of this field.',
              errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
              fields: ['Name'],
            },
          ]);
        }
        json(404, [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }]);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const connector = (options: Partial<SalesforceConnectorOptions> = {}) =>
    new SalesforceConnector({
      loginUrl: url,
      clientId: 'id',
      clientSecret: 'secret',
      retry: { maxRetries: 0, minTimeoutMs: 1, factor: 1 },
      ...options,
    });

  it('queries only what describe offers, follows nextRecordsUrl and stores the snapshot names of docs/product.md and ten-key addresses', async () => {
    const crm = connector();
    const records: CrmRecord[] = [];
    for await (const page of crm.changedSince('Account', new Date('2024-05-01T00:00:00Z')))
      records.push(...page.records);
    const query = seen.find((s) => s.url.startsWith(`${V}/query?`))!;
    const soql = decodeURIComponent(query.url.slice(query.url.indexOf('q=') + 2));
    expect(soql).toMatch(/^SELECT Id, OwnerId, Owner\.Name, Name, FirstName, LastName, RecordTypeId, /);
    expect(soql).toContain('WHERE IsPersonAccount = true AND SystemModstamp >= 2024-05-01T00:00:00Z');
    expect(soql).not.toContain('OwnerName');
    expect(soql).not.toContain('Industry');
    expect(records.map((r) => r.Id)).toEqual(['001D000000IRFmaIAH', '001D000000IRFmbIAH']);
    expect(records[0]).toMatchObject({
      OwnerName: 'Giulia Neri',
      BillingAddress: address,
      LastModifiedById: '005D0000001QX8WIAW',
    });
    expect(records[0]).not.toHaveProperty('Owner');
    expect(records[0]).not.toHaveProperty('attributes');
    expect(crm.missingFields().Account).toEqual(
      expect.arrayContaining(['Industry', 'Website', 'ShippingAddress']),
    );
    expect(crm.apiUsage()).toEqual({ used: 18, limit: 5000 });
  });

  it('writes updateable fields and address components with the assignment and duplicate rule headers', async () => {
    const crm = connector();
    const record = await crm.readRecord('Account', '001D000000IRFmaIAH');
    await crm.updateRecord('Account', record.Id, {
      ...record,
      Phone: '+39 02 1234567',
      BillingAddress: { ...address, street: 'Corso Magenta 1', state: 'MB', stateCode: 'MB' },
    });
    const patch = seen.filter((s) => s.method === 'PATCH').at(-1)!;
    expect(patch.headers['sforce-auto-assign']).toBe('FALSE');
    expect(patch.headers['sforce-duplicate-rule-header']).toBe('allowSave=true');
    expect(JSON.parse(patch.body)).toEqual({
      OwnerId: '005D0000001QX8WIAW',
      FirstName: 'Marco',
      LastName: 'Rossi',
      RecordTypeId: '012D0000000KbQ1IAK',
      PersonEmail: 'marco.rossi@example.it',
      Phone: '+39 02 1234567',
      BillingStreet: 'Corso Magenta 1',
      BillingCity: 'Milano',
      BillingState: 'MB',
      BillingPostalCode: '20121',
      BillingCountry: 'Italia',
      BillingStateCode: 'MB',
      BillingCountryCode: 'IT',
      // A custom field describe lists is kept and written like the others (the answer above held no value).
      Storico_Original_Id__c: null,
    });
    expect(crm.apiUsage()).toEqual({ used: 19, limit: 5000 });
  });

  it("reads Salesforce's error arrays into a CrmError naming code, message and fields", async () => {
    const crm = connector();
    const error = await crm
      .updateRecord('Case', '500D000000IRFmaIAH', { Status: 'Closed' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmError);
    expect((error as CrmError).errors).toEqual([
      {
        message: 'Unable to create/update fields: Name. Please check the security settings of this field.',
        errorCode: 'INVALID_FIELD_FOR_INSERT_UPDATE',
        fields: ['Name'],
      },
    ]);
    expect((error as CrmError).message).toContain('INVALID_FIELD_FOR_INSERT_UPDATE');
    const patch = seen.filter((s) => s.method === 'PATCH').at(-1)!;
    expect(patch.headers['sforce-auto-assign']).toBe('FALSE');
    expect(patch.headers['sforce-duplicate-rule-header']).toBeUndefined();
  });

  it('lists deletions from Get Deleted, its ends as the resource writes them, while its log reaches back to the start', async () => {
    const crm = connector();
    const answer = await crm.deletedSince('Account', new Date(Date.now() - 3_600_000));
    const call = seen.filter((s) => s.url.includes('/deleted/?')).at(-1)!;
    const asked = new URL(call.url, url).searchParams;
    expect(asked.get('start')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(asked.get('end')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
    expect(answer.purgedLog).toBe(false);
    expect(answer.deleted.map((d) => [d.id, d.deletedAt.toISOString()])).toEqual([
      ['001D000000IRFmcIAH', '2024-05-08T09:30:11.000Z'],
    ]);
  });

  it('reads the recycle bin and says the log was purged when earliestDateAvailable is past the start', async () => {
    deletions.earliestDateAvailable = new Date(Date.now() - 60_000).toISOString().replace('Z', '+0000');
    try {
      const crm = connector();
      const since = new Date(Date.now() - 3_600_000);
      const answer = await crm.deletedSince('Account', since);
      expect(answer.purgedLog).toBe(true);
      expect(answer.deleted.map((d) => d.id).sort()).toEqual(['001D000000IRFmcIAH', '001D000000IRFmdIAH']);
      const binned = seen.filter((s) => s.url.startsWith(`${V}/queryAll?`)).at(-1)!;
      const soql = decodeURIComponent(binned.url.slice(binned.url.indexOf('q=') + 2));
      // IsPersonAccount, which tells a business account, is one of the fields kept; IsDeleted is asked beside them.
      expect(soql).toMatch(
        /, IsPersonAccount, .*, IsDeleted FROM Account WHERE IsDeleted = true AND SystemModstamp >= /,
      );
    } finally {
      deletions.earliestDateAvailable = '2024-04-11T06:44:00.000+0000';
    }
  });

  it('re-creates by the key in the URL: a 204 without a body is followed by a read of the key, a 300 names the holders', async () => {
    const crm = connector({ recreateKeyField: 'storico_original_id__c' });
    const record = await crm.readRecord('Account', '001D000000IRFmaIAH');
    expect(await crm.createRecord('Account', record, UPDATED)).toBe('001D000000IRFmfIAH');
    const upsert = seen.filter((s) => s.method === 'PATCH').at(-1)!;
    // The org's casing of the field, which goes in the URL and not in the body.
    expect(upsert.url).toBe(`${V}/sobjects/Account/Storico_Original_Id__c/${UPDATED}`);
    expect(JSON.parse(upsert.body)).not.toHaveProperty('Storico_Original_Id__c');
    expect(JSON.parse(upsert.body)).toMatchObject({
      LastName: 'Rossi',
      PersonEmail: 'marco.rossi@example.it',
    });
    expect(upsert.headers['sforce-auto-assign']).toBe('FALSE');
    expect(upsert.headers['sforce-duplicate-rule-header']).toBe('allowSave=true');
    const read = seen.filter((s) => s.url.startsWith(`${V}/queryAll?`)).at(-1)!;
    expect(decodeURIComponent(read.url)).toContain(
      `SELECT Id, IsDeleted FROM Account WHERE Storico_Original_Id__c = '${UPDATED}'`,
    );

    const error = await crm.createRecord('Account', record, AMBIGUOUS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CrmDuplicateKey);
    expect((error as CrmDuplicateKey).recordIds).toEqual(KEY_HOLDERS[AMBIGUOUS]);
  });
});
