import Dexie, { type EntityTable } from 'dexie';
import type { Revision } from '@contract/revisions';

export type RecordKind = 'contact' | 'case';

/** A comparison the user opened: both revisions and their diff, enough to show the detail screen offline. */
export type SavedComparison = {
  /** `${userId}:${kind}:${recordId}:${firstRevisionId}:${secondRevisionId}` */
  key: string;
  userId: number;
  kind: RecordKind;
  recordId: string;
  /** What the list shows: the contact's name or the case number. */
  label: string;
  dateFrom: string;
  dateTo: string;
  first: Revision;
  second: Revision;
  /** Top-level fields that differ between the two revisions. */
  differences: string[];
  /** Epoch ms of the last time it was opened online. */
  savedAt: number;
};

export const MAX_COMPARISONS = 200;
export const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

class OfflineDatabase extends Dexie {
  comparisons!: EntityTable<SavedComparison, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ comparisons: 'key, userId, savedAt, [userId+savedAt], [userId+kind+recordId]' });
  }
}

export const offlineDb = new OfflineDatabase('storico-offline');
