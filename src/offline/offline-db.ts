import Dexie, { type EntityTable } from 'dexie';
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

class OfflineDatabase extends Dexie {
  comparisons!: EntityTable<SavedComparison, 'key'>;

  constructor(name: string) {
    super(name);
    this.version(1).stores({ comparisons: 'key, userId, savedAt, [userId+savedAt], [userId+kind+recordId]' });
  }
}

export const offlineDb = new OfflineDatabase('storico-offline');
