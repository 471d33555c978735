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
