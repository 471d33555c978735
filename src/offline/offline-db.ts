import type { Comparison } from '@/lib/records';

/** A comparison the user opened online, kept on this device so it can be shown again without a network. */
export type SavedComparison = Comparison & {
  /** `${userId}:${kind}:${recordId}:${firstRevisionId}:${secondRevisionId}` */
  key: string;
  userId: number;
  /** Epoch ms of the last time it was opened online. */
  savedAt: number;
};

export const MAX_COMPARISONS = 200;
export const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/*
 * Plain IndexedDB, not a library over it: every comparison shown online is saved, so this code is part of the
 * detail screen's first load (decision 023). The database, its store and its indexes are named as Dexie named them
 * (its `version(1)` is IndexedDB's version 10), so the comparisons saved by earlier builds are still there.
 */
const NAME = 'storico-offline';
const VERSION = 10;
export const STORE = 'comparisons';
export const BY_USER = 'userId';
export const BY_SAVED_AT = 'savedAt';
export const BY_USER_SAVED_AT = '[userId+savedAt]';
export const BY_RECORD = '[userId+kind+recordId]';

/** One IndexedDB request as a promise. */
export function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(NAME, VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (db.objectStoreNames.contains(STORE)) return;
    const store = db.createObjectStore(STORE, { keyPath: 'key' });
    store.createIndex(BY_USER, 'userId');
    store.createIndex(BY_SAVED_AT, 'savedAt');
    store.createIndex(BY_USER_SAVED_AT, ['userId', 'savedAt']);
    store.createIndex(BY_RECORD, ['userId', 'kind', 'recordId']);
  };
  return done(request).then((db) => {
    // Another tab opening a newer build's database: let it, and open again on the next use.
    db.onversionchange = () => {
      db.close();
      opening = undefined;
    };
    return db;
  });
}

/**
 * Runs `work` on the comparisons' store in one transaction and answers its result once the transaction has
 * committed. `work` may await requests of the transaction (and nothing else, or the transaction ends).
 */
export async function withComparisons<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
): Promise<T> {
  opening ??= open().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  const transaction = (await opening).transaction(STORE, mode);
  const committed = new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
  // Awaited below; a failing `work` rejects first, and the transaction's own rejection is then not unhandled.
  committed.catch(() => undefined);
  const result = await work(transaction.objectStore(STORE));
  await committed;
  return result;
}
