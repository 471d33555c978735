import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, sameJson } from '../../../server/store/snapshot-diff';

const reversedKeys = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).reverse());

describe('diffSnapshots', () => {
  it('lists nothing for the same snapshot', () => {
    const snapshot = {
      Id: '001',
      Name: 'Maria Rossi',
      BillingAddress: { city: 'Roma', postalCode: '00100' },
    };
    expect(diffSnapshots(snapshot, structuredClone(snapshot))).toEqual([]);
  });

  it('lists the changed top-level fields in the order of the first snapshot', () => {
    const first = { Id: '001', Phone: '1', Name: 'A', Fax: null };
    const second = { Fax: '9', Name: 'B', Id: '001', Phone: '1', Website: 'x.it' };
    expect(diffSnapshots(first, second)).toEqual(['Name', 'Fax']);
  });

  it('puts fields of the known CRM order first, whatever order the stored objects have', () => {
    const first = { Website: 'a', Name: 'A', Phone: '1' };
    const second = { Phone: '2', Website: 'b', Name: 'B' };
    expect(diffSnapshots(first, second, ['Name', 'Phone', 'Website'])).toEqual(['Name', 'Phone', 'Website']);
    expect(diffSnapshots(first, second, ['Phone'])).toEqual(['Phone', 'Website', 'Name']);
  });

  it('compares objects deeply, ignoring their key order', () => {
    const first = { BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia' } };
    expect(
      diffSnapshots(first, { BillingAddress: { country: 'Italia', postalCode: '00100', city: 'Roma' } }),
    ).toEqual([]);
    expect(
      diffSnapshots(first, { BillingAddress: { city: 'Milano', postalCode: '00100', country: 'Italia' } }),
    ).toEqual(['BillingAddress']);
    expect(diffSnapshots(first, { BillingAddress: { city: 'Roma', postalCode: '00100' } })).toEqual([
      'BillingAddress',
    ]);
  });

  it('tells values of different types apart', () => {
    expect(diffSnapshots({ A: 1, B: true, C: '1', D: [] }, { A: '1', B: 'true', C: 1, D: {} })).toEqual([
      'A',
      'B',
      'C',
      'D',
    ]);
    expect(diffSnapshots({ A: 0, B: '' }, { A: null, B: null })).toEqual(['A', 'B']);
  });

  it('compares only the fields both snapshots hold: one not kept yet, or no longer, is no change', () => {
    expect(diffSnapshots({ Id: '1', Industry: null }, { Id: '1' })).toEqual([]);
    expect(diffSnapshots({ Id: '1' }, { Id: '1', Industry: 'Food' })).toEqual([]);
    expect(diffSnapshots({ Id: '1', Industry: 'Food' }, { Id: '1', Loyalty_Tier__c: 'Oro' })).toEqual([]);
  });

  it('never names SystemModstamp, which every save changes', () => {
    const first = { Id: '1', SystemModstamp: '2025-01-01T00:00:00.000+0000', Phone: '1' };
    expect(diffSnapshots(first, { ...first, SystemModstamp: '2025-02-01T00:00:00.000+0000' })).toEqual([]);
    expect(diffSnapshots(first, { ...first, SystemModstamp: 'x', Phone: '2' })).toEqual(['Phone']);
  });

  it('compares arrays in order', () => {
    expect(diffSnapshots({ Tags: ['a', 'b'] }, { Tags: ['a', 'b'] })).toEqual([]);
    expect(diffSnapshots({ Tags: ['a', 'b'] }, { Tags: ['b', 'a'] })).toEqual(['Tags']);
  });

  it('is empty exactly when the fields both hold are equal, and names the same fields in either direction', () => {
    const snapshot = fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        expect(diffSnapshots(a, reversedKeys(a))).toEqual([]);
        expect(new Set(diffSnapshots(a, b))).toEqual(new Set(diffSnapshots(b, a)));
        const shared = Object.keys(a).filter(
          (field) => Object.hasOwn(b, field) && field !== 'SystemModstamp',
        );
        const differing = shared.filter((field) => !sameJson(a[field] ?? null, b[field] ?? null));
        expect(new Set(diffSnapshots(a, b))).toEqual(new Set(differing));
      }),
    );
  });
});
