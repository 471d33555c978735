import { LIVE_RECORD } from '@contract/search';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Revision } from '@contract/revisions';
import {
  clearComparisons,
  lastReadComparison,
  latestComparison,
  listComparisons,
  saveComparison,
  type NewComparison,
} from '@/offline/comparison-store';
import { MAX_AGE_MS, MAX_COMPARISONS } from '@/offline/offline-db';

const revision = (id: number): Revision => ({
  id,
  savedAt: '2025-01-01T10:00:00.000Z',
  source: 'sync',
  json: `{"Id":"r${id}"}`,
  ...LIVE_RECORD,
  deletedContact: null,
});

const comparison = (userId: number, recordId: string, first = 1, second = 2): NewComparison => ({
  userId,
  kind: 'account',
  recordId,
  label: `Contatto ${recordId}`,
  dateFrom: '2025-01-01',
  dateTo: '2025-06-30',
  first: revision(first),
  second: revision(second),
  differences: ['Phone'],
});

afterEach(() => clearComparisons());

describe('the offline comparison store', () => {
  it('keeps a comparison and gives back the latest one of a record', async () => {
    const t0 = Date.now();
    await saveComparison(comparison(1, 'A', 1, 2), t0);
    await saveComparison(comparison(1, 'A', 1, 3), t0 + 1000);
    const latest = await latestComparison(1, 'account', 'A', t0 + 2000);
    expect(latest?.second.id).toBe(3);
    expect(latest?.differences).toEqual(['Phone']);
  });

  it('refreshes a comparison opened again instead of keeping it twice', async () => {
    const t0 = Date.now();
    await saveComparison(comparison(1, 'A'), t0);
    await saveComparison(comparison(1, 'A'), t0 + 5000);
    const list = await listComparisons(1, t0 + 6000);
    expect(list).toHaveLength(1);
    expect(list[0]?.savedAt).toBe(t0 + 5000);
  });

  it('keeps each user apart', async () => {
    await saveComparison(comparison(1, 'A'));
    await saveComparison(comparison(2, 'B'));
    expect((await listComparisons(1)).map((c) => c.recordId)).toEqual(['A']);
    expect(await latestComparison(2, 'account', 'A')).toBeUndefined();
  });

  it(`keeps at most ${MAX_COMPARISONS} per user, dropping the oldest first`, async () => {
    const t0 = Date.now();
    for (let i = 0; i < MAX_COMPARISONS + 5; i++) await saveComparison(comparison(1, `R${i}`), t0 + i);
    await saveComparison(comparison(2, 'other'), t0);
    const list = await listComparisons(1, t0 + 1000);
    expect(list).toHaveLength(MAX_COMPARISONS);
    expect(list.at(-1)?.recordId).toBe('R5');
    expect(list[0]?.recordId).toBe(`R${MAX_COMPARISONS + 4}`);
    expect(await listComparisons(2, t0 + 1000)).toHaveLength(1);
  });

  it('forgets comparisons older than 30 days', async () => {
    const t0 = Date.now();
    await saveComparison(comparison(1, 'old'), t0);
    await saveComparison(comparison(1, 'new'), t0 + MAX_AGE_MS);
    const later = t0 + MAX_AGE_MS + 1;
    expect((await listComparisons(1, later)).map((c) => c.recordId)).toEqual(['new']);
    expect(await latestComparison(1, 'account', 'old', later)).toBeUndefined();
  });

  it('remembers what it last read of each record, for a screen opened offline to show at once', async () => {
    expect(lastReadComparison(1, 'account', 'A')).toBeUndefined();
    expect(await latestComparison(1, 'account', 'A')).toBeUndefined();
    expect(lastReadComparison(1, 'account', 'A')).toBeNull();
    await saveComparison(comparison(1, 'A'));
    const latest = await latestComparison(1, 'account', 'A');
    expect(lastReadComparison(1, 'account', 'A')).toEqual(latest);
    expect(lastReadComparison(2, 'account', 'A')).toBeUndefined();
    await clearComparisons();
    expect(lastReadComparison(1, 'account', 'A')).toBeUndefined();
  });

  it('clears everything', async () => {
    await saveComparison(comparison(1, 'A'));
    await saveComparison(comparison(2, 'B'));
    await clearComparisons();
    expect(await listComparisons(1)).toEqual([]);
    expect(await listComparisons(2)).toEqual([]);
  });
});
