/**
 * The first start of a new installation, as `npm start` runs it once the build is done: a new DATA_DIR in demo
 * mode. Prints the seconds from launching the process until the sign-in page and its script are served, until the
 * API answers, and until /readyz says the demo history and the first sync are in. The target: the sign-in page
 * within 10 s. The template database is prepared first (as the build step of `npm start` does) and not counted.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { preparePgliteTemplateIfStale } from '../server/db/pglite-template';
import { buildClientIfStale } from '../scripts/build-if-stale';
import { freePort } from '../tests/e2e/support/server-process';

const root = path.resolve(import.meta.dirname, '..');
buildClientIfStale();
await preparePgliteTemplateIfStale();

const entryScript = /src="(\/assets\/[^"]+\.js)"/.exec(
  readFileSync(path.join(root, 'dist/index.html'), 'utf8'),
)?.[1];
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
  {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'storico-first-start-')),
      SANDBOX_CRM_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);

async function secondsUntil(
  url: string,
  ok: (status: number) => boolean,
  headers: Record<string, string> = {},
) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (ok(response.status)) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

try {
  const signIn = await secondsUntil(`${base}/signIn`, (s) => s === 200, { accept: 'text/html' });
  const script = entryScript ? await secondsUntil(`${base}${entryScript}`, (s) => s === 200) : Number.NaN;
  const api = await secondsUntil(`${base}/api/v3/sf-user/`, (s) => s === 401);
  const ready = await secondsUntil(`${base}/readyz`, (s) => s === 200);
  const row = (label: string, s: number) => `${label.padEnd(46)} ${s.toFixed(1).padStart(6)} s`;
  console.log(row('sign-in page served (target <= 10 s)', signIn));
  console.log(row('its entry script served', script));
  console.log(row('API answering (database open and migrated)', api));
  console.log(row('ready: demo history imported, first sync done', ready));
  if (signIn > 10) process.exitCode = 1;
} finally {
  child.kill('SIGTERM');
}
