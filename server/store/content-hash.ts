import { hash } from 'node:crypto';

/** A key order met before: its keys sorted, each with its JSON name and colon (`"Phone":`). */
type Order = { keys: string[]; sorted: string[]; names: string[] };
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
 * An object's keys sorted, by the order they come in. An order met before is recognised by comparing its keys one
 * by one (a snapshot's keys from JSON.parse are the same strings each time, so each compare is a pointer's), cheaper
 * than making a text of them to look it up; its sorted keys and their JSON names are then made once.
 */
function orderOf(object: object): Order {
  const keys = Object.keys(object);
  let known = orders.get(keys.length);
  for (const order of known ?? []) if (sameKeys(order.keys, keys)) return order;
  const sorted = [...keys].sort();
  const order = { keys, sorted, names: sorted.map((key) => `${JSON.stringify(key)}:`) };
  if (kept >= MAX_ORDERS) {
    orders.clear();
    kept = 0;
    known = undefined;
  }
  if (!known) orders.set(keys.length, (known = []));
  known.unshift(order);
  kept++;
  if (known.length > ORDERS_PER_LENGTH) {
    known.pop();
    kept--;
  }
  return order;
}

/** What the top level of a text leaves out, and what it writes of a member whose value is an object instead. */
export type TopLevel = {
  omit?: ReadonlySet<string> | undefined;
  valueOf?: ((key: string, value: object) => unknown) | undefined;
};

/** A character JSON.stringify escapes in a string: quote, backslash, control character, surrogate (lone ones). */
// eslint-disable-next-line no-control-regex -- the control characters JSON escapes are what it looks for
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * JSON.stringify's text of a string, number or boolean, written here: most strings need no escape and are quoted as
 * they are, where a call of JSON.stringify for each costs more (every snapshot stored or shown passes here).
 */
export function scalarJson(input: string | number | boolean): string {
  switch (typeof input) {
    case 'string':
      return ESCAPED.test(input) ? JSON.stringify(input) : `"${input}"`;
    case 'number':
      return Number.isFinite(input) ? `${input}` : 'null';
    default:
      return input ? 'true' : 'false';
  }
}

/**
 * JSON.stringify's text of `input` with each object's keys in sorted order (`top` applied at the top); undefined
 * where JSON.stringify leaves the value out. Written member by member: copying each snapshot into an object with
 * its keys set in sorted order for JSON.stringify cost about twice as much (a bulk import hashes every snapshot).
 */
function write(input: unknown, top?: TopLevel): string | undefined {
  switch (typeof input) {
    case 'string':
    case 'number':
    case 'boolean':
      return scalarJson(input);
    case 'object':
      return input === null ? 'null' : writeObject(input, top);
    default:
      return JSON.stringify(input);
  }
}

function writeObject(input: object, top?: TopLevel): string | undefined {
  const value =
    typeof (input as { toJSON?: unknown }).toJSON === 'function'
      ? (input as { toJSON(): unknown }).toJSON()
      : input;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += `${i === 0 ? '' : ','}${write(value[i]) ?? 'null'}`;
    return `${text}]`;
  }
  const { sorted, names } = orderOf(value);
  const object = value as Record<string, unknown>;
  let text = '';
  for (let i = 0; i < sorted.length; i++) {
    const key = sorted[i]!;
    if (top?.omit?.has(key)) continue;
    let member = object[key];
    if (top?.valueOf && typeof member === 'object' && member !== null) member = top.valueOf(key, member);
    const written = write(member);
    if (written !== undefined) text += (text === '' ? '{' : ',') + names[i]! + written;
  }
  return text === '' ? '{}' : `${text}}`;
}

/** JSON with object keys sorted at every level (`top` applied at the top), so equal content always gives equal text. */
export function canonicalJson(value: unknown, top?: TopLevel): string {
  return write(value, top) ?? 'null';
}

/**
 * Fields every save changes whatever else changed. They are kept in the stored snapshot but left out of its
 * hash, so a save that changed nothing a user can see (or a system touch) does not make a new revision.
 */
const VOLATILE_FIELDS = new Set(['attributes', 'SystemModstamp', 'LastModifiedDate']);

/**
 * sha256 (hex) of the snapshot's canonical JSON, volatile fields left out and each field's value as `valueOf`
 * answers. The one-shot `hash` costs half of a `createHash` object's update and digest on a snapshot's text
 * (https://nodejs.org/api/crypto.html#cryptohashalgorithm-data-outputencoding).
 */
export function contentHash(
  snapshot: Record<string, unknown>,
  valueOf?: (field: string, value: object) => unknown,
): string {
  return hash('sha256', canonicalJson(snapshot, { omit: VOLATILE_FIELDS, valueOf }), 'hex');
}
