/**
 * Lighthouse performance of `/signIn` (targets in docs/scale.md: 0.98 on desktop, 0.90 on mobile), on desktop and on its
 * simulated mobile (a mid-range phone on slow 4G), against the built app served by `npm start`'s entry point.
 * Not part of CI: the scores depend on the machine. Chromium from CHROME_PATH (default /usr/bin/chromium); nothing
 * is downloaded. Prints the score and the paint timings of each run; docs/scale.md shows the last figures.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildClientIfStale } from '../scripts/build-if-stale';
import { startServer } from '../tests/e2e/support/server-process';

const TARGETS = { desktop: 0.98, mobile: 0.9 } as const;

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
    const ms = (id: string) => `${((audits[id]?.numericValue ?? Number.NaN) / 1000).toFixed(1)} s`;
    console.log(
      `${form.padEnd(8)} performance ${score.toFixed(2)} (target ${TARGETS[form]})  FCP ${ms('first-contentful-paint')}` +
        `  LCP ${ms('largest-contentful-paint')}  TBT ${audits['total-blocking-time']?.displayValue ?? '?'}`,
    );
    if (score < TARGETS[form]) process.exitCode = 1;
  }
} finally {
  chrome.kill();
  await server.stop();
}
