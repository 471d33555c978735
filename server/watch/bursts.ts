/** One revision the watch counts: a record changed (or deleted) by the agent at `at` (ms). */
export type WatchEvent = { at: number; recordId: string; deleted: boolean };

/** A span of an agent's changes over the threshold: the first and last change of its windows (ms, inclusive). */
export type Burst = { start: number; end: number };

/**
 * The bursts in `events` (sorted by time): every window of `windowMs` starting at a change whose distinct records
 * `exceeds` the threshold, overlapping windows merged into one burst. Pure, so the rule is tested by itself.
 */
export function findBursts(
  events: readonly WatchEvent[],
  windowMs: number,
  exceeds: (records: number) => boolean,
): Burst[] {
  const bursts: Burst[] = [];
  const inWindow = new Map<string, number>();
  let next = 0;
  for (const first of events) {
    while (next < events.length && events[next]!.at < first.at + windowMs) {
      const id = events[next]!.recordId;
      inWindow.set(id, (inWindow.get(id) ?? 0) + 1);
      next++;
    }
    if (exceeds(inWindow.size)) {
      const end = events[next - 1]!.at;
      const last = bursts.at(-1);
      if (last && first.at <= last.end) last.end = Math.max(last.end, end);
      else bursts.push({ start: first.at, end });
    }
    const left = (inWindow.get(first.recordId) ?? 1) - 1;
    if (left === 0) inWindow.delete(first.recordId);
    else inWindow.set(first.recordId, left);
  }
  return bursts;
}

/** The rule of WatchThresholds: more than `minRecords`, or at least `shareMin` and more than `share` of `baseline`. */
export const exceedsThresholds =
  (t: { minRecords: number; share: number; shareMin: number }, baseline: number) =>
  (records: number): boolean =>
    records > t.minRecords || (records >= t.shareMin && records > t.share * baseline);
