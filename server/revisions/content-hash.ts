import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal content always gives equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * Fields every save changes whatever else changed. They are kept in the stored snapshot but left out of its
 * hash, so a save that changed nothing a user can see (or a system touch) does not make a new revision.
 */
const VOLATILE_FIELDS = new Set(['attributes', 'SystemModstamp', 'LastModifiedDate']);

/** sha256 (hex) of the snapshot's canonical JSON, volatile fields left out. */
export function contentHash(snapshot: Record<string, unknown>): string {
  const content = Object.fromEntries(Object.entries(snapshot).filter(([k]) => !VOLATILE_FIELDS.has(k)));
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}
