import type { Snapshot } from '@/domain/snapshot';

/** How a field's value is shown. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'date'
  | 'dateTime'
  | 'boolean'
  | 'number'
  | 'amount'
  | 'percent'
  | 'list'
  | 'address';

export type FieldDef = {
  /** The snapshot field, also the name the differences endpoint uses. */
  key: string;
  label: string;
  kind?: FieldKind;
  /** Fields read, in order, when the snapshot has no `key` (the same value under another CRM's name). */
  fallbackKeys?: readonly string[];
};

export type SectionDef = { id: string; title: string; fields: readonly FieldDef[] };

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
