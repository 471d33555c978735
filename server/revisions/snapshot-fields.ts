import { snapshotFields } from '../crm/crm-fields';
import type { RecordKind } from './revisions.repository';
import { diffSnapshots, orderSnapshot, type Snapshot } from './snapshot-diff';

/** The CRM's field order: a stored jsonb keeps keys in its own order, not the snapshot's. */
const FIELD_ORDER: Record<RecordKind, readonly string[]> = {
  account: snapshotFields('Account'),
  case: snapshotFields('Case'),
};

/** The fields that differ between two snapshots of a record, in snapshot order (what a restore request records). */
export const changedFields = (kind: RecordKind, first: Snapshot, second: Snapshot): string[] =>
  diffSnapshots(first, second, FIELD_ORDER[kind]);

/** The snapshot as text, its fields in snapshot order. */
export const snapshotText = (kind: RecordKind, snapshot: Snapshot): string =>
  JSON.stringify(orderSnapshot(snapshot, FIELD_ORDER[kind]));
