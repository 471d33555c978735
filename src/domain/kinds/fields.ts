import { ADDRESS_PARTS, asRecord, textOf, type Snapshot } from '@/domain/snapshot';

/** How a field's value is shown. */
export type FieldKind = 'text' | 'longText' | 'date' | 'dateTime' | 'boolean' | 'number' | 'address';

export type FieldDef = {
  /** The snapshot field, also the name the differences endpoint uses. */
  key: string;
  label: string;
  kind?: FieldKind;
  /** Fields read, in order, when the snapshot has no `key` (the same value under another CRM's name). */
  fallbackKeys?: readonly string[];
};

export type SectionDef = { id: string; title: string; fields: readonly FieldDef[] };

function addressPartsDiffer(left: unknown, right: unknown): boolean {
  const a = asRecord(left) ?? {};
  const b = asRecord(right) ?? {};
  return ADDRESS_PARTS.some((part) => textOf(a[part]) !== textOf(b[part]));
}

/** The snapshot keys a field is read from: its own, then its fallbacks. */
export const keysOf = (field: FieldDef) => [field.key, ...(field.fallbackKeys ?? [])];

/** The snapshot field a definition reads: its key, else the first fallback the snapshot has. */
export function sourceKey(snapshot: Snapshot | null, field: FieldDef): string {
  if (!snapshot) return field.key;
  return keysOf(field).find((key) => key in snapshot) ?? field.key;
}

export function fieldValue(snapshot: Snapshot | null, field: FieldDef): unknown {
  return snapshot ? snapshot[sourceKey(snapshot, field)] : undefined;
}

/**
 * Whether the right column marks a field as changed. The differences endpoint names the top-level fields that
 * differ; an address is marked when any part shown differs (not its geolocation, which is never restored).
 */
export function isFieldChanged(
  field: FieldDef,
  differences: ReadonlySet<string>,
  left: Snapshot | null,
  right: Snapshot | null,
): boolean {
  const named = keysOf(field).some((key) => differences.has(key));
  if (!named || field.kind !== 'address' || !left || !right) return named;
  return addressPartsDiffer(fieldValue(left, field), fieldValue(right, field));
}
