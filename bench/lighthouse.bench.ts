/**
 * Lighthouse performance of `/signIn` (goals in docs/scale.md: 1.00 on desktop, 0.95 on mobile, each the median of
 * `BENCH_RUNS` runs, default 3), on desktop and on its simulated mobile (a mid-range phone on slow 4G), against the
 * built app served by `npm start`'s entry point. Not part of CI: the scores depend on the machine, whose load it
 * prints. Chromium from CHROME_PATH (default /usr/bin/chromium); nothing is downloaded. Prints the score and the
 * paint timings of each run and the medians; docs/scale.md shows the last figures.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildClientIfStale } from '../scripts/build-if-stale';
import { startServer } from '../tests/e2e/support/server-process';
import { machineLoad } from './stats';

const TARGETS = { desktop: 1, mobile: 0.95 } as const;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

buildClientIfStale();
// Once ready: the demo history loading in the background would otherwise take the CPU the page load is timed on.
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
  ],
});

try {
  for (const form of ['desktop', 'mobile'] as const) {
    const scores: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const flags: Flags = { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error' };
      const result = await lighthouse(
        `${server.baseUrl}/signIn`,
        flags,
        form === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error('lighthouse gave no result');
      const { categories, audits, runtimeError } = result.lhr;
      if (runtimeError) console.log(`${form}: ${runtimeError.code} ${runtimeError.message}`);
      const score = categories.performance?.score ?? 0;
      scores.push(score);
      const ms = (id: string) => `${((audits[id]?.numericValue ?? Number.NaN) / 1000).toFixed(2)} s`;
      console.log(
        `${form.padEnd(8)} run ${run}: performance ${score.toFixed(2)}  FCP ${ms('first-contentful-paint')}` +
          `  LCP ${ms('largest-contentful-paint')}  TBT ${audits['total-blocking-time']?.displayValue ?? '?'}` +
          `  (${machineLoad()})`,
      );
    }
    const middle = median(scores);
    console.log(
      `${form.padEnd(8)} median of ${RUNS}: ${middle.toFixed(2)} (goal ${TARGETS[form].toFixed(2)})`,
    );
    if (middle < TARGETS[form]) process.exitCode = 1;
  }
} finally {
  chrome.kill();
  await server.stop();
}
