import { ADDRESS_KEYS, normaliseAddress, snapshotFields } from '../crm/crm-fields';
import type { RecordKind } from '../db/record-kinds';
import { contentHash, scalarJson } from './content-hash';
import { diffSnapshots, type Snapshot } from './snapshot-diff';

/** A member's name as JSON writes it, with its colon. */
function memberName(field: string): string {
  return `${JSON.stringify(field)}:`;
}

/** The CRM's field order: a stored jsonb keeps keys in its own order, not the snapshot's. */
const FIELD_ORDER: Record<RecordKind, readonly string[]> = {
  account: snapshotFields('Account'),
  case: snapshotFields('Case'),
};
/** Each known field's JSON name and colon (`"Phone":`), by kind: how snapshotText writes it. */
const MEMBER_NAMES: Record<RecordKind, ReadonlyMap<string, string>> = {
  account: new Map(FIELD_ORDER.account.map((field) => [field, memberName(field)])),
  case: new Map(FIELD_ORDER.case.map((field) => [field, memberName(field)])),
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

/** A field's value as text; an address in its ten-key form (null when empty). */
function fieldText(field: string, value: unknown): string | undefined {
  if (isAddressField(field, value)) return JSON.stringify(normaliseAddress(value));
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return scalarJson(value);
  return undefined;
}

/**
 * The snapshot as text: the CRM's fields in its field order, then any other field in the snapshot's own order,
 * addresses in ten-key form. Written member by member, where copying the snapshot into an ordered object for
 * JSON.stringify took half as long again (a history page shows ten snapshots).
 */
export function snapshotText(kind: RecordKind, snapshot: Snapshot): string {
  let text = '';
  const member = (field: string, name: string) => {
    const value = fieldText(field, snapshot[field]);
    if (value !== undefined) text += (text === '' ? '{' : ',') + name + value;
  };
  const names = MEMBER_NAMES[kind];
  for (const [field, name] of names) if (Object.hasOwn(snapshot, field)) member(field, name);
  for (const field of Object.keys(snapshot)) if (!names.has(field)) member(field, memberName(field));
  return text === '' ? '{}' : `${text}}`;
}
