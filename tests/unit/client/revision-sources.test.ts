import { describe, expect, it } from 'vitest';
import { revisionSourceLabel } from '@/features/compare/components/revision-timeline-list';
import type { RevisionSource } from '../../../server/store/revision-store';

describe('where a revision came from, in words', () => {
  it('names every source the server stores, a restore and a rollback by their number', () => {
    const sources: Record<string, RevisionSource> = {
      sincronizzazione: 'sync',
      importazione: 'import',
      'ripristino n. 12': 'restore:12',
      'rollback n. 3': 'rollback:3',
    };
    for (const [words, source] of Object.entries(sources)) expect(revisionSourceLabel(source)).toBe(words);
    expect(revisionSourceLabel('delete')).toBe('Eliminato nel CRM');
    expect(revisionSourceLabel('convert')).not.toBe('convert');
  });
});
