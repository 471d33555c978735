import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash } from '../../../server/revisions/content-hash';

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
});
