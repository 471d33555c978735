import { appendFileSync, readFileSync } from 'node:fs';
import type { SfRecord } from '../salesforce-wire';
import type { StoredObject } from './record-types';

/** One line of the change log: a record's new version, or the id of a record purged for good. */
type Change = { type: StoredObject; record?: SfRecord; purged?: string };

/** Appends one change to the log (NDJSON), so the next start replays it. */
export function appendChange(file: string, change: Change): void {
  appendFileSync(file, `${JSON.stringify(change)}\n`);
}

/** Replays a change log into the tables, oldest change first. */
export function replayChanges(file: string, tables: Record<StoredObject, Map<string, SfRecord>>): void {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const { type, record, purged } = JSON.parse(line) as Change;
      if (tables[type] && typeof purged === 'string') tables[type].delete(purged);
      else if (tables[type] && typeof record?.Id === 'string') tables[type].set(record.Id, record);
    } catch {
      // A line cut short by a crash while it was written: the change it held is lost, the rest stays.
    }
  }
}
