import { setFlagsFromString } from 'node:v8';

/** `HEAP_GROWTH_PERCENT`'s default. */
export const DEFAULT_HEAP_GROWTH_PERCENT = 50;

/**
 * How far V8 lets the JavaScript heap grow past what its last full collection left alive before it collects again.
 * Left to itself V8 allows up to four times that when collections are quick, and a sync's pages, alive across a few
 * round trips to the CRM and the database and so promoted out of the young generation, pile up as garbage: the
 * process reached 401 MB during a first sync of 100,000 accounts with about 70 MB alive (`npm run bench --
 * sync-memory`), 268-276 MB with 50% at the same speed, with no limit on the heap a larger task may need. V8 reads the
 * factor at every collection, so setting it at start applies to the process (flags set at run time are documented
 * as use-with-care: https://nodejs.org/api/v8.html#v8setflagsfromstringflags). 0 leaves V8 its own choice.
 */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
