import { describe, expect, it } from 'vitest';
import { fieldLabel, withoutFollowers } from '@/domain/field-labels';
import { snapshotFields } from '../../../server/crm/crm-fields';

describe('field labels', () => {
  it.each([
    ['account', 'Account'],
    ['case', 'Case'],
  ] as const)(
    'name every stored %s field apart from the others, but for a field shown with the one it follows',
    (kind, object) => {
      const byLabel = new Map<string, string[]>();
      for (const field of withoutFollowers(snapshotFields(object), (f) => f)) {
        const label = fieldLabel(kind, field);
        byLabel.set(label, [...(byLabel.get(label) ?? []), field]);
      }
      expect([...byLabel].filter(([, fields]) => fields.length > 1)).toEqual([]);
    },
  );

  it('leaves out a name that follows its id, and a case contact that follows its account, when both are listed', () => {
    const counts = ['OwnerName', 'OwnerId', 'ContactId', 'ContactName', 'AccountId', 'Phone'].map(
      (field) => ({
        field,
      }),
    );
    expect(withoutFollowers(counts, (c) => c.field).map((c) => c.field)).toEqual([
      'OwnerId',
      'AccountId',
      'Phone',
    ]);
    expect(withoutFollowers(['OwnerName', 'ContactId'], (f) => f)).toEqual(['OwnerName', 'ContactId']);
  });

  it("reads a field named as one of Object's own properties as its name", () => {
    expect(fieldLabel('account', 'constructor')).toBe('constructor');
    expect(fieldLabel('case', 'toString', 'hasOwnProperty')).toBe('toString');
    expect(withoutFollowers(['toString', 'constructor', 'Phone'], (f) => f)).toEqual([
      'toString',
      'constructor',
      'Phone',
    ]);
  });
});
