import { createHash } from 'node:crypto';

/**
 * The canonical JSON written by hand: each object's own keys sorted, what JSON.stringify leaves out left out. Right
 * for any value and several times slower; used for values whose keys an object cannot hold in sorted order.
 */
function writtenByHand(input: unknown, omit?: ReadonlySet<string>): string | undefined {
  const value =
    input !== null &&
    typeof input === 'object' &&
    typeof (input as { toJSON?: unknown }).toJSON === 'function'
      ? (input as { toJSON(): unknown }).toJSON()
      : input;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => writtenByHand(item) ?? 'null').join(',')}]`;
  const object = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(object).sort()) {
    if (omit?.has(key)) continue;
    const text = writtenByHand(object[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * Keys an object enumerates in an order of its own whatever the order they were set in (array indexes come first,
 * ascending), and the one key setting cannot create (`__proto__`): a value with one is written by hand.
 */
const UNORDERED_KEY = /^(?:0|[1-9]\d*|__proto__)$/;

/** A key order met before and its keys sorted (null when unsortable). */
type Order = { keys: string[]; sorted: string[] | null };
/** The orders met, by their number of keys, newest first: snapshots of a kind share one or a few orders. */
const orders = new Map<number, Order[]>();
const ORDERS_PER_LENGTH = 8;
/** Orders kept in all: beyond this many, all are forgotten (an import of objects of every length). */
const MAX_ORDERS = 1_000;
let kept = 0;

const sameKeys = (a: string[], b: string[]) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * An object's keys sorted, by the order they come in; null when unsortable. An order met before is recognised by
 * comparing its keys one by one (a snapshot's keys from JSON.parse are the same strings each time, so each compare
 * is a pointer's), cheaper than making a text of them to look it up.
 */
function sortedKeys(object: object): string[] | null {
  const keys = Object.keys(object);
  let known = orders.get(keys.length);
  for (const order of known ?? []) if (sameKeys(order.keys, keys)) return order.sorted;
  const sorted = keys.some((key) => UNORDERED_KEY.test(key)) ? null : [...keys].sort();
  if (kept >= MAX_ORDERS) {
    orders.clear();
    kept = 0;
    known = undefined;
  }
  if (!known) orders.set(keys.length, (known = []));
  known.unshift({ keys, sorted });
  kept++;
  if (known.length > ORDERS_PER_LENGTH) {
    known.pop();
    kept--;
  }
  return sorted;
}

const UNSORTABLE = Symbol('unsortable');

/** A copy of `value` whose objects have their keys set in sorted order, `omit` left out at the top. */
function sortedCopy(value: unknown, omit?: ReadonlySet<string>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return UNSORTABLE;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = sortedCopy(value[i]);
      if (item === UNSORTABLE) return UNSORTABLE;
      out[i] = item;
    }
    return out;
  }
  const keys = sortedKeys(value);
  if (!keys) return UNSORTABLE;
  const object = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (omit?.has(key)) continue;
    const item = sortedCopy(object[key]);
    if (item === UNSORTABLE) return UNSORTABLE;
    out[key] = item;
  }
  return out;
}

/**
 * JSON with object keys sorted at every level (`omit` left out at the top), so equal content always gives equal
 * text. A copy with its keys set in sorted order is written by JSON.stringify's fast path (a bulk import hashes
 * every snapshot); a value with keys an object cannot hold in that order is written by hand, with the same text.
 */
export function canonicalJson(value: unknown, omit?: ReadonlySet<string>): string {
  const copy = sortedCopy(value, omit);
  return (copy === UNSORTABLE ? writtenByHand(value, omit) : JSON.stringify(copy)) ?? 'null';
}

/**
 * Fields every save changes whatever else changed. They are kept in the stored snapshot but left out of its
 * hash, so a save that changed nothing a user can see (or a system touch) does not make a new revision.
 */
const VOLATILE_FIELDS = new Set(['attributes', 'SystemModstamp', 'LastModifiedDate']);

/** sha256 (hex) of the snapshot's canonical JSON, volatile fields left out. */
export function contentHash(snapshot: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(snapshot, VOLATILE_FIELDS)).digest('hex');
}
