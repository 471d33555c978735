import { describe, expect, it } from 'vitest';
import type { CrmRecord } from '../../../../server/crm/crm-connector';
import { HttpError } from '../../../../server/http/http-error';
import { parseRequestDay } from '../../../../server/restores/request-dates';
import { fieldsToRestore } from '../../../../server/write-back/restore-apply';

const account = (fields: Record<string, unknown>): CrmRecord => ({
  Id: '001000000000001AAA',
  Name: 'Maria Rossi',
  FirstName: 'Maria',
  Phone: '+39 06 1',
  BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia' },
  SystemModstamp: '2024-01-01T00:00:00.000+0000',
  ...fields,
});

const writable = new Set(['FirstName', 'Phone', 'BillingAddress', 'Legacy__c']);

describe('fields a restore writes', () => {
  it('are the writable snapshot fields that differ, read-only and system fields left out', () => {
    const target = account({});
    const live = account({
      Name: 'Mara Rossi',
      FirstName: 'Mara',
      Phone: '+39 06 2',
      SystemModstamp: '2025-01-01T00:00:00.000+0000',
    });
    expect(fieldsToRestore(target, live, writable)).toEqual(['FirstName', 'Phone']);
  });

  it('compare an address by the parts the connector writes, a missing one as empty', () => {
    const target = account({ BillingAddress: null });
    const emptyParts = account({ BillingAddress: { city: null, postalCode: null, country: null } });
    expect(fieldsToRestore(target, emptyParts, writable)).toEqual([]);
    const moved = account({ BillingAddress: { city: 'Milano', postalCode: '00100', country: 'Italia' } });
    expect(fieldsToRestore(account({}), moved, writable)).toEqual(['BillingAddress']);
    // A part an older three-key snapshot does not hold (street) says nothing: it is no difference to write.
    const street = account({
      BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia', street: 'Via' },
    });
    expect(fieldsToRestore(account({}), street, writable)).toEqual([]);
    // A ten-key snapshot holds the street and the province: a change of either is restored.
    const full = { city: 'Roma', postalCode: '00100', country: 'Italia', street: 'Via Appia 1', state: 'RM' };
    const moved2 = account({ BillingAddress: { ...full, street: 'Via Tuscolana 9', latitude: 41.9 } });
    expect(fieldsToRestore(account({ BillingAddress: full }), moved2, writable)).toEqual(['BillingAddress']);
    const province = account({ BillingAddress: { ...full, state: 'MI' } });
    expect(fieldsToRestore(account({ BillingAddress: full }), province, writable)).toEqual([
      'BillingAddress',
    ]);
    // Geolocation is the geocoder's: it is never written, so it is no difference.
    const geocoded = account({ BillingAddress: { ...full, latitude: 41.9 } });
    expect(fieldsToRestore(account({ BillingAddress: full }), geocoded, writable)).toEqual([]);
  });

  it('leave out fields the org does not let be written, and fields the CRM does not read back', () => {
    expect(fieldsToRestore(account({ Name: 'X' }), account({}), writable)).toEqual([]);
    expect(fieldsToRestore(account({ Legacy__c: 'x' }), account({}), writable)).toEqual([]);
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
