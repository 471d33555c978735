import { createHash } from 'node:crypto';

function collectKeys(value: unknown, keys: Set<string>): void {
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collectKeys(item, keys);
    return;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    keys.add(key);
    collectKeys(item, keys);
  }
}

/**
 * JSON with object keys sorted at every level, so equal content always gives equal text. JSON.stringify writes
 * each object's keys in the order of a key list, so one sorted list of every key at any depth does it natively,
 * several times faster than building the text by hand (a bulk import hashes every snapshot).
 */
export function canonicalJson(value: unknown): string {
  const keys = new Set<string>();
  collectKeys(value, keys);
  return JSON.stringify(value, [...keys].sort()) ?? 'null';
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
