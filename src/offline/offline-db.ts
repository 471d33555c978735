import type { RecordKind } from '@contract/record-kinds';
import type { Revision } from '@contract/revisions';
import type { RelatedRecord } from '@contract/case-related';

/** A case's e-mails and comments at the comparison's dates, as far as they were read (their first pages). */
export type RelatedCopy = {
  content: RelatedRecord[];
  /** How many the server holds for those dates: more than `content` when not every page was read. */
  totalElements: number;
};

/**
 * Everything one opened comparison needs to be shown again: both revisions, their differences, what the record
 * is called and the dates it was asked for. The offline store keeps exactly this.
 */
export type Comparison = {
  kind: RecordKind;
  recordId: string;
  /** The contact's name or the case number. */
  label: string;
  dateFrom: string;
  dateTo: string;
  first: Revision;
  second: Revision;
  /** Top-level snapshot fields that differ between the two. */
  differences: string[];
  /** A case's 'E-mail e commenti', once the section was opened online with these dates. */
  related?: RelatedCopy;
};

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
/** 11: a contact's comparisons are kept under the kind `account`, the name the server and the contract use. */
const VERSION = 11;
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

/** Builds before version 11 saved a contact's comparisons as kind `contact`: they are kept as `account`. */
function renameContactKind(store: IDBObjectStore): void {
  const cursor = store.openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) return;
    const saved = at.value as Omit<SavedComparison, 'kind'> & { kind: string };
    if (saved.kind === 'contact') {
      const kind = 'account';
      at.delete();
      store.put({ ...saved, kind, key: saved.key.replace(/^(\d+):contact:/, `$1:${kind}:`) });
    }
    at.continue();
  };
}

let opening: Promise<IDBDatabase> | undefined;

function open(): Promise<IDBDatabase> {
  const request = indexedDB.open(NAME, VERSION);
  request.onupgradeneeded = (event) => {
    const db = request.result;
    if (db.objectStoreNames.contains(STORE)) {
      if (event.oldVersion < 11 && request.transaction)
        renameContactKind(request.transaction.objectStore(STORE));
      return;
    }
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
