import { normaliseAddress, snapshotFields } from '../crm/crm-fields';
import type { RecordKind } from '../db/record-kinds';
import { diffSnapshots, orderSnapshot, type Snapshot } from './snapshot-diff';

/** The CRM's field order: a stored jsonb keeps keys in its own order, not the snapshot's. */
const FIELD_ORDER: Record<RecordKind, readonly string[]> = {
  account: snapshotFields('Account'),
  case: snapshotFields('Case'),
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Compound addresses are the only object values of a snapshot (BillingAddress, ShippingAddress). */
const isAddressField = (field: string, value: unknown) => field.endsWith('Address') && isObject(value);

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
 * What a snapshot's content hash is computed from: addresses without their empty keys, so a three-key address
 * hashed by an older Storico and the same address answered with ten keys hash alike.
 */
export function hashableSnapshot(snapshot: Snapshot): Snapshot {
  let out: Snapshot | undefined;
  for (const field of Object.keys(snapshot)) {
    const value = snapshot[field] as Record<string, unknown>;
    if (!isAddressField(field, value)) continue;
    out ??= { ...snapshot };
    let address: Record<string, unknown> | null = null;
    for (const key of Object.keys(value)) if (value[key] !== null) (address ??= {})[key] = value[key];
    out[field] = address;
  }
  return out ?? snapshot;
}

/** The fields that differ between two snapshots of a record, in snapshot order (what a restore request records). */
export const changedFields = (kind: RecordKind, first: Snapshot, second: Snapshot): string[] =>
  diffSnapshots(normaliseSnapshot(first), normaliseSnapshot(second), FIELD_ORDER[kind]);

/** The snapshot as text, its fields in snapshot order and its addresses in ten-key form. */
export const snapshotText = (kind: RecordKind, snapshot: Snapshot): string =>
  JSON.stringify(orderSnapshot(normaliseSnapshot(snapshot), FIELD_ORDER[kind]));
