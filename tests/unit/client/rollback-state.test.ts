import { describe, expect, it } from 'vitest';
import { pendingOutcome, rollbackState } from '@/domain/rollback-state';
import { sampleRollback } from '../../support/rollback-sample';

describe('where a rollback stands', () => {
  it('says a rejected rollback is never applied, and its records not applied', () => {
    const rejected = sampleRollback(4, 'REJECTED');
    expect(rollbackState(rejected)).toBe('Rifiutato: non viene applicato');
    expect(pendingOutcome(rejected)).toBe('Non applicato');
  });

  it('says a pending rollback waits for a reviewer, its records still to apply', () => {
    const pending = sampleRollback(7, 'PENDING');
    expect(rollbackState(pending)).toBe('In attesa di approvazione');
    expect(pendingOutcome(pending)).toBe('Da applicare');
  });

  it('names who stopped a rollback and when; its records left are not applied', () => {
    const stopped = sampleRollback(5, 'APPROVED', {
      run: 'stopped',
      stoppedBy: { id: 4, username: 'giulia.bianchi' },
      stoppedAt: '2026-11-24T09:30:00.000Z',
    });
    expect(rollbackState(stopped)).toBe('Interrotto da giulia.bianchi il 24/11/2026 10:30');
    expect(pendingOutcome(stopped)).toBe('Non applicato');
    expect(rollbackState(sampleRollback(5, 'APPROVED'))).toBe('In corso');
  });
});
