import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LIVE_RECORD } from '@contract/search';
import { latestComparison, listComparisons } from '@/offline/comparison-store';

/** The database as builds before version 11 left it: a contact's comparison saved under the kind 'contact'. */
function openEarlierBuildsDatabase(saved: object): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open('storico-offline', 10);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore('comparisons', { keyPath: 'key' });
      store.createIndex('userId', 'userId');
      store.createIndex('savedAt', 'savedAt');
      store.createIndex('[userId+savedAt]', ['userId', 'savedAt']);
      store.createIndex('[userId+kind+recordId]', ['userId', 'kind', 'recordId']);
      store.put(saved);
    };
    request.onerror = () => reject(request.error ?? new Error('open failed'));
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
  });
}

describe('comparisons saved by earlier builds', () => {
  it("are found again under the kind 'account' once the database opens at version 11", async () => {
    const revision = (id: number) => ({
      id,
      savedAt: '2025-01-01T10:00:00.000Z',
      source: 'sync',
      json: '{}',
    });
    const now = Date.now();
    await openEarlierBuildsDatabase({
      key: '7:contact:001A:1:2',
      userId: 7,
      kind: 'contact',
      recordId: '001A',
      label: 'Mario Rossi',
      dateFrom: '2025-01-01',
      dateTo: '2025-06-30',
      first: { ...revision(1), ...LIVE_RECORD, deletedContact: null },
      second: { ...revision(2), ...LIVE_RECORD, deletedContact: null },
      differences: ['Phone'],
      savedAt: now,
    });

    const latest = await latestComparison(7, 'account', '001A', now);
    expect(latest).toMatchObject({ key: '7:account:001A:1:2', kind: 'account', label: 'Mario Rossi' });
    expect(await listComparisons(7, now)).toHaveLength(1);
  });
});
