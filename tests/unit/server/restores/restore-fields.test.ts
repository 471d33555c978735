import { describe, expect, it } from 'vitest';
import type { CrmRecord } from '../../../../server/crm/crm-connector';
import { HttpError } from '../../../../server/http/http-error';
import { parseRequestDay } from '../../../../server/restores/request-dates';
import { fieldsToRestore } from '../../../../server/restores/restore-apply';

const account = (fields: Record<string, unknown>): CrmRecord => ({
  Id: '001000000000001AAA',
  Name: 'Maria Rossi',
  FirstName: 'Maria',
  Phone: '+39 06 1',
  BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia' },
  SystemModstamp: '2024-01-01T00:00:00.000+0000',
  ...fields,
});

describe('fields a restore writes', () => {
  it('are the writable snapshot fields that differ, read-only and system fields left out', () => {
    const target = account({});
    const live = account({
      Name: 'Mara Rossi',
      FirstName: 'Mara',
      Phone: '+39 06 2',
      SystemModstamp: '2025-01-01T00:00:00.000+0000',
    });
    expect(fieldsToRestore('Account', target, live)).toEqual(['FirstName', 'Phone']);
  });

  it('compare an address by the parts the connector writes, a missing one as empty', () => {
    const target = account({ BillingAddress: null });
    const emptyParts = account({ BillingAddress: { city: null, postalCode: null, country: null } });
    expect(fieldsToRestore('Account', target, emptyParts)).toEqual([]);
    const moved = account({ BillingAddress: { city: 'Milano', postalCode: '00100', country: 'Italia' } });
    expect(fieldsToRestore('Account', account({}), moved)).toEqual(['BillingAddress']);
    // A part the connector does not write (street) cannot be restored, so it is no difference to write.
    const street = account({
      BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia', street: 'Via' },
    });
    expect(fieldsToRestore('Account', account({}), street)).toEqual([]);
  });

  it('leave out fields the CRM does not read back', () => {
    expect(fieldsToRestore('Account', account({ Legacy__c: 'x' }), account({}))).toEqual([]);
  });
});

describe('dates of a restore request', () => {
  it('take a day as it is and an instant as its day in Rome', () => {
    expect(parseRequestDay('2024-03-01', 'body.dateFrom')).toBe('2024-03-01');
    expect(parseRequestDay('2024-02-29T23:00:00.000Z', 'body.dateFrom')).toBe('2024-03-01');
    expect(parseRequestDay('2024-07-31T22:00:00Z', 'body.dateFrom')).toBe('2024-08-01');
    expect(parseRequestDay('2024-03-01T00:00:00+01:00', 'body.dateFrom')).toBe('2024-03-01');
    expect(parseRequestDay('2024-03-01T10:00', 'body.dateFrom')).toBe('2024-03-01');
  });

  it('refuse anything else, naming the field', () => {
    for (const bad of ['01/03/2024', '2024-02-30', '2024-03-01T25:00:00Z', 'yesterday']) {
      const error = (() => {
        try {
          parseRequestDay(bad, 'body.dateTo');
        } catch (e) {
          return e;
        }
      })();
      expect(error, bad).toBeInstanceOf(HttpError);
      expect((error as HttpError).field).toBe('body.dateTo');
    }
  });
});
