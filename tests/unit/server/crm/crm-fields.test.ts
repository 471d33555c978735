import { describe, expect, it } from 'vitest';
import { snapshotFields, toWritableFields } from '../../../../server/crm/crm-fields';

describe('writable fields of a snapshot', () => {
  it('leaves out system, formula and read-only fields', () => {
    const writable = toWritableFields('Case', {
      attributes: { type: 'Case' },
      Id: '5005g000005D5DUAA0',
      CaseNumber: '00010000',
      CreatedDate: '2025-01-01T00:00:00.000+0000',
      LastModifiedDate: '2025-01-01T00:00:00.000+0000',
      SystemModstamp: '2025-01-01T00:00:00.000+0000',
      CaseOwnerName__c: 'Anna Rossi',
      ContactEmail: 'a@b.it',
      Status: 'Closed',
      Total_Value__c: 4.5,
    });
    expect(writable).toEqual({ Status: 'Closed', Total_Value__c: 4.5 });
  });

  it('writes compound addresses through their parts and person names through first and last name', () => {
    const writable = toWritableFields('Account', {
      Name: 'Anna Rossi',
      OwnerName: 'Marco Bianchi',
      FirstName: 'Anna',
      LastName: 'Rossi',
      BillingAddress: { city: 'Parma', postalCode: '43121', country: 'Italia' },
      ShippingAddress: null,
    });
    expect(writable).toEqual({
      FirstName: 'Anna',
      LastName: 'Rossi',
      BillingCity: 'Parma',
      BillingPostalCode: '43121',
      BillingCountry: 'Italia',
      ShippingCity: null,
      ShippingPostalCode: null,
      ShippingCountry: null,
    });
  });

  it('lists the snapshot fields of SPEC.md in order, compound addresses and not their parts', () => {
    const account = snapshotFields('Account');
    expect(account.indexOf('BillingAddress')).toBeGreaterThan(account.indexOf('Website'));
    expect(account).not.toContain('BillingCity');
    expect(snapshotFields('Case')).toEqual(
      expect.arrayContaining(['CaseNumber', 'Internal_comments__c', 'Reason']),
    );
  });
});
