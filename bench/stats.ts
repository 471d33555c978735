import { availableParallelism, loadavg } from 'node:os';

/** Percentiles and a printable summary of latency samples in milliseconds. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number };

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

export function formatSummary(label: string, s: Summary): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  return `${label.padEnd(40)} n=${String(s.n).padStart(5)}  p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  max ${ms(s.max)}`;
}

/** Runs `fn` `warmup` times unmeasured, then `n` times, returning each run's duration in ms. */
export async function measure(
  n: number,
  fn: () => Promise<unknown>,
  warmup = Math.min(20, n),
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

/**
 * Runs each of `fns` in turn, `n` rounds after `warmup` unmeasured ones (the first of a round moving on each round),
 * returning each one's durations in ms. Timed side by side, a change of the machine's speed during the run weighs on
 * all of them alike, where timing one after the other credits it to whichever ran in the slow moment.
 */
export async function measureInTurn(
  n: number,
  fns: ReadonlyArray<() => Promise<unknown>>,
  warmup = Math.min(20, n),
): Promise<number[][]> {
  const samples = fns.map((): number[] => []);
  for (let round = 0; round < warmup + n; round++) {
    for (let k = 0; k < fns.length; k++) {
      const which = (round + k) % fns.length;
      const start = performance.now();
      await fns[which]!();
      if (round >= warmup) samples[which]!.push(performance.now() - start);
    }
  }
  return samples;
}

/** The machine's load as the figures were taken: others' work on it slows a browser's page loads. */
export function machineLoad(): string {
  const [one, five] = loadavg();
  return `machine load ${one!.toFixed(2)} (1 min), ${five!.toFixed(2)} (5 min) on ${availableParallelism()} cores`;
}
