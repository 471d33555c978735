import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_KEYS, snapshotFields } from '../../../server/crm/crm-fields';
import type { RecordKind } from '../../../server/db/record-kinds';
import { normaliseSnapshot, snapshotText } from '../../../server/store/snapshot-fields';

const objectOf = (kind: RecordKind) => (kind === 'account' ? 'Account' : 'Case');

/** What JSON.stringify writes of the normalised snapshot copied with the CRM's fields first, then the others. */
function copiedInOrder(kind: RecordKind, snapshot: Record<string, unknown>): string {
  const normal = normaliseSnapshot(snapshot);
  const known = snapshotFields(objectOf(kind));
  const entries = known.filter((f) => Object.hasOwn(normal, f)).map((f) => [f, normal[f]]);
  for (const field of Object.keys(normal)) if (!known.includes(field)) entries.push([field, normal[field]]);
  return JSON.stringify(Object.fromEntries(entries));
}

const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary' }), fc.double());
const address = fc.dictionary(fc.constantFrom(...ADDRESS_KEYS, 'extra'), fc.oneof(fc.constant(null), value));

/** A snapshot as a stored jsonb gives it back: known and unknown fields in any order, addresses of any keys. */
const snapshotOf = (kind: RecordKind) =>
  fc
    .tuple(
      fc.subarray(snapshotFields(objectOf(kind))),
      // Field names as Salesforce has them: a letter first (a JavaScript object puts integer keys first).
      fc.dictionary(fc.stringMatching(/^[A-Za-z]\w{0,7}$/), value, { maxKeys: 4 }),
      fc.array(value, { minLength: 80, maxLength: 80 }),
      fc.array(address, { minLength: 80, maxLength: 80 }),
    )
    .map(([fields, extra, values, addresses]) => {
      const snapshot: Record<string, unknown> = { ...extra };
      fields.forEach((field, i) => {
        snapshot[field] = field.endsWith('Address') ? addresses[i] : values[i];
      });
      return Object.fromEntries(Object.entries(snapshot).reverse());
    });

describe('snapshotText', () => {
  it.each(['account', 'case'] as const)(
    'writes a %s snapshot as JSON.stringify would its ordered, normalised copy',
    (kind) => {
      fc.assert(
        fc.property(snapshotOf(kind), (snapshot) => {
          expect(snapshotText(kind, snapshot)).toBe(copiedInOrder(kind, snapshot));
        }),
        { numRuns: 300 },
      );
    },
  );

  it('writes the CRM fields first, addresses with ten keys, then the fields the CRM list lacks', () => {
    const text = snapshotText('account', {
      Extra__c: 1,
      BillingAddress: { city: 'Roma' },
      Name: 'Maria "Mimì" Rossi',
      Id: '001',
    });
    const parsed = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['Id', 'Name', 'BillingAddress', 'Extra__c']);
    expect(parsed.Name).toBe('Maria "Mimì" Rossi');
    expect(Object.keys(parsed.BillingAddress as object)).toEqual([...ADDRESS_KEYS]);
    expect(snapshotText('case', {})).toBe('{}');
  });
});
