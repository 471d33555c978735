/**
 * Field-by-field comparison of two CRM snapshots: what the comparison screens list and what a restore request
 * records as its `differences`. Pure, so every caller gets the same answer.
 */
export type Snapshot = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Deep equality of JSON values: the key order of objects is irrelevant, the order of arrays is not. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (!(key in a) || !(key in b) || !sameJson(a[key], b[key])) return false;
    }
    return true;
  }
  return false;
}

/**
 * The fields of two snapshots in snapshot order: first the CRM's field order (`knownOrder`, which a stored jsonb
 * does not keep), then any other field of `first` in its own order, then fields only `second` has.
 */
export function snapshotFieldOrder(
  first: Snapshot,
  second: Snapshot,
  knownOrder: readonly string[] = [],
): string[] {
  const present = new Set([...Object.keys(first), ...Object.keys(second)]);
  const ordered = new Set(knownOrder.filter((field) => present.has(field)));
  for (const field of Object.keys(first)) ordered.add(field);
  for (const field of Object.keys(second)) ordered.add(field);
  return [...ordered];
}

/**
 * Fields that change with every save whatever else changed: never a difference of their own (LastModifiedDate is,
 * as it tells when and by whom a version was made).
 */
const NOT_COMPARED: ReadonlySet<string> = new Set(['SystemModstamp']);

/**
 * The top-level fields whose values differ, in snapshot order; `[]` when the versions are the same. Only fields
 * both snapshots hold are compared: a field one lacks was not kept when it was stored (a field added to the org, or
 * kept only since an upgrade, or one removed from the org since), which is no change of the record.
 */
export function diffSnapshots(
  first: Snapshot,
  second: Snapshot,
  knownOrder: readonly string[] = [],
): string[] {
  return snapshotFieldOrder(first, second, knownOrder).filter(
    (field) =>
      !NOT_COMPARED.has(field) &&
      Object.hasOwn(first, field) &&
      Object.hasOwn(second, field) &&
      !sameJson(first[field] ?? null, second[field] ?? null),
  );
}
