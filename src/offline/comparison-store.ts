import type { RecordKind } from '@contract/record-kinds';
import {
  BY_RECORD,
  BY_SAVED_AT,
  BY_USER,
  BY_USER_SAVED_AT,
  done,
  MAX_AGE_MS,
  MAX_COMPARISONS,
  withComparisons,
  type SavedComparison,
} from './offline-db';

export type NewComparison = Omit<SavedComparison, 'key' | 'savedAt'>;

const keyOf = (c: NewComparison) => `${c.userId}:${c.kind}:${c.recordId}:${c.first.id}:${c.second.id}`;

/*
 * The screens that show saved comparisons read them again when they change, in this tab or another one.
 */
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('storico-offline');
const notify = () => {
  for (const listener of listeners) listener();
};
if (channel) channel.onmessage = notify;
const changed = () => {
  notify();
  channel?.postMessage('changed');
};

/** Calls `listener` whenever the saved comparisons change; answers the unsubscribe. */
export function subscribeComparisons(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Deletes every key the cursor of `request` walks over. */
async function deleteAll(request: IDBRequest<IDBCursor | null>): Promise<void> {
  for (let cursor = await done(request); cursor; cursor = await done(request)) {
    cursor.delete();
    cursor.continue();
  }
}

/** Drops what is older than 30 days, then the oldest beyond 200 of this user. */
async function evict(store: IDBObjectStore, userId: number, now: number): Promise<void> {
  await deleteAll(store.index(BY_SAVED_AT).openKeyCursor(IDBKeyRange.upperBound(now - MAX_AGE_MS, true)));
  const count = await done(store.index(BY_USER).count(userId));
  if (count <= MAX_COMPARISONS) return;
  const oldest = await done(
    store
      .index(BY_USER_SAVED_AT)
      .getAllKeys(IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]), count - MAX_COMPARISONS),
  );
  for (const key of oldest) store.delete(key);
}

/** The case's e-mails and comments saved with the same comparison at the same dates, which a new save keeps. */
const keptRelated = (stored: SavedComparison | undefined, comparison: NewComparison) =>
  stored?.related && stored.dateFrom === comparison.dateFrom && stored.dateTo === comparison.dateTo
    ? { related: stored.related }
    : {};

/**
 * Keeps a comparison the user opened online (opening it again refreshes it). Saved without `related`, it keeps the
 * e-mails and comments saved before with it at the same dates: the detail screen saves the comparison, its
 * 'E-mail e commenti' section the two together, in either order.
 */
export async function saveComparison(comparison: NewComparison, now = Date.now()): Promise<SavedComparison> {
  const key = keyOf(comparison);
  let saved: SavedComparison = { ...comparison, key, savedAt: now };
  await withComparisons('readwrite', async (store) => {
    if (!comparison.related) {
      const stored = (await done(store.get(key))) as SavedComparison | undefined;
      saved = { ...saved, ...keptRelated(stored, comparison) };
    }
    await done(store.put(saved));
    await evict(store, comparison.userId, now);
  });
  changed();
  return saved;
}

/**
 * What the last read of each record's latest comparison answered (null: none saved), so that a screen opened offline
 * after its route loader read it shows it in its first render instead of after a read of its own.
 */
const lastRead = new Map<string, SavedComparison | null>();
const recordKey = (userId: number, kind: RecordKind, recordId: string) => `${userId}:${kind}:${recordId}`;

/** The most recently opened comparison of a record, for this user only. */
export async function latestComparison(
  userId: number,
  kind: RecordKind,
  recordId: string,
  now = Date.now(),
): Promise<SavedComparison | undefined> {
  const all = await withComparisons(
    'readonly',
    (store) => done(store.index(BY_RECORD).getAll([userId, kind, recordId])) as Promise<SavedComparison[]>,
  );
  const latest = all.filter((c) => c.savedAt >= now - MAX_AGE_MS).sort((a, b) => b.savedAt - a.savedAt)[0];
  lastRead.set(recordKey(userId, kind, recordId), latest ?? null);
  return latest;
}

/** What `latestComparison` last answered for the record in this page: undefined when it has not been read. */
export const lastReadComparison = (
  userId: number,
  kind: RecordKind,
  recordId: string,
): SavedComparison | null | undefined => lastRead.get(recordKey(userId, kind, recordId));

/** This user's saved comparisons, newest first. */
export async function listComparisons(userId: number, now = Date.now()): Promise<SavedComparison[]> {
  const all = await withComparisons(
    'readonly',
    (store) => done(store.index(BY_USER).getAll(userId)) as Promise<SavedComparison[]>,
  );
  return all.filter((c) => c.savedAt >= now - MAX_AGE_MS).sort((a, b) => b.savedAt - a.savedAt);
}

/** Logout and an expired session forget every saved comparison on this device. */
export async function clearComparisons(): Promise<void> {
  lastRead.clear();
  await withComparisons('readwrite', (store) => done(store.clear()));
  changed();
}
