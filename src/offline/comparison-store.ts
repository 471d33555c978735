import type { RecordKind } from '@/lib/records';
import { MAX_AGE_MS, MAX_COMPARISONS, offlineDb, type SavedComparison } from './offline-db';

export type NewComparison = Omit<SavedComparison, 'key' | 'savedAt'>;

const keyOf = (c: NewComparison) => `${c.userId}:${c.kind}:${c.recordId}:${c.first.id}:${c.second.id}`;

/** Drops what is older than 30 days, then the oldest beyond 200 of this user. */
async function evict(userId: number, now: number): Promise<void> {
  await offlineDb.comparisons
    .where('savedAt')
    .below(now - MAX_AGE_MS)
    .delete();
  const count = await offlineDb.comparisons.where('userId').equals(userId).count();
  if (count <= MAX_COMPARISONS) return;
  const oldest = await offlineDb.comparisons
    .where('[userId+savedAt]')
    .between([userId, -Infinity], [userId, Infinity])
    .limit(count - MAX_COMPARISONS)
    .primaryKeys();
  await offlineDb.comparisons.bulkDelete(oldest);
}

/** Keeps a comparison the user opened online (opening it again refreshes it). */
export async function saveComparison(comparison: NewComparison, now = Date.now()): Promise<SavedComparison> {
  const saved: SavedComparison = { ...comparison, key: keyOf(comparison), savedAt: now };
  await offlineDb.transaction('rw', offlineDb.comparisons, async () => {
    await offlineDb.comparisons.put(saved);
    await evict(comparison.userId, now);
  });
  return saved;
}

/** The most recently opened comparison of a record, for this user only. */
export async function latestComparison(
  userId: number,
  kind: RecordKind,
  recordId: string,
  now = Date.now(),
): Promise<SavedComparison | undefined> {
  const all = await offlineDb.comparisons
    .where('[userId+kind+recordId]')
    .equals([userId, kind, recordId])
    .toArray();
  return all.filter((c) => c.savedAt >= now - MAX_AGE_MS).sort((a, b) => b.savedAt - a.savedAt)[0];
}

/** This user's saved comparisons, newest first. */
export async function listComparisons(userId: number, now = Date.now()): Promise<SavedComparison[]> {
  const all = await offlineDb.comparisons.where('userId').equals(userId).toArray();
  return all.filter((c) => c.savedAt >= now - MAX_AGE_MS).sort((a, b) => b.savedAt - a.savedAt);
}

/** Logout and an expired session forget every saved comparison on this device. */
export async function clearComparisons(): Promise<void> {
  await offlineDb.comparisons.clear();
}
