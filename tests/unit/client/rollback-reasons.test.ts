import { describe, expect, it } from 'vitest';
import type { RollbackRecord } from '@contract/rollbacks';
import { recordReason } from '@contract/rollback-reasons';

const record = (fields: Partial<RollbackRecord>): RollbackRecord => ({
  recordId: '001A',
  label: 'Mario Rossi',
  laterChanged: false,
  outcome: 'refused',
  message: null,
  reason: null,
  written: [],
  changes: [],
  returned: null,
  newRecordId: null,
  doneAt: '2026-11-24T09:11:00.000Z',
  changedBy: null,
  ...fields,
});

describe('why a record of a rollback ended as it did', () => {
  it('says an outcome kept before the reasons were in Italian where it holds a CRM refusal, else nothing', () => {
    expect(
      recordReason(
        record({
          message:
            'Updating Account 001A: Salesforce said FIELD_CUSTOM_VALIDATION_EXCEPTION: telefono non valido',
        }),
      ),
    ).toEqual({
      text: 'Il CRM ha rifiutato la modifica: una regola di convalida del CRM non accetta i valori da ripristinare',
      detail: 'telefono non valido',
    });
    expect(
      recordReason(
        record({ outcome: 'skipped', message: 'Already holds its values from before the window' }),
      ),
    ).toBeNull();
    expect(recordReason(record({ outcome: 'restored' }))).toBeNull();
  });

  it('says a write the CRM did not keep in the words of a restore', () => {
    expect(recordReason(record({ reason: 'not-kept', message: 'The CRM did not keep …' }))?.text).toMatch(
      /^Il CRM non ha mantenuto i valori ripristinati/,
    );
    expect(recordReason(record({ reason: 'owner-changed' }))?.text).toMatch(/altro proprietario/);
  });

  it('says a case left as it is because its contact is deleted in the CRM, and what to do', () => {
    expect(
      recordReason(
        record({
          outcome: 'skipped',
          reason: 'related-deleted',
          message: "Case 500A would point at a record in the CRM's recycle bin (AccountId 001A): …",
        }),
      ),
    ).toEqual({
      text: 'Il contatto di questo caso è eliminato nel CRM: ripristina prima il contatto, poi riprova',
    });
  });
});
