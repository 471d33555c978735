import { ADDRESS_KEYS, normaliseAddress, snapshotFields } from '../crm/crm-fields';
import type { RecordKind } from '../db/record-kinds';
import { contentHash } from './content-hash';
import { diffSnapshots, orderSnapshot, type Snapshot } from './snapshot-diff';

/** The CRM's field order: a stored jsonb keeps keys in its own order, not the snapshot's. */
const FIELD_ORDER: Record<RecordKind, readonly string[]> = {
  account: snapshotFields('Account'),
  case: snapshotFields('Case'),
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compound addresses are the only object values of a snapshot (BillingAddress, ShippingAddress). */
const isAddressField = (field: string, value: unknown): value is Record<string, unknown> =>
  field.endsWith('Address') && isObject(value);

/**
 * The snapshot with every address in its ten-key form (keys Salesforce did not send, or an older Storico did not
 * keep, as null): a revision stored with three address keys equals the same address with ten.
 */
export function normaliseSnapshot<T extends Snapshot>(snapshot: T): T {
  let out: Snapshot | undefined;
  for (const field of Object.keys(snapshot)) {
    const value = snapshot[field];
    if (!isAddressField(field, value)) continue;
    out ??= { ...snapshot };
    out[field] = normaliseAddress(value);
  }
  return (out ?? snapshot) as T;
}

/**
 * What a snapshot's content hash takes of a field: an address without its empty keys (null when all are empty), so
 * a three-key address hashed by an older Storico and the same address answered with ten keys hash alike; any other
 * field as it is. The hash of a snapshot equals that of its ten-key form, so it is taken from the snapshot as it came.
 */
function hashedValue(field: string, value: object): unknown {
  if (!isAddressField(field, value)) return value;
  let address: Record<string, unknown> | null = null;
  for (const key of ADDRESS_KEYS) {
    const part = value[key] ?? null;
    if (part !== null) (address ??= {})[key] = part;
  }
  return address;
}

/** The content hash a revision of this snapshot is stored with (content-hash.ts). */
export const snapshotHash = (snapshot: Snapshot): string => contentHash(snapshot, hashedValue);

/** The fields that differ between two snapshots of a record, in snapshot order (what a restore request records). */
export const changedFields = (kind: RecordKind, first: Snapshot, second: Snapshot): string[] =>
  diffSnapshots(normaliseSnapshot(first), normaliseSnapshot(second), FIELD_ORDER[kind]);

/** The snapshot as text, its fields in snapshot order and its addresses in ten-key form. */
export const snapshotText = (kind: RecordKind, snapshot: Snapshot): string =>
  JSON.stringify(orderSnapshot(normaliseSnapshot(snapshot), FIELD_ORDER[kind]));
