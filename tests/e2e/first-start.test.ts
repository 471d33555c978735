import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readinessSchema } from '../../contract/health';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server-process';

/**
 * The first start on a new data dir (demo mode): the server listens before it opens the database and loads the demo
 * history, so the sign-in page is there at once and says the data is still loading. (Its time is measured by
 * bench/first-start.bench.ts, not here.)
 */
describe('the first start of a new installation', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({}, undefined, '/healthz'), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    expect(await server?.stop()).toBe(0);
  });

  const readiness = async () => {
    const response = await fetch(`${server.baseUrl}/readyz`);
    return { status: response.status, body: readinessSchema.parse(await response.json()) };
  };

  it('serves the sign-in page while the demo data still loads, says so, and becomes ready', async () => {
    const early = await readiness();
    expect(early.status).toBe(503);
    expect(early.body.ready).toBe(false);

    const shell = await fetch(`${server.baseUrl}/signIn`, { headers: { accept: 'text/html' } });
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-type')).toMatch(/^text\/html/);

    const page = await browser.newPage({ baseURL: server.baseUrl });
    await page.goto('/signIn');
    await page.getByRole('heading', { name: /Accedi a Storico/ }).waitFor({ state: 'visible' });
    const notice = page.getByTestId('startup-notice');
    await expect
      .poll(() => notice.textContent(), { timeout: 30_000 })
      .toMatch(/^Caricamento dati dimostrativi…/);

    await expect.poll(async () => (await readiness()).status, { timeout: 240_000, interval: 1000 }).toBe(200);
    await notice.waitFor({ state: 'detached', timeout: 30_000 });
    await page.close();
  });
});
