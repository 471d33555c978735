import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash } from '../../../server/store/content-hash';
import { snapshotHash } from '../../../server/store/snapshot-fields';

describe('content hash of a snapshot', () => {
  it('does not depend on key order, at any depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":0,"y":1}]},"b":1}',
    );
    expect(contentHash({ Id: 'x', Phone: '1', BillingAddress: { city: 'Roma', country: 'Italia' } })).toBe(
      contentHash({ BillingAddress: { country: 'Italia', city: 'Roma' }, Phone: '1', Id: 'x' }),
    );
  });

  it('writes the same text as sorting the keys of every object by hand (stored hashes stay valid)', () => {
    const byHand = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value)) return `[${value.map(byHand).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${byHand(v)}`).join(',')}}`;
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(byHand(value));
      }),
      { seed: 15, numRuns: 500 },
    );
  });

  it('writes every string as JSON.stringify does, escapes and lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(canonicalJson({ text })).toBe(JSON.stringify({ text }));
      }),
      { seed: 15, numRuns: 2000 },
    );
    for (const text of ['a"b', 'c\\d', 'e\u0001', 'lone \ud800', 'lone \udfff', 'pair \ud83d\ude00', 'Caffè'])
      expect(canonicalJson(text)).toBe(JSON.stringify(text));
  });

  it('writes every number and boolean as JSON.stringify does (NaN and infinities as null, -0 as 0)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.boolean()), (value) => {
        expect(canonicalJson({ value })).toBe(JSON.stringify({ value }));
      }),
      { seed: 15, numRuns: 2000 },
    );
  });

  it('sorts keys an object would hold in an order of its own, at any depth', () => {
    const odd = JSON.parse('{"b":1,"10":2,"2":3,"__proto__":{"z":1,"a":2},"a":[{"1":0,"0":1}]}') as unknown;
    expect(canonicalJson(odd)).toBe('{"10":2,"2":3,"__proto__":{"a":2,"z":1},"a":[{"0":1,"1":0}],"b":1}');
    expect(canonicalJson({ b: new Date(0), a: 1 })).toBe('{"a":1,"b":"1970-01-01T00:00:00.000Z"}');
  });

  it('changes with any field a user sees, not with the save stamps', () => {
    const base = {
      Id: 'x',
      Phone: '1',
      SystemModstamp: '2025-01-01T00:00:00.000+0000',
      LastModifiedDate: 'a',
    };
    expect(contentHash({ ...base, Phone: '2' })).not.toBe(contentHash(base));
    expect(
      contentHash({ ...base, SystemModstamp: '2026-01-01T00:00:00.000+0000', LastModifiedDate: 'b' }),
    ).toBe(contentHash(base));
    expect(contentHash(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the sha256 of the UTF-8 canonical text, as every stored revision was hashed', () => {
    // printf '%s' '{"BillingAddress":{"city":"Roma"},"Id":"001x","Name":"Caffè"}' | sha256sum
    expect(
      contentHash({ Name: 'Caffè', SystemModstamp: 'z', Id: '001x', BillingAddress: { city: 'Roma' } }),
    ).toBe('ce3ce5de6aae6d00e34b4e96dc8af72ab114f8a35045b2f394773a84eeb79e31');
  });

  it('hashes a snapshot as every stored revision was hashed: addresses without their empty keys', () => {
    const stamps = {
      SystemModstamp: '2026-07-27T16:03:32.758+0000',
      LastModifiedDate: '2026-07-27T16:03:32.758+0000',
    };
    const address = {
      street: 'Via Roma 2',
      city: 'Milano',
      postalCode: '00100',
      state: 'RM',
      country: 'Italia',
    };
    const empty = {
      stateCode: null,
      countryCode: null,
      latitude: null,
      longitude: null,
      geocodeAccuracy: null,
    };
    const account = { Id: '001x', Name: 'Caffè "Roma"', Phone: null, BillingAddress: address };
    // Hashes computed when addresses were first brought to ten keys and then stripped of the empty ones.
    const hashed = '423d2cf1bd6e6bf20704b3d39f9eb56797a9fe5f5d02241c242352c730c25b6a';
    expect(snapshotHash({ ...account, ...stamps, attributes: { type: 'Account', url: '/x' } })).toBe(hashed);
    expect(snapshotHash({ ...account, BillingAddress: { ...address, ...empty } })).toBe(hashed);
    expect(
      snapshotHash({
        Id: '001y',
        ShippingAddress: { street: null, city: null },
        BillingAddress: { city: 'Roma', extra: 'x' },
        Loyalty_Points__c: 1196,
        Consent__pc: false,
        Ratio: -0,
        Big: 1e21,
      }),
    ).toBe('9e7112a85dd8bc157d0d8d8da4f551bec69da49a4643255ba7dd5ebd7187d925');
    expect(
      snapshotHash({
        Id: '500z',
        Description: 'riga\nuno\ttab \\ barra \u0001 \ud800',
        Tags: ['a', { y: 1, x: 2 }],
        Nested: { b: null, a: { d: 1, c: 2 } },
        Address: 'testo',
        OtherAddress: [1, 2],
      }),
    ).toBe('c9d0cd0b9e8367e5e3380e1d5d65d06dbcefe5779b823fc22ac67a6cb3f38caf');
  });
});
