import { createHash } from 'node:crypto';

/**
 * Every key seen at any depth, and the same sorted. JSON.stringify writes only the keys of its key list, in the
 * list's order, so any sorted superset of a value's keys gives the same text as the value's own sorted keys; one
 * list learnt across snapshots (which share their fields) saves collecting and sorting each snapshot's keys.
 */
const seen = new Set<string>();
let sorted: string[] = [];
/** A bound on what is learnt: past it (an import of odd keys), the list starts again from the next value. */
const MAX_KEYS = 5_000;

/** Adds the keys of `value` at any depth; true when one was new. */
function learnKeys(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  let added = false;
  if (Array.isArray(value)) {
    for (const item of value) added = learnKeys(item) || added;
    return added;
  }
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!seen.has(key)) {
      seen.add(key);
      added = true;
    }
    added = learnKeys(object[key]) || added;
  }
  return added;
}

/**
 * JSON with object keys sorted at every level, so equal content always gives equal text. JSON.stringify writes
 * each object's keys in the order of a key list, so a sorted list of every key at any depth does it natively,
 * several times faster than building the text by hand (a bulk import hashes every snapshot).
 */
export function canonicalJson(value: unknown): string {
  if (seen.size > MAX_KEYS) seen.clear();
  if (learnKeys(value)) sorted = [...seen].sort();
  return JSON.stringify(value, sorted) ?? 'null';
}

/**
 * Fields every save changes whatever else changed. They are kept in the stored snapshot but left out of its
 * hash, so a save that changed nothing a user can see (or a system touch) does not make a new revision.
 */
const VOLATILE_FIELDS = new Set(['attributes', 'SystemModstamp', 'LastModifiedDate']);

/** sha256 (hex) of the snapshot's canonical JSON, volatile fields left out. */
export function contentHash(snapshot: Record<string, unknown>): string {
  const content: Record<string, unknown> = {};
  for (const key of Object.keys(snapshot)) if (!VOLATILE_FIELDS.has(key)) content[key] = snapshot[key];
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}
