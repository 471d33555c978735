import { describe, expect, it } from 'vitest';
import { exceedsThresholds, findBursts, type WatchEvent } from '../../../server/watch/bursts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** `count` changes of distinct records `prefix-i`, one every `stepMs` from `start`. */
const changes = (prefix: string, count: number, start: number, stepMs: number): WatchEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    at: start + i * stepMs,
    recordId: `${prefix}-${i}`,
    deleted: false,
  }));
const moreThan = (n: number) => (records: number) => records > n;

describe('findBursts', () => {
  it('counts distinct records within one window: 3 changes of 2 records are 2', () => {
    const events: WatchEvent[] = [
      { at: 0, recordId: 'a', deleted: false },
      { at: MINUTE, recordId: 'a', deleted: false },
      { at: 2 * MINUTE, recordId: 'b', deleted: true },
    ];
    expect(findBursts(events, HOUR, moreThan(2))).toEqual([]);
    expect(findBursts(events, HOUR, moreThan(1))).toEqual([{ start: 0, end: 2 * MINUTE }]);
  });

  it('takes a window as [start, start + window): changes exactly one window apart are not in one', () => {
    const events = changes('r', 2, 0, HOUR);
    expect(findBursts(events, HOUR, moreThan(1))).toEqual([]);
    expect(findBursts(changes('r', 2, 0, HOUR - 1), HOUR, moreThan(1))).toEqual([
      { start: 0, end: HOUR - 1 },
    ]);
  });

  it('merges overlapping windows into one burst and keeps separate bursts apart', () => {
    const first = changes('a', 180, 0, MINUTE); // three hours, 60 records in every window
    const second = changes('b', 60, 5 * HOUR, 30_000); // two hours after the first ended
    const bursts = findBursts([...first, ...second], HOUR, moreThan(50));
    expect(bursts).toEqual([
      { start: 0, end: 179 * MINUTE },
      { start: 5 * HOUR, end: 5 * HOUR + 59 * 30_000 },
    ]);
  });
});

describe('exceedsThresholds', () => {
  const rule = exceedsThresholds({ minRecords: 50, share: 0.05, shareMin: 10 }, 400);
  it('fires above minRecords whatever the baseline', () => {
    expect(exceedsThresholds({ minRecords: 50, share: 0.05, shareMin: 10 }, 1_000_000)(51)).toBe(true);
    expect(exceedsThresholds({ minRecords: 50, share: 0.05, shareMin: 10 }, 1_000_000)(50)).toBe(false);
  });
  it('fires above the share of the baseline, with at least shareMin records', () => {
    expect([rule(20), rule(21)]).toEqual([false, true]);
    const small = exceedsThresholds({ minRecords: 50, share: 0.05, shareMin: 10 }, 20);
    expect([small(9), small(10)]).toEqual([false, true]);
  });
});
