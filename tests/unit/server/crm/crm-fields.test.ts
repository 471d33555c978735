import { describe, expect, it } from 'vitest';
import { normaliseAddress, snapshotFields } from '../../../../server/crm/crm-fields';
import {
  planFields,
  selectList,
  toSnapshot,
  writableFields,
  type DescribeField,
} from '../../../../server/crm/salesforce/field-plan';
import { toWriteBody } from '../../../../server/crm/salesforce/write-body';

const f = (name: string, extra: Partial<DescribeField> = {}): DescribeField => ({
  name,
  type: 'string',
  updateable: true,
  createable: true,
  calculated: false,
  ...extra,
});
const ro = (name: string, extra: Partial<DescribeField> = {}) =>
  f(name, { updateable: false, createable: false, ...extra });
const parts = (prefix: string, withCodes = true) => [
  ...[
    'Street',
    'City',
    'State',
    'PostalCode',
    'Country',
    ...(withCodes ? ['StateCode', 'CountryCode'] : []),
  ].map((s) => f(`${prefix}${s}`, { compoundFieldName: `${prefix}Address` })),
  ...['Latitude', 'Longitude', 'GeocodeAccuracy'].map((s) =>
    f(`${prefix}${s}`, { compoundFieldName: `${prefix}Address` }),
  ),
  ro(`${prefix}Address`, { type: 'address' }),
];

/** A describe of Account in an org with person accounts, some names in another casing, Industry hidden. */
const accountDescribe: DescribeField[] = [
  ro('Id', { type: 'id' }),
  f('OwnerId', { type: 'reference', relationshipName: 'Owner', referenceTo: ['User'] }),
  f('Name'),
  f('firstname', { compoundFieldName: 'Name' }),
  f('LastName', { compoundFieldName: 'Name' }),
  f('RecordTypeId', { type: 'reference', relationshipName: 'RecordType' }),
  f('Phone'),
  f('PersonEmail'),
  ...parts('Billing'),
  ...parts('Shipping', false),
  ro('IsPersonAccount', { type: 'boolean' }),
  ro('LastModifiedById', { type: 'reference', relationshipName: 'LastModifiedBy' }),
  ro('SystemModstamp', { type: 'datetime' }),
  f('Total_Value__c', { updateable: false, calculated: true }),
];

describe('the field plan from an org describe', () => {
  const plan = planFields('Account', accountDescribe);

  it('queries the catalogue fields the org has, in its casing, with relationship paths', () => {
    expect(selectList(plan)).toEqual(
      expect.arrayContaining(['Id', 'OwnerId', 'Owner.Name', 'Name', 'firstname', 'BillingAddress']),
    );
    expect(selectList(plan)).not.toContain('OwnerName');
    expect(plan.missing).toContain('Industry');
    expect(plan.missing).not.toContain('OwnerName');
    expect(plan.personAccountField).toBe('IsPersonAccount');
  });

  it('turns an answer with nested relationship objects and a ten-key address into a snapshot', () => {
    const snapshot = toSnapshot(plan, {
      attributes: { type: 'Account', url: '/x' },
      Id: '001000000000001AAA',
      OwnerId: '005000000000001AAA',
      Owner: { attributes: { type: 'User', url: '/y' }, Name: 'Anna Verdi' },
      Name: 'Maria Rossi',
      firstname: 'Maria',
      BillingAddress: { city: 'Roma', street: 'Via Appia 1', country: 'Italia' },
      ShippingAddress: null,
    });
    expect(snapshot.OwnerName).toBe('Anna Verdi');
    expect(snapshot.firstname).toBe('Maria');
    expect(snapshot).not.toHaveProperty('attributes');
    expect(snapshot).not.toHaveProperty('Owner');
    expect(Object.keys(snapshot.BillingAddress as object)).toHaveLength(10);
    expect(snapshot.ShippingAddress).toBeNull();
  });

  it('writes updateable fields only: not compound, calculated or read-only ones; addresses through their parts', () => {
    expect(writableFields(plan)).toEqual(
      expect.arrayContaining([
        'OwnerId',
        'firstname',
        'LastName',
        'Phone',
        'BillingAddress',
        'ShippingAddress',
      ]),
    );
    expect(writableFields(plan)).not.toContain('Name');
    expect(writableFields(plan)).not.toContain('SystemModstamp');
    const body = toWriteBody(plan, {
      Id: '001000000000001AAA',
      Name: 'Anna Rossi',
      OwnerName: 'Marco Bianchi',
      FirstName: 'Anna',
      SystemModstamp: '2025-01-01T00:00:00.000+0000',
      BillingAddress: normaliseAddress({
        city: 'Parma',
        street: 'Via Emilia 3',
        state: 'PR',
        stateCode: 'PR',
      }),
      ShippingAddress: null,
    });
    expect(body).toEqual({
      firstname: 'Anna',
      BillingStreet: 'Via Emilia 3',
      BillingCity: 'Parma',
      BillingState: 'PR',
      BillingPostalCode: null,
      BillingCountry: null,
      BillingStateCode: 'PR',
      BillingCountryCode: null,
      ShippingStreet: null,
      ShippingCity: null,
      ShippingState: null,
      ShippingPostalCode: null,
      ShippingCountry: null,
    });
  });

  it('writes on a create the fields describe says createable, on an update those it says updateable, on an upsert both', () => {
    // Set Audit Fields upon Record Creation makes CreatedDate createable but never updateable; a field can also be
    // updateable and not createable. A create naming a field that is not createable is refused.
    const createOnly = planFields('Account', [
      ...accountDescribe,
      f('CreatedDate', { type: 'datetime', updateable: false }),
      f('Description', { createable: false }),
      f('BillingCity', { compoundFieldName: 'BillingAddress', createable: false }),
    ]);
    const fields = {
      Phone: '+39 06 1234567',
      CreatedDate: '2024-01-02T03:04:05.000+0000',
      Description: 'Cliente storico',
      BillingAddress: { city: 'Roma', street: 'Via Appia 1' },
    };
    expect(toWriteBody(createOnly, fields, 'create')).toEqual({
      Phone: '+39 06 1234567',
      CreatedDate: '2024-01-02T03:04:05.000+0000',
      BillingStreet: 'Via Appia 1',
    });
    expect(toWriteBody(createOnly, fields, 'update')).toEqual({
      Phone: '+39 06 1234567',
      Description: 'Cliente storico',
      BillingStreet: 'Via Appia 1',
      BillingCity: 'Roma',
    }); // An upsert creates or updates as its key decides: only what both take.
    expect(toWriteBody(createOnly, fields, 'upsert')).toEqual({
      Phone: '+39 06 1234567',
      BillingStreet: 'Via Appia 1',
    });
  });

  it('leaves out an empty value of a field that cannot be empty, as a checkbox, instead of sending null', () => {
    const plan = planFields('Account', [
      ...accountDescribe,
      f('Consent_Newsletter__pc', { type: 'boolean', nillable: false }),
      f('Description', { nillable: true }),
    ]);
    // A business account's snapshot: its person fields are empty.
    expect(toWriteBody(plan, { Consent_Newsletter__pc: null, Description: null, Phone: '+39 06 1' })).toEqual(
      {
        Description: null,
        Phone: '+39 06 1',
      },
    );
    expect(toWriteBody(plan, { Consent_Newsletter__pc: false })).toEqual({ Consent_Newsletter__pc: false });
  });

  it("never writes a person account's Name, even when describe does not call it compound", () => {
    const plain = planFields(
      'Account',
      accountDescribe.map((d) => (d.compoundFieldName === 'Name' ? { ...d, compoundFieldName: null } : d)),
    );
    expect(writableFields(plain)).not.toContain('Name');
    const fields = { Name: 'Anna Rossi', LastName: 'Rossi' };
    expect(toWriteBody(plain, fields, 'update')).toEqual({ LastName: 'Rossi' });
    expect(toWriteBody(plain, fields, 'create')).toEqual({ LastName: 'Rossi' });
  });

  it('leaves address parts an older three-key snapshot does not hold as the CRM has them', () => {
    const body = toWriteBody(plan, {
      BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia' },
    });
    expect(body).toEqual({ BillingCity: 'Roma', BillingPostalCode: '00100', BillingCountry: 'Italia' });
  });

  it('lists the snapshot fields of docs/product.md in order, compound addresses and not their parts', () => {
    const account = snapshotFields('Account');
    expect(account.indexOf('BillingAddress')).toBeGreaterThan(account.indexOf('Website'));
    expect(account).not.toContain('BillingCity');
    expect(account).toEqual(expect.arrayContaining(['OwnerName', 'RecordTypeId', 'LastModifiedById']));
    expect(snapshotFields('Case')).toEqual(
      expect.arrayContaining(['CaseNumber', 'ContactId', 'ContactName', 'LastModifiedById', 'Reason']),
    );
  });
});

describe('the re-create key in the field plan', () => {
  const key = (extra: Partial<DescribeField> = {}) =>
    f('Storico_Original_Id__c', { externalId: true, length: 18, ...extra });
  const keyOf = (field: DescribeField, name = 'storico_original_id__c') =>
    planFields('Case', [ro('Id', { type: 'id' }), field], name).recreateKey;

  it("is the org's field, in its casing, when describe shows a text External ID the user can create and edit", () => {
    expect(keyOf(key())).toBe('Storico_Original_Id__c');
    expect(keyOf(key({ length: undefined }))).toBe('Storico_Original_Id__c');
    expect(planFields('Case', [key()]).recreateKey).toBeUndefined();
  });

  it('is none for a field that is no External ID, not text, too short for an Id, or read-only', () => {
    for (const field of [
      key({ externalId: false }),
      key({ externalId: undefined }),
      key({ type: 'double' }),
      key({ type: 'email' }),
      key({ length: 15 }),
      key({ createable: false }),
      key({ updateable: false }),
    ])
      expect(keyOf(field)).toBeUndefined();
    expect(keyOf(key(), 'Other__c')).toBeUndefined();
  });
});

describe('the fields kept beyond the catalogue', () => {
  const describe_ = [
    ...accountDescribe,
    f('Loyalty_Tier__c', { type: 'picklist', label: 'Livello fedeltà' }),
    ro('IsDeleted', { type: 'boolean' }),
    ro('LastViewedDate', { type: 'datetime' }),
    ro('LastReferencedDate', { type: 'datetime' }),
    ro('Photo__c', { type: 'base64' }),
    f('Store__c', { type: 'location' }),
    f('Store__Latitude__s', { type: 'double', compoundFieldName: 'Store__c' }),
    f('Salutation', { type: 'picklist', compoundFieldName: 'Name' }),
    f('Secret__c', { type: 'encryptedstring' }),
    ...parts('PersonMailing'),
    f('Storico_Original_Id__c', { externalId: true, length: 18 }),
  ];
  const plan = planFields('Account', describe_, 'Storico_Original_Id__c');

  it("keeps every other content field in describe's order, labelled, compounds whole and their parts not again", () => {
    expect(plan.others.map((x) => x.name)).toEqual([
      'IsPersonAccount',
      'Total_Value__c',
      'Loyalty_Tier__c',
      'Store__c',
      'Salutation',
      'Secret__c',
      'PersonMailingAddress',
    ]);
    expect(plan.others.find((x) => x.name === 'Loyalty_Tier__c')).toEqual({
      name: 'Loyalty_Tier__c',
      label: 'Livello fedeltà',
      type: 'picklist',
      calculated: false,
      writable: true,
    });
    expect(selectList(plan)).not.toContain('PersonMailingStreet');
    expect(selectList(plan)).not.toContain('Store__Latitude__s');
  });

  it('names binary fields, and never writes a formula, a geolocation, encrypted text or the re-create key', () => {
    expect(plan.binary).toEqual(['Photo__c']);
    const writable = writableFields(plan);
    expect(writable).toEqual(
      expect.arrayContaining(['Loyalty_Tier__c', 'Salutation', 'PersonMailingAddress']),
    );
    for (const never of [
      'Total_Value__c',
      'Store__c',
      'Secret__c',
      'Storico_Original_Id__c',
      'IsPersonAccount',
    ])
      expect(writable).not.toContain(never);
    expect(selectList(plan)).not.toContain('Storico_Original_Id__c');
  });
});
